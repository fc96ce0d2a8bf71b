"""newuser41 #3: ctrl+z (undo the agent's last turn) did nothing in the Block view: its
read-only text area took the key for its own undo, which had nothing to undo. The key now
asks to undo the agent's turn there as in every other view."""

from __future__ import annotations

from pathlib import Path

from memtui.agent.tools import ToolBox
from memtui.core.workspace import open_workspace
from memtui.edit.changeset import Turn
from memtui.tui.app import open_app
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


async def test_ctrl_z_in_the_block_view_asks_to_undo_the_turn(workspace: Path) -> None:
    box = ToolBox(open_workspace(workspace))
    box.turn = Turn("t-1", 1)
    assert box.call("write_file", {"path": "memory/agent-note.md",
                                   "content": "a note the agent wrote\n"}).ok
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "7")
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen")
        assert app.screen.heading.startswith("Undo turn 1")
