"""Keys typed ahead on the fleet screen act in order (newuser21 #12: ``j`` then Enter typed
quickly opened the row the cursor was on before the ``j``: Enter is an app binding, handled
before the table had moved)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from memtui.core.audit import AuditOptions
from memtui.tui.fleet.app import FleetApp
from tests.test_cli_fleet import fleet
from tests.tui.conftest import wait_for
from tests.tui.test_fast_keys import burst
from tests.tui.test_fleet_trend import cells


async def test_j_then_enter_opens_the_row_below(tmp_path: Path) -> None:
    fleet(tmp_path)
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=2)
    async with app.run_test(size=(160, 30)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 4, timeout=90)
        await pilot.pause(0.4)
        table = app.query_one(DataTable)
        rows = cells(table)
        assert table.cursor_row == 0
        burst(app, ["j", "j", "enter"])  # typed ahead, in one burst (as a terminal sends)
        await wait_for(pilot, lambda: app.return_value is not None)
    assert app.return_value == str(tmp_path / rows[2])


async def test_a_filter_typed_ahead_goes_to_the_filter(tmp_path: Path) -> None:
    """``/orph⏎⏎`` in one burst: the letters filter, the first Enter leaves the filter, the
    second opens the one row left (it opened the first row, the letters lost)."""
    fleet(tmp_path)
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=2)
    async with app.run_test(size=(160, 30)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 4, timeout=90)
        await pilot.pause(0.4)
        burst(app, ["slash", *"orph", "enter", "enter"])
        await wait_for(pilot, lambda: app.return_value is not None)
    assert app.return_value == str(tmp_path / "items" / "orphaned")
    assert app.state.filter == "orph"
