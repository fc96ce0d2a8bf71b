"""newuser36 #33: ``memtui undo --turn`` run while the app's agent turn was still going
undid the writes made so far, said "undid turn 1", and the turn went on under that number;
its line then named the removed files as new orphans. The undo is refused while a turn
runs (the turn holds .memtui/chat/turn.lock), and the turn line is built from the disk."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane
from tests.edit.conftest import cli

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of
from .test_chat_approval import asked
from .test_chat_pane import send, wait_until

NOTE = "---\nname: a\ndescription: a note\nmetadata:\n  type: project\n---\nA fact.\n"


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))


def write_then_delete() -> FakeModel:
    """Step 1 writes memory/a.md; step 2 asks to delete memory/notes.md; then words."""
    def script(body: dict[str, Any]) -> Reply:
        step = step_of(body)
        if step == 0:
            return Reply(tool_calls=[("write_file", {"path": "memory/a.md",
                                                     "content": NOTE})])
        if step == 1:
            return Reply(tool_calls=[("delete_file", {"path": "memory/notes.md"})])
        return Reply(content="Done.")
    return FakeModel("wd", script)


async def start(app: MemtuiApp, pilot: Any) -> ChatPane:
    await wait_until(pilot, lambda: app.audits >= 1, 60)
    await pilot.press("c")
    await wait_until(pilot, lambda: bool(app.query(ChatPane)))
    pane = app.query_one(ChatPane)
    await wait_until(pilot, lambda: pane.session.facts is not None)
    return pane


def turn_line(app: MemtuiApp) -> str:
    [line] = [str(w.render()) for w in app.query(".turn-summary")
              if isinstance(w, Static) and str(w.render()).startswith("turn")]
    return line


async def test_undo_turn_is_refused_while_the_turn_runs(ws: Workspace,
                                                        fake: FakeOllama) -> None:
    fake.add(write_then_delete())
    app = MemtuiApp(ws, settings=AgentSettings(model="wd", host=fake.url), watch=False)
    async with app.run_test(size=(120, 50)) as pilot:
        pane = await start(app, pilot)
        await send(pilot, "note a fact, then tidy")
        await asked(pilot, app)  # the turn waits, its first write done
        assert (ws.root / "memory/a.md").exists()
        proc = await asyncio.to_thread(cli, "undo", ws.root, "--turn")
        assert proc.returncode != 0, proc.stdout
        assert "still running" in proc.stderr and "nothing was undone" in proc.stderr
        assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
        assert (ws.root / "memory/a.md").exists()
        await pilot.press("n")
        await wait_until(pilot, lambda: pane.turns == 1)
        await pilot.pause(0.2)
        assert "1 new orphan (memory/a.md" in turn_line(app)
    done = await asyncio.to_thread(cli, "undo", ws.root, "--turn")  # the turn is over
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("undid turn 1 (#1, 1 agent write): removed memory/a.md")
    assert not (ws.root / "memory/a.md").exists()


async def test_the_turn_line_names_only_orphans_still_on_disk(ws: Workspace,
                                                              fake: FakeOllama) -> None:
    fake.add(write_then_delete())
    app = MemtuiApp(ws, settings=AgentSettings(model="wd", host=fake.url), watch=False)
    async with app.run_test(size=(120, 50)) as pilot:
        pane = await start(app, pilot)
        await send(pilot, "note a fact, then tidy")
        await asked(pilot, app)
        (ws.root / "memory/a.md").unlink()  # gone before the turn ends
        await pilot.press("n")
        await wait_until(pilot, lambda: pane.turns == 1)
        await pilot.pause(0.2)
        line = turn_line(app)
        assert line.startswith("turn 1: 1 write to memory (#1)"), line
        assert "orphan" not in line, line
