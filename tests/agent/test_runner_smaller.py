"""newuser35 #12: Ollama reported (``/api/ps``) a runner of 8,192 tokens for a window asked
of 40,960 and cut every prompt past 8,192 at 8,192/2 + 2 tokens; the cut check measured
against the window asked only, so no banner came, and the next message was sent too. The
cut check, the budget and the hold-back now use the runner's window when it is smaller."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from memtui.agent.session import ChatSession, ReplyDone
from memtui.agent.settings import AgentSettings
from memtui.core.audit import AuditOptions
from memtui.core.workspace import Workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane
from memtui.tui.chat.banner import Banner
from memtui.tui.chat.budget_bar import BudgetBar
from memtui.tui.chat.status_line import StatusLine

from .fake_ollama import FakeModel, FakeOllama, Reply
from .test_chat_pane import wait_until

RUNNER = 2048


class SmallRunner(FakeOllama):
    """An Ollama whose runner holds RUNNER tokens whatever num_ctx asks (memory caps it)."""

    def window_for(self, model: FakeModel, body: dict[str, Any]) -> int:
        return min(super().window_for(model, body), RUNNER)


def big_index(ws: Workspace) -> None:
    (ws.root / "MEMORY.md").write_text(
        "# Memory\n" + "".join(f"- [Fact {i}](memory/f{i}.md) — a hook about thing {i} "
                               "and its many details\n" for i in range(400)))


async def test_session_flags_the_cut_at_the_runner(ws: Workspace) -> None:
    big_index(ws)
    fake = SmallRunner().start()
    try:
        fake.add(FakeModel("m", [Reply(content="ok")], context_length=40960))
        s = ChatSession(ws, AgentSettings(model="m", host=fake.url),
                        today=dt.date(2026, 11, 30))
        evs = [e async for e in s.send("hello")]
        assert fake.chat_bodies[0]["options"] == {"num_ctx": 40960}
        done = next(e for e in evs if isinstance(e, ReplyDone))
        assert done.stats.prompt_eval_count == RUNNER // 2 + 2
        assert done.truncation is not None, "the cut at the runner's window went unflagged"
        assert "near half the window + 2" in done.truncation.reasons
        assert done.truncation.fix.startswith(
            f"the runner Ollama loaded holds {RUNNER:,} tokens, not the 40,960 asked")
        budget = await s.budget("again")
        assert budget.window == RUNNER  # the next request is measured against the runner
        await s.aclose()
    finally:
        fake.stop()


async def test_pane_banner_and_hold_back_at_the_runner(ws: Workspace) -> None:
    big_index(ws)
    fake = SmallRunner().start()
    try:
        fake.add(FakeModel("m", [Reply(content="ok")], context_length=40960))
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
            assert "Ollama read 1,026 tokens" in banner.message
            bar = app.query_one(BudgetBar)
            await wait_until(pilot, lambda: bar.budget is not None
                             and bar.budget.window == RUNNER)
            for ch in "again":
                await pilot.press(ch)
            await pilot.press("enter")
            await pilot.pause(0.3)
            assert len(fake.chat_bodies) == 1, "sent past the runner's window"
            assert banner.kind == "error"
            # the runner's window, named as the runner's (newuser38 #11: "(num_ctx)")
            assert f"the runner Ollama loaded holds {RUNNER:,} tokens" in banner.message
    finally:
        fake.stop()


async def test_another_clients_runner_is_not_the_window(ws: Workspace) -> None:
    """newuser37 #3: an agent without num_ctx left a runner of 4,096 loaded; the operator
    then ran the chat with --num-ctx 16384 as the Prompt-cut banner advised, and the pane
    measured against the 4,096 runner, held the message back and said "raise --num-ctx to
    16,384". Ollama loads the model again at the window a request asks: a runner read
    before this chat's first request is another's. The budget is the window asked, the
    message goes, and the status line says whose runner it was."""
    big_index(ws)
    fake = FakeOllama().start()
    try:
        fake.add(FakeModel("m", [Reply(content="ok")], context_length=None))
        fake.loaded["m"] = 2048  # an earlier client's runner
        s = ChatSession(ws, AgentSettings(model="m", host=fake.url, num_ctx=16384),
                        today=dt.date(2026, 11, 30))
        await s.prepare()
        assert await s.loaded_window() == 2048 and not s.runner_ours
        budget = await s.budget("hello")
        assert budget.window == 16384, "measured against another client's runner"
        evs = [e async for e in s.send("hello")]
        assert fake.chat_bodies[0]["options"] == {"num_ctx": 16384}
        done = next(e for e in evs if isinstance(e, ReplyDone))
        assert done.truncation is None
        await s.loaded_window()  # now the runner that served this chat's request
        assert s.runner_ours and s.runner == 16384
        await s.aclose()
    finally:
        fake.stop()


async def test_the_pane_says_whose_runner_and_sends(ws: Workspace, fake: FakeOllama,
                                                    chat_app: Callable[..., Any]) -> None:
    """newuser37 #3 in the app: the status line says the runner read is an earlier
    request's, not "raise --num-ctx", and the message goes."""
    big_index(ws)
    fake.add(FakeModel("m", [Reply(content="ok")], context_length=None))
    fake.loaded["m"] = 2048  # an earlier client's runner
    async with chat_app(ws, "m", num_ctx=16384) as c:
        status = c.pane.query_one(StatusLine)
        await wait_until(c.pilot, lambda: "earlier request's" in status.plain)
        assert "not the 16,384 asked" not in status.plain
        await c.turn("hello")
        assert len(fake.chat_bodies) == 1
        assert c.app.query_one(Banner).kind != "error"
