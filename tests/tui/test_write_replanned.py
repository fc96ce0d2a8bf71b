"""newuser39 #7: with an agent writing MEMORY.md every few seconds, a curation whose diff
the operator read for longer than that was refused every time ("MEMORY.md changed on disk
since memtui read it; nothing was written (reload and try again)"). The app now plans it
again on the files as they are and shows that diff to confirm; the outside edit is kept."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import dialog
from tests.tui.test_app import started
from tests.tui.test_keys_dialogs import to_row

OUTSIDE = "- [Z](memory/z.md) — the agent's new line\n"


async def test_a_delete_raced_by_an_outside_edit_is_planned_again_and_shown(
        workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "2", "#files-view", "memory/user-role.md")
        await pilot.press("d")
        first = await dialog(pilot, app, ConfirmScreen)
        with (workspace / "MEMORY.md").open("a", encoding="utf-8") as f:
            f.write(OUTSIDE)  # the agent writes while the diff is read
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen)
                       and app.screen is not first)
        again = app.screen
        assert isinstance(again, ConfirmScreen)
        assert again.lines[0].startswith("MEMORY.md changed on disk while the dialog was "
                                         "open (nothing was written)"), again.lines
        assert (workspace / "memory" / "user-role.md").exists()
        audits = app.audits
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
    index = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    assert not (workspace / "memory" / "user-role.md").exists()
    assert "memory/user-role.md" not in index and index.endswith(OUTSIDE)


async def test_cancel_on_the_dialog_asked_again_writes_nothing(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "2", "#files-view", "memory/user-role.md")
        await pilot.press("d")
        first = await dialog(pilot, app, ConfirmScreen)
        with (workspace / "MEMORY.md").open("a", encoding="utf-8") as f:
            f.write(OUTSIDE)
        after = (workspace / "MEMORY.md").read_bytes()
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen)
                       and app.screen is not first)
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)
    assert (workspace / "memory" / "user-role.md").exists()
    assert (workspace / "MEMORY.md").read_bytes() == after
