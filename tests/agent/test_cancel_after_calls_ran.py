"""newuser36 #34: one reply with several tool calls, the second waiting for approval: the
first had run (a file written, journaled) but got no card, and Esc on the question said
"nothing ran". Each call that ran shows its card, and the cancelled turn's line counts it."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Static

from memtui.core.workspace import Workspace
from memtui.edit.journal import Journal
from memtui.tui.app import MemtuiApp
from memtui.tui.chat.tool_card import ToolCard

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of
from .test_chat_approval import asked
from .test_chat_pane import send, wait_until

NOTE = "---\nname: p\ndescription: a note\nmetadata:\n  type: project\n---\nA fact.\n"


def three_calls() -> FakeModel:
    """Writes p-a, asks to delete MEMORY.md, writes p-b, all in one reply."""
    def script(body: dict[str, Any]) -> Reply:
        if step_of(body) > 0:
            return Reply(content="Done.")
        return Reply(tool_calls=[
            ("write_file", {"path": "memory/p-a.md", "content": NOTE}),
            ("delete_file", {"path": "MEMORY.md"}),
            ("write_file", {"path": "memory/p-b.md", "content": NOTE})])
    return FakeModel("three", script)


def lines(app: MemtuiApp, cls: str) -> list[str]:
    return [str(w.render()) for w in app.query(f".{cls}") if isinstance(w, Static)]


async def test_esc_on_the_second_call_keeps_the_first_calls_card(
        ws: Workspace, fake: FakeOllama, chat_app: Any) -> None:
    fake.add(three_calls())
    async with chat_app(ws, "three") as c:
        app, pilot, pane = c.app, c.pilot, c.pane
        await send(pilot, "do parallel things")
        card = await asked(pilot, app)
        assert (ws.root / "memory/p-a.md").exists()  # the first call ran
        await pilot.press("escape")
        await wait_until(pilot, lambda: pane.turns == 1)
        await pilot.pause(0.2)
        [record] = [r for r in Journal(ws).records()]
        cards = list(app.query(ToolCard))
        assert [(c.tool_name, c.journaled) for c in cards] == [("write_file", record["id"])]
        assert "created memory/p-a.md" in cards[0].effect
        said = str(card.query_one(".ask-keys", Static).render())
        assert "nothing ran" not in said and "did not run" in said, said
        [summary] = [s for s in lines(app, "turn-summary") if s.startswith("turn")]
        assert summary.startswith(f"turn 1: 1 write to memory (#{record['id']})"), summary
        assert "cancelled" in summary and "delete_file" in summary, summary
        assert (ws.root / "MEMORY.md").exists() and not (ws.root / "memory/p-b.md").exists()


async def test_esc_while_a_write_runs_keeps_its_card(ws: Workspace, fake: FakeOllama,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     chat_app: Any) -> None:
    """The same when Esc lands while a call runs (in its thread, which a cancel cannot
    stop): the write completes, so its card shows and the turn line counts it."""
    import threading
    import time

    from memtui.agent.tools import ToolBox

    running = threading.Event()
    real = ToolBox.run

    def slow(self: ToolBox, name: str, arguments: dict[str, Any]) -> Any:
        running.set()
        time.sleep(1.0)  # a slow disk: Esc comes meanwhile
        return real(self, name, arguments)
    monkeypatch.setattr(ToolBox, "run", slow)
    fake.add(three_calls())
    async with chat_app(ws, "three", ask_before=()) as c:
        app, pilot, pane = c.app, c.pilot, c.pane
        await send(pilot, "do parallel things")
        await wait_until(pilot, running.is_set)
        await pilot.press("escape")
        await wait_until(pilot, lambda: pane.turns == 1)
        await pilot.pause(0.2)
        assert (ws.root / "memory/p-a.md").exists()
        assert not (ws.root / "memory/p-b.md").exists()
        cards = list(app.query(ToolCard))
        assert [c.tool_name for c in cards] == ["write_file"], cards
        assert "created memory/p-a.md" in cards[0].effect
        [summary] = [s for s in lines(app, "turn-summary") if s.startswith("turn")]
        assert summary.startswith("turn 1: 1 write to memory (#1)"), summary
