"""newuser39 #2: a refused undo of an add-to-index says "X on each added line in the Index
view (1) removes it", and ``X`` there answered "select a broken link (view 4) to remove":
nothing went. ``X`` on an index line now removes its link and the entry with it, in a diff
to confirm, undoable; a packed line (several memories) says to unfold it first."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import dialog, messages
from tests.tui.test_app import started
from tests.tui.test_keys_dialogs import to_row


async def test_x_on_an_index_line_removes_its_entry_undoably(workspace: Path) -> None:
    before = (workspace / "MEMORY.md").read_bytes()
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "1", "#index-view", "L4")
        await pilot.press("X")
        screen = await dialog(pilot, app, ConfirmScreen)
        assert "memory/yield-source.md" in screen.diff
        audits = app.audits
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        index = (workspace / "MEMORY.md").read_text()
        assert "yield-source" not in index and "memory/user-role.md" in index
        await pilot.press("u")
        await dialog(pilot, app, ConfirmScreen)
        audits = app.audits
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        assert (workspace / "MEMORY.md").read_bytes() == before


async def test_x_on_a_packed_line_says_to_unfold_it(workspace: Path) -> None:
    before = (workspace / "MEMORY.md").read_bytes()
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "1", "#index-view", "L5")
        await pilot.press("X")
        await wait_for(pilot, lambda: any("F unfolds it" in m for m in messages(app)))
        assert len(app.screen_stack) == 1
        assert (workspace / "MEMORY.md").read_bytes() == before
