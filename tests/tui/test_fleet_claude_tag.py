"""newuser36 #28: at 80×24 the fleet's Claude Code row read ``…-home-op-src-app/…``, the one
agent row without its tag; it keeps the project part of its path and ``[claude-code]``
now (the real fleet screen under Pilot), and the warnings column shows."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from memtui.core.audit import AuditOptions
from memtui.tui.fleet.app import FleetApp
from tests.test_fleet_rows_warnings import fleet
from tests.tui.conftest import wait_for


async def test_the_claude_code_row_keeps_its_tag_and_project_at_80_columns(
        tmp_path: Path) -> None:
    root = fleet(tmp_path)
    app = FleetApp(root, AuditOptions(), watch=False, jobs=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 2, timeout=90)
        await pilot.pause(0.4)
        table = app.query_one(DataTable)
        cells = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        claude = next((c for c in cells if ".hermes" not in c), "")
        # its agent named: by the tag, or by its own agent's home the tag would repeat
        # when the row is cut (newuser38 #18)
        assert "src-app" in claude and (claude.endswith("[claude-code]")
                                        or claude.startswith(".claude/")), cells
        assert "Warn." in [str(c.label) for c in table.columns.values()]
