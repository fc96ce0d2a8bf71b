"""Undoing the agent's last turn from the app (Pilot, the real app, the Ollama emulator):
each tool card names its journal record, ctrl+z in the chat puts the turn's files back
after a confirmation, and a file changed since blocks it with the reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandList, CommandPalette
from textual.widgets import Input, Static

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.edit.journal import Journal, record_name
from memtui.edit.turn_undo import undo_turn
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane
from memtui.tui.chat.tool_card import ToolCard
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.dialogs.help import key_rows

from .conftest import INDEX
from .fake_ollama import FakeModel, FakeOllama, Reply
from .test_agent_undo import reorganiser, run_turn, snapshot, wrecker
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
    # The deletes run unasked (the operator\'s approval: test_chat_approval.py).
    settings = AgentSettings(model="reorg", host=fake.url, ask_before=())
    app = MemtuiApp(ws, settings=settings, watch=False)
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
    # The deletes run unasked (the operator\'s approval: test_chat_approval.py).
    settings = AgentSettings(model="wrecker", host=fake.url, ask_before=())
    app = MemtuiApp(ws, settings=settings, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_chat(app, pilot)
        await pilot.press(*"tidy up", "enter")
        await wait_until(pilot, turns(pane, 1))
        (ws.root / "MEMORY.md").write_text("# Rewritten by hand\n")
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: app.notice.startswith("cannot undo"))
        assert app.notice == ("cannot undo #2 (agent delete_file): MEMORY.md was created "
                              "again since; to undo turn 1, remove MEMORY.md, which the agent "
                              "deleted (the change since was not made by a journaled "
                              "operation), then undo again")
        assert not isinstance(app.screen, ConfirmScreen)
        assert (ws.root / "MEMORY.md").read_text() == "# Rewritten by hand\n"
        assert not any(r["undone"] for r in Journal(ws).records())


async def test_u_in_the_views_takes_an_agent_write_and_says_why_it_cannot(
        ws: Workspace, fake: FakeOllama) -> None:
    fake.add(FakeModel("over", [
        Reply(tool_calls=[("write_file", {"path": "MEMORY.md", "content": "# Memory\n"})]),
        Reply(content="Done.")]))
    # The deletes run unasked (the operator\'s approval: test_chat_approval.py).
    settings = AgentSettings(model="over", host=fake.url, ask_before=())
    app = MemtuiApp(ws, settings=settings, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_chat(app, pilot)
        await pilot.press(*"trim the index", "enter")
        await wait_until(pilot, turns(pane, 1))
        (ws.root / "MEMORY.md").write_text("# Memory\n- edited by hand\n")
        await pilot.press("ctrl+z")
        blocked = "cannot undo #1 (agent write_file): MEMORY.md changed since"
        await wait_until(pilot, lambda: app.notice == blocked + "; to undo turn 1, put "
                         "MEMORY.md back as the agent left it (the change since was not made "
                         "by a journaled operation), then undo again")
        await pilot.press("escape")  # back to the view
        await wait_until(pilot, lambda: pane not in (app.focused.ancestors_with_self
                                                     if app.focused else []))
        app.set_notice("", False)
        await pilot.press("u")  # (the views' u also names the way out: newuser31 #18)
        await wait_until(pilot, lambda: app.notice.startswith(blocked + "; to undo #1, put"))
        (ws.root / "MEMORY.md").write_text("# Memory\n")  # as the agent left it
        await pilot.press("u")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.click("#confirm")
        await wait_until(pilot, lambda: (ws.root / "MEMORY.md").read_text() == INDEX)
        assert app.notice.startswith("undid #1 agent write_file")


async def test_cards_from_the_history_say_what_the_journal_says_now(
        ws: Workspace, fake: FakeOllama) -> None:
    """A reloaded card's undo hint follows the record's state today: undone since (by the
    CLI here), the card says undone and offers no ctrl+z; a record gone, it says so."""
    fake.add(reorganiser())
    await run_turn(ws, fake, "reorg")  # turn 1: records #1-#4, kept in the chat history
    undo_turn(ws)  # memtui undo --turn, outside the app
    fake.add(FakeModel("over", [
        Reply(tool_calls=[("write_file", {"path": "memory/later.md", "content": "x\n"})]),
        Reply(content="Done.")]))
    await run_turn(ws, fake, "over", "one more")  # turn 2: #5, still undoable
    (ws.root / ".memtui" / "journal" / record_name(1)).unlink()  # pruned, say
    # The deletes run unasked (the operator\'s approval: test_chat_approval.py).
    settings = AgentSettings(model="over", host=fake.url, ask_before=())
    app = MemtuiApp(ws, settings=settings, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_chat(app, pilot)
        await wait_until(pilot, lambda: len(app.query(ToolCard)) == 5)
        cards = {c.journaled: str(c.render()) for c in app.query(ToolCard)}
        undone = [c.has_class("-undone") for c in app.query(ToolCard)]
    assert undone == [False, True, True, True, False]
    assert cards[1].endswith("journaled as #1 (no longer in the journal)")
    for n in (2, 3, 4):
        assert cards[n].endswith(f"journaled as #{n}\n↶ undone")
    assert cards[5].endswith("journaled as #5 · ctrl+z undoes this turn's writes")


async def test_the_palette_and_the_help_undo_the_agents_turn_from_the_views(
        ws: Workspace, fake: FakeOllama) -> None:
    """Undo the agent's last turn without the chat: the command palette names it (with its
    key), the help lists it, and ctrl+z in a view runs it (curate.run_undo_turn)."""
    fake.add(reorganiser())
    before = snapshot(ws.root)
    await run_turn(ws, fake, "reorg")
    app = MemtuiApp(ws, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        titles = [str(c.title) for c in app.get_system_commands(app.screen)]
        assert "Undo the agent's last turn  (^z)" in titles  # Textual's ctrl+z
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        rows = dict(key_rows(app, app.screen.binding_classes))  # type: ignore[attr-defined]
        assert rows["^z"].startswith("undo every write of the chat agent's last turn")
        await pilot.press("escape")
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"Undo the agent")
        hits = app.screen.query_one(CommandList)
        await wait_until(pilot, lambda: hits.option_count > 0)
        if hits.highlighted is None:
            await pilot.press("down")
        hit = hits.get_option_at_index(hits.highlighted or 0)
        assert "Undo the agent's last turn" in str(hit.prompt)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.screen.lines[0] == "4 agent writes of turn 1, undone together:"  # type: ignore[attr-defined]
        await pilot.click("#confirm")
        await wait_until(pilot, lambda: snapshot(ws.root) == before)
        await wait_until(pilot, lambda: app.notice.startswith("undid turn 1"))
        await pilot.press("ctrl+z")  # the key, from the view: nothing left to undo
        await wait_until(pilot, lambda: app.notice.startswith("nothing"))
    assert all(r["undone"] for r in Journal(ws).records())


async def test_an_undo_from_a_shell_marks_the_open_chat_s_cards(ws: Workspace,
                                                                fake: FakeOllama) -> None:
    """newuser28 #12: `memtui undo --turn` from another shell while the app shows the turn:
    the cards kept offering "ctrl+z undoes this turn's writes" (and ctrl+z then found
    nothing to undo). The app sees the files change: the cards must follow the journal."""
    fake.add(reorganiser())
    settings = AgentSettings(model="reorg", host=fake.url, ask_before=())
    app = MemtuiApp(ws, settings=settings, watch=True)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_chat(app, pilot)
        await pilot.press(*"tidy up", "enter")
        await wait_until(pilot, turns(pane, 1))
        cards = list(app.query(ToolCard))
        assert [c.state for c in cards] == ["kept"] * 4
        undo_turn(ws)  # memtui undo --turn, from a shell
        await wait_until(pilot, lambda: all(c.state == "undone" for c in cards), 20)
        assert str(cards[0].render()).endswith("journaled as #1\n↶ undone")
