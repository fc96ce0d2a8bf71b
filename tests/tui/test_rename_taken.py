"""Rename to a name already taken says so as it is typed and keeps the dialog (with what was
typed) open: it closed with "already exists; nothing was written", the name lost."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from memtui.tui.app import open_app
from memtui.tui.dialogs.choice import ChoiceScreen
from tests.tui.conftest import wait_for
from tests.tui.test_app import started
from tests.tui.test_keys_dialogs import to_row


async def test_a_taken_name_is_said_and_the_dialog_stays(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "2", "#files-view", "memory/user-role.md")
        await pilot.press("R")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        screen = app.screen
        field = screen.query_one("#value", Input)
        field.value = "yield-source"
        problem = screen.query_one("#problem", Static)
        await wait_for(pilot, lambda: "already" in str(problem.render()))
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert app.screen is screen and field.value == "yield-source"  # kept, still open
        assert (workspace / "memory" / "user-role.md").exists()
        field.value = "user-job"
        await wait_for(pilot, lambda: str(problem.render()).strip() == "")
        audits = app.audits
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
    assert (workspace / "memory" / "user-job.md").exists()
