"""The undo dialog says what the undo will do to each file, not what the operation did
(newuser21 #5: "Undo #3 delete? … delete memory/night-cover.md" read as if the undo deleted
the file it brings back)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from memtui.core.workspace import open_workspace
from memtui.edit import memory_ops
from memtui.edit.apply import apply
from memtui.edit.snapshot import Snapshot
from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from tests.tui.conftest import wait_for
from tests.tui.test_app import started


def _do(root: Path, op: Any, *args: Any) -> None:
    ws = open_workspace(root)
    apply(ws, op(Snapshot.read(ws), *args))


async def _dialog_lines(app: Any, pilot: Any) -> list[str]:
    await pilot.press("u")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
    lines = [ln.strip() for ln in app.screen.lines if ln.strip()]
    await pilot.press("escape")
    return lines


async def test_undo_dialog_names_what_the_undo_does(workspace: Path) -> None:
    _do(workspace, memory_ops.new, "night-shift", "project", "who covers nights", True)
    _do(workspace, memory_ops.rename, "night-shift", "night-cover")
    _do(workspace, memory_ops.delete, ["night-cover"])
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        lines = await _dialog_lines(app, pilot)
        # undoing the delete brings the file back and restores the index
        assert "restore memory/night-cover.md" in lines, lines
        assert "restore MEMORY.md" in lines, lines
        assert not any(ln.startswith(("delete ", "modify ", "create ")) for ln in lines), lines
    assert not (workspace / "memory" / "night-cover.md").exists()  # Escape: nothing undone


async def test_undo_of_a_creation_says_delete(workspace: Path) -> None:
    _do(workspace, memory_ops.new, "night-shift", "project", "who covers nights", True)
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        lines = await _dialog_lines(app, pilot)
        assert "delete memory/night-shift.md" in lines, lines
        assert "restore MEMORY.md" in lines, lines
        assert not any(ln.startswith("create ") for ln in lines), lines


async def test_the_delete_dialog_says_what_changes_in_the_index(workspace: Path) -> None:
    """newuser21 #15: "delete memory/a.md / edit MEMORY.md" named the index without saying
    what changes in it."""
    from tests.tui.test_app import switch
    from tests.tui.test_keys_dialogs import to_row

    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        await to_row(pilot, app, "2", "#files-view", "memory/user-role.md")
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        lines = [ln for ln in app.screen.lines if ln.strip()]
        assert lines[:2] == ["delete memory/user-role.md", "remove its link from MEMORY.md"]
        assert not any(ln.startswith("edit ") for ln in lines), lines
        await pilot.press("escape")
    assert (workspace / "memory" / "user-role.md").exists()
