"""A narrow column sorted on still shows which way (newuser21 #22: the Files view's "!"
column, sorted, read "!…": the arrow cut off)."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


async def test_the_findings_column_shows_its_sort_arrow(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        col = next(i for i, c in enumerate(files.COLUMNS) if c.key == "findings")
        while files.sort_column != col:
            await pilot.press("s")
            await pilot.pause(0.05)
        await wait_for(pilot, lambda: "▼" in files._labels()[col].plain
                       or "▲" in files._labels()[col].plain)
        label = files._labels()[col]
        assert label.cell_len <= files._widths[col], (label.plain, files._widths[col])
        await pilot.press("S")
        await pilot.pause(0.05)
        label = files._labels()[col]
        assert label.plain in ("!▲", "!▼") and label.cell_len <= files._widths[col]
