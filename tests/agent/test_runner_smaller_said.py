"""newuser38 #11: the chat on a model whose runner Ollama loaded smaller (8,192) than the
window asked (32,768): after a turn, the next message was held back with "for a window of
8,192 (num_ctx) … Fix: raise --num-ctx to 32,768" — the window already asked, the 8,192
labelled num_ctx — while the status line above said "--num-ctx 8192 measures against it".
One account now: what was asked, what the runner holds, and the fix that helps (restart the
runner, a smaller index, a new chat); "raise --num-ctx" only ever names more than is asked.
The real app under Pilot, an Ollama emulator on 127.0.0.1 whose runner memory caps."""

from __future__ import annotations

from typing import Any

from memtui.agent.prompt import Budget
from memtui.agent.settings import AgentSettings
from memtui.core.audit import AuditOptions
from memtui.core.workspace import Workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane
from memtui.tui.chat.banner import Banner
from memtui.tui.chat.pane import held_back_line
from memtui.tui.chat.status_line import StatusLine

from .fake_ollama import FakeModel, FakeOllama, Reply
from .test_chat_pane import wait_until
from .test_runner_smaller import big_index

RUNNER, TRAINED = 4096, 16384


class SmallRunner(FakeOllama):
    """An Ollama whose runner holds RUNNER tokens whatever num_ctx asks (memory caps it)."""

    def window_for(self, model: FakeModel, body: dict[str, Any]) -> int:
        return min(super().window_for(model, body), RUNNER)


async def test_one_account_of_a_runner_smaller_than_asked(ws: Workspace) -> None:
    big_index(ws)
    fake = SmallRunner().start()
    try:
        fake.add(FakeModel("m", [Reply(content="ok")], context_length=TRAINED))
        app = MemtuiApp(ws, AuditOptions(), watch=False,
                        settings=AgentSettings(model="m", host=fake.url))
        async with app.run_test(size=(200, 50)) as pilot:
            await wait_until(pilot, lambda: app.audits >= 1)
            await pilot.press("c")
            await wait_until(pilot, lambda: bool(app.query(ChatPane)))
            pane = app.query_one(ChatPane)
            await wait_until(pilot, lambda: pane.session.facts is not None)
            for ch in "hello":
                await pilot.press(ch)
            await pilot.press("enter")
            await wait_until(pilot, lambda: not pane.busy and len(fake.chat_bodies) == 1)
            banner = app.query_one(Banner)
            await wait_until(pilot, lambda: banner.kind == "truncation")
            assert "ollama stop m" in banner.message, banner.message
            status = app.query_one(StatusLine)
            await wait_until(pilot, lambda: "not the 16,384 asked" in status.plain)
            assert f"--num-ctx {RUNNER}" not in status.plain, status.plain
            assert "ollama stop m" in status.plain, status.plain
            for ch in "again":
                await pilot.press(ch)
            await pilot.press("enter")
            await wait_until(pilot, lambda: banner.kind == "error")
            assert len(fake.chat_bodies) == 1, "sent past the runner's window"
            said = banner.message
            assert "the runner Ollama loaded holds 4,096 tokens, not the 16,384 asked" in said
            assert "raise --num-ctx" not in said, said  # 16,384 is asked already
            assert "(num_ctx)" not in said, said  # 4,096 is the runner's, not num_ctx
            assert "ollama stop m" in said and "shrink MEMORY.md" in said, said
    finally:
        fake.stop()


def test_raise_names_more_than_the_window_asked() -> None:
    """Past the window asked too, "raise" names a larger one, with the runner's restart."""
    over = Budget(system=700, tools=560, block=15000, history=3000, new=20, window=RUNNER)
    said = held_back_line(over, RUNNER, asked=TRAINED, model="m")
    assert "raise --num-ctx to 32,768, and free memory" in said, said
    assert "at the 32,768 asked then" in said, said
