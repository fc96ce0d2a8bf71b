"""newuser29 #24: confirm dialogs disagreed on their default. Delete, redact, undo started
on Cancel ("Enter presses the focused button; Tab moves to Delete"): Tab, Enter applied.
The fold's preview started on its details, said nothing, and Tab moved to Cancel: the same
Tab, Enter cancelled the fold, with no notice at all. Now Tab goes to the dialog's own
button in every one, a line says so, and a cancel is said."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from memtui.tui.app import open_app
from memtui.tui.dialogs.choice import ChoiceScreen
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import dialog, pick
from tests.tui.test_app import started


async def test_tab_enter_applies_a_fold_as_it_applies_a_delete(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        index = app.query_one("#index-view", AuditTable)
        await pick(pilot, index, "L3", "L4")
        await pilot.press("f")
        await dialog(pilot, app, ChoiceScreen)
        await pilot.press("enter")
        screen = await dialog(pilot, app, ConfirmScreen)
        hints = [str(s.render()) for s in screen.query(".hint").results(Static)]
        assert hints == ["Focus: the details (↑ ↓ scroll) — Enter presses Fold; Tab moves "
                         "to the Fold button."], hints
        await pilot.press("escape")  # a cancel is said
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)
        await wait_for(pilot, lambda: app.notice.startswith("cancelled: Fold"))
        assert "nothing was changed" in app.notice
        await pilot.press("f")
        await dialog(pilot, app, ChoiceScreen)
        await pilot.press("enter")
        await dialog(pilot, app, ConfirmScreen)
        audits = app.audits
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        assert "· [Yield source](memory/yield-source.md)" in \
            (workspace / "MEMORY.md").read_text()
        assert ConfirmScreen("Delete a.md?", [], confirm="Delete", danger=True).hint() \
            == "Focus: the Cancel button — Enter cancels; Tab moves to Delete."
