"""newuser38 #18: the fleet screen over a home of several agents. At 120 columns the
workspace column was cut from both ends, ``…-nu38-proj-app/… [claude-code]`` beside
``…tmp-nu38-proj-app/… [gemini]``: the agents' folders were the part cut, two agents'
folders of one project read alike. At 80×24 the Limit column went, and nothing on the screen
said which agent loads more than its limit. A row under its own agent's home now shows that
home and the project's name (its end when cut), and at 80 columns the orphans and the
unreachable ones share a cell ("3 (3)", as ``audit --discover``) so that the load-limit share
stays. The real fleet screen under Pilot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from memtui.core.audit import AuditOptions
from memtui.tui.fleet.app import FleetApp
from tests.test_fleet_rows_warnings import fleet
from tests.tui.conftest import wait_for

PROJECT = "home-op-src-app"


def home(tmp: Path) -> tuple[Path, Path]:
    """Claude Code's and Gemini CLI's memory folders of one project, and a Hermes home past
    its store's limit."""
    root = fleet(tmp)
    gemini = root / ".gemini" / "tmp" / PROJECT / "memory"
    gemini.mkdir(parents=True)
    (gemini / "a.md").write_text("# a\nDeploys go out on Tuesdays.\n", encoding="utf-8")
    (gemini / "MEMORY.md").write_text(f"- See {gemini}/a.md for a note.\n", encoding="utf-8")
    return root / ".claude" / "projects" / f"-{PROJECT}" / "memory", gemini


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_each_row_names_its_agent_and_project(tmp_path: Path,
                                                    size: tuple[int, int]) -> None:
    claude, gemini = home(tmp_path)
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=1)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 3, timeout=90)
        await pilot.pause(0.4)
        table = app.query_one(DataTable)
        cells = {str(table.coordinate_to_cell_key((i, 0)).row_key.value):
                 str(table.get_row_at(i)[0]) for i in range(table.row_count)}
        width = app.widths["path"]
        shown = {"claude": cells[str(claude)], "gemini": cells[str(gemini)]}
        for agent, cell in shown.items():
            assert cell.startswith(f".{agent}/"), (cell, width)
            assert "op-src-app" in cell and len(cell) <= width, (cell, width)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        labels = [str(c.label) for c in table.columns.values()]
        assert "Limit" in labels, labels  # the load-limit share, at 80 columns too
        hermes = next(i for i in range(table.row_count)
                      if ".hermes" in str(table.coordinate_to_cell_key((i, 0)).row_key.value))
        row = [str(c) for c in table.get_row_at(hermes)]
        assert row[labels.index("Limit")].endswith("%"), row
        if size[0] == 80:  # orphans and unreachable ones share a cell there
            assert "Orph.(unr.)" in labels and "Orphans" not in labels
            claude_row = next(i for i in range(table.row_count)
                              if str(table.coordinate_to_cell_key((i, 0)).row_key.value)
                              == str(claude))
            assert [str(c) for c in table.get_row_at(claude_row)][
                labels.index("Orph.(unr.)")].strip() == "0 (0)"
