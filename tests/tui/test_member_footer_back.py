"""newuser40 #20: a workspace opened from the fleet showed only `q Quit` at 80 columns, and q
quit everything; Esc, the way back to the fleet, was not on the footer. It always is, as
help and quit are."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import AuditOptions
from memtui.core.workspace import open_workspace
from memtui.tui.fleet.member_app import FleetMemberApp
from tests.tui.conftest import wait_for
from tests.tui.test_input_keys import footer_keys


async def test_the_way_back_to_the_fleet_is_on_the_footer_at_80_columns(
        workspace: Path) -> None:
    app = FleetMemberApp(open_workspace(workspace), AuditOptions(), watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1)
        await pilot.pause()
        keys = footer_keys(app)
        assert keys.get("escape") == "Fleet", keys
        assert keys.get("q") == "Quit", keys
