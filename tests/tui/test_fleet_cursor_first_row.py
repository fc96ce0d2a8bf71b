"""The fleet screen's cursor stays on the first row while the rows come in, not on the
workspace whose audit finished first (newuser23 #24: Enter right after start opened the
second row, every run); once the operator moves it, it stays on their row."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from memtui.core.audit import AuditOptions
from memtui.tui.fleet.app import FleetApp
from tests.core.helpers import memory
from tests.test_cli_fleet import fleet
from tests.tui.conftest import wait_for


async def test_the_cursor_is_on_the_first_row_until_moved(tmp_path: Path) -> None:
    fleet(tmp_path)
    # the first row (sorted by path) is the slowest to audit: the others come in first
    slow = tmp_path / ".claude" / "projects" / "-home-me-app" / "memory"
    for i in range(600):
        (slow / f"note_{i:03}.md").write_text(memory(f"note_{i:03}", "N."), encoding="utf-8")
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=2)
    async with app.run_test(size=(160, 30)) as pilot:
        table = app.query_one(DataTable)
        await wait_for(pilot, lambda: len(app.state.rows) == 4, timeout=120)
        await pilot.pause(0.4)
        assert table.cursor_row == 0
        first = str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
        assert first == str(slow), first
        await pilot.press("down")
        await pilot.pause(0.2)
        assert table.cursor_row == 1 and app.state.chosen
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.return_value is not None)
    assert app.return_value != str(slow)
