"""A fleet redraw that comes due while the fleet screen closes is dropped, not a crash
(``NoMatches: No nodes match 'DataTable'`` ended test_fleet_script's runs now and then: a
row came in within 0.25 s of the app's exit, and its timer fired on the emptied screen)."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import AuditOptions
from memtui.tui.fleet.app import FleetApp
from tests.tui.conftest import wait_for


async def test_a_redraw_due_at_exit_is_dropped(tmp_path: Path) -> None:
    (tmp_path / "w").mkdir()
    (tmp_path / "w" / "MEMORY.md").write_text("# index\n", encoding="utf-8")
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=1)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 1, timeout=60)
        await pilot.pause(0.5)
        for child in list(app.screen.children):  # the screen as it is while it closes
            await child.remove()
        app.redraw()  # the timer's call
