"""Undoing the agent's last turn from the app (Pilot, the real app, the Ollama emulator):
each tool card names its journal record, ctrl+z in the chat puts the turn's files back
after a confirmation, and a file changed since blocks it with the reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Static

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.edit.journal import Journal
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane
from memtui.tui.chat.tool_card import ToolCard
from memtui.tui.dialogs.confirm import ConfirmScreen

from .conftest import INDEX
from .fake_ollama import FakeModel, FakeOllama, Reply
from .test_agent_undo import reorganiser, snapshot, wrecker
from .test_chat_pane import turns, wait_until


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))


async def open_chat(app: MemtuiApp, pilot: object) -> ChatPane:
    await wait_until(pilot, lambda: app.audits >= 1)  # type: ignore[arg-type]
    await pilot.press("c")  # type: ignore[attr-defined]
    await wait_until(pilot, lambda: bool(app.query(ChatPane)))  # type: ignore[arg-type]
    pane = app.query_one(ChatPane)
    await wait_until(pilot, lambda: pane.session.facts is not None)  # type: ignore[arg-type]
    return pane


async def test_ctrl_z_in_the_chat_undoes_the_agents_turn(ws: Workspace,
                                                         fake: FakeOllama) -> None:
    fake.add(reorganiser())
    before = snapshot(ws.root)
    app = MemtuiApp(ws, settings=AgentSettings(model="reorg", host=fake.url), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_chat(app, pilot)
        box = app.query_one("#chat-input", Input)
        await pilot.press(*"tidy up", "enter")
        await wait_until(pilot, turns(pane, 1))
        assert not (ws.root / "memory" / "notes.md").exists()
        cards = list(app.query(ToolCard))
        assert [c.journaled for c in cards] == [1, 2, 3, 4]
        assert "journaled as #1 · ctrl+z undoes this turn's writes" in str(
            cards[0].render())
        assert app.focused is box
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        screen = app.screen
        assert isinstance(screen, ConfirmScreen)
        assert screen.lines[0] == "4 agent writes of turn 1, undone together:"
        assert screen.lines[2:] == ["  restore MEMORY.md", "  restore memory/notes.md",
                                    "  delete memory/user-role.md"]
        await pilot.click("#confirm")
        await wait_until(pilot, lambda: snapshot(ws.root) == before)
        assert all(r["undone"] for r in Journal(ws).records())
        await wait_until(pilot, lambda: app.notice.startswith("undid turn 1 (#1–#4, 4 agent "
                                                              "writes)"))
        await wait_until(pilot, lambda: bool(app.query(".undo-note")))
        assert all(c.has_class("-undone") and str(c.render()).endswith("\n↶ undone")
                   for c in app.query(ToolCard))
        note = app.query_one(".undo-note", Static)
        assert str(note.render()) == ("↶ undid turn 1 (#1–#4, 4 agent writes): restored "
                                      "MEMORY.md, memory/notes.md; removed memory/user-role.md")


async def test_a_blocked_turn_undo_says_why(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(wrecker())
    app = MemtuiApp(ws, settings=AgentSettings(model="wrecker", host=fake.url), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_chat(app, pilot)
        await pilot.press(*"tidy up", "enter")
        await wait_until(pilot, turns(pane, 1))
        (ws.root / "MEMORY.md").write_text("# Rewritten by hand\n")
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: app.notice.startswith("cannot undo"))
        assert app.notice == ("cannot undo #2 (agent delete_file): MEMORY.md was created "
                              "again since")
        assert not isinstance(app.screen, ConfirmScreen)
        assert (ws.root / "MEMORY.md").read_text() == "# Rewritten by hand\n"
        assert not any(r["undone"] for r in Journal(ws).records())


async def test_u_in_the_views_takes_an_agent_write_and_says_why_it_cannot(
        ws: Workspace, fake: FakeOllama) -> None:
    fake.add(FakeModel("over", [
        Reply(tool_calls=[("write_file", {"path": "MEMORY.md", "content": "# Memory\n"})]),
        Reply(content="Done.")]))
    app = MemtuiApp(ws, settings=AgentSettings(model="over", host=fake.url), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_chat(app, pilot)
        await pilot.press(*"trim the index", "enter")
        await wait_until(pilot, turns(pane, 1))
        (ws.root / "MEMORY.md").write_text("# Memory\n- edited by hand\n")
        await pilot.press("ctrl+z")
        blocked = "cannot undo #1 (agent write_file): MEMORY.md changed since"
        await wait_until(pilot, lambda: app.notice == blocked)
        await pilot.press("escape")  # back to the view
        await wait_until(pilot, lambda: pane not in (app.focused.ancestors_with_self
                                                     if app.focused else []))
        app.set_notice("", False)
        await pilot.press("u")
        await wait_until(pilot, lambda: app.notice == blocked)
        (ws.root / "MEMORY.md").write_text("# Memory\n")  # as the agent left it
        await pilot.press("u")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.click("#confirm")
        await wait_until(pilot, lambda: (ws.root / "MEMORY.md").read_text() == INDEX)
        assert app.notice.startswith("undid #1 agent write_file")
