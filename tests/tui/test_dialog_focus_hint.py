"""newuser32 #31: at 80×24 the fold dialog read "Enter presses Fold; Tab moves to Fold."
(and a delete "Enter presses the focused button; Tab moves to Delete."): neither said
where the focus was. The line names the focused control, and follows the focus."""

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


def hint(screen: ConfirmScreen) -> str:
    return " ".join(str(s.render()) for s in screen.query(".hint").results(Static))


async def test_the_hint_names_the_focus_and_follows_it_at_80x24(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        index = app.query_one("#index-view", AuditTable)
        await pick(pilot, index, "L3", "L4")
        await pilot.press("f")
        await dialog(pilot, app, ChoiceScreen)
        await pilot.press("enter")
        screen = await dialog(pilot, app, ConfirmScreen)
        assert hint(screen) == ("Focus: the details (↑ ↓ scroll) — Enter presses Fold; Tab "
                                "moves to the Fold button.")
        await pilot.press("tab")
        await wait_for(pilot, lambda: hint(screen).startswith("Focus: the Fold button"))
        assert hint(screen) == "Focus: the Fold button — Enter presses Fold; Esc cancels."
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)
