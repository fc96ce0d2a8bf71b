"""newuser34 #13: at 80×24 two Gemini projects read alike, ``.gemini/tmp…ory [gemini]``:
the middle cut took the project name, the one part that differs. The shared names after it
give way now, and each row keeps its project (the real fleet screen under Pilot)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from memtui.core.audit import AuditOptions
from memtui.tui.fleet.app import FleetApp
from tests.tui.conftest import wait_for

PROJECTS = ["proj-alpha", "proj-beta"]


async def test_two_gemini_projects_keep_their_names_at_80_columns(tmp_path: Path) -> None:
    for name in PROJECTS:
        mem = tmp_path / ".gemini" / "tmp" / name / "memory"
        mem.mkdir(parents=True)
        (mem / "a.md").write_text("# a\n", encoding="utf-8")
        (mem / "MEMORY.md").write_text(f"- See {mem}/a.md for a notes.\n", encoding="utf-8")
    for name in ("line-cc", "line-dup", "line-etch"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "MEMORY.md").write_text("- x\n", encoding="utf-8")
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 5, timeout=90)
        await pilot.pause(0.4)
        table = app.query_one(DataTable)
        cells = {str(table.coordinate_to_cell_key((i, 0)).row_key.value):
                 str(table.get_row_at(i)[0]) for i in range(table.row_count)}
        width = app.widths["path"]
        shown = [cells[str(tmp_path / ".gemini" / "tmp" / p / "memory")] for p in PROJECTS]
        for name, cell in zip(PROJECTS, shown, strict=True):
            # the agent named by the tag, or by its own home when cut (newuser38 #18)
            assert name in cell and (cell.endswith("[gemini]")
                                     or cell.startswith(".gemini/")), (cell, width)
            assert len(cell) <= width
        assert shown[0] != shown[1]
