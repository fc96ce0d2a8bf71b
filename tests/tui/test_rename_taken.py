"""Rename to a name already taken says so as it is typed and keeps the dialog (with what was
typed) open: it closed with "already exists; nothing was written", the name lost."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from memtui.tui.app import open_app
from memtui.tui.dialogs.choice import ChoiceScreen
from memtui.tui.dialogs.confirm import ConfirmScreen
from tests.tui.conftest import wait_for
from tests.tui.test_app import keys, started
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
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert not (workspace / "memory" / "user-job.md").exists()  # shown, not yet written
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
    assert (workspace / "memory" / "user-job.md").exists()


async def test_after_a_rename_the_audits_go_on(workspace: Path) -> None:
    """newuser22 #1: after ``R`` (scrap-log → scrap-log-2, the new path sorting before the
    old) the status line said "audit failed: 'memory/scrap-log.md'", the views kept the old
    name, and every later audit (``r``) failed the same way until the app was restarted."""
    body = " ".join(f"word{i} fact{i * 7} about the line yield" for i in range(40))
    (workspace / "memory" / "scrap-log.md").write_text(
        f"---\nname: scrap-log\ndescription: scraps\nmetadata:\n  type: project\n---\n{body}\n",
        encoding="utf-8")
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        view = await to_row(pilot, app, "2", "#files-view", "memory/scrap-log.md")
        await pilot.press("R")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        app.screen.query_one("#value", Input).value = "scrap-log-2"
        audits = app.audits
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        await wait_for(pilot, lambda: "memory/scrap-log-2.md" in keys(view))
        assert "memory/scrap-log.md" not in keys(view)
        assert app.notice.startswith("renamed memory/scrap-log.md to memory/scrap-log-2.md")
        audits = app.audits
        await pilot.press("r")
        await wait_for(pilot, lambda: app.audits > audits)
        assert "failed" not in app.notice
    assert (workspace / "memory" / "scrap-log-2.md").exists()
