"""At 120 columns the Findings "Where" column is cut in the middle: the :line stays."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable

from .test_app import started, switch
from .test_widths import screen_text


async def test_where_keeps_the_line_number_when_cut(workspace: Path) -> None:
    deep = workspace / "memory" / "projects" / "plasma-etch-line-three" / "archive-2025"
    deep.mkdir(parents=True)
    (deep / "endpoint-detector-calibration-notes.md").write_text(
        "---\nname: endpoint-detector-calibration-notes\ndescription: d\nmetadata:\n"
        "  type: project\n---\nLine two.\nLine three.\nSee [[nobody-at-all]].\n")
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "6")
        await pilot.pause(0.3)
        view = app.query_one("#findings-view", AuditTable)
        where = [c.key for c in view.COLUMNS].index("where")
        full = "projects/plasma-etch-line-three/archive-2025/endpoint-detector-calibration-" \
               "notes.md:9"
        assert any(full in str(r.cells[where]) for r in view.shown)
        text = screen_text(app)
        assert full not in text  # it is cut …
        assert "notes.md:9" in text  # … and keeps its line
