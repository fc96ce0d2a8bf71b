"""The fleet screen's columns give way as the views' do (issue 20, item 19): at 120 and 80
columns every column shown fits without scrolling sideways, the state columns stay, and the
workspace column shrinks (cut in the middle, its own folder name kept; the front every row
shares gives way first)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from memtui.core.audit import AuditOptions
from memtui.tui.fleet.app import FleetApp
from tests.test_cli_fleet import fleet
from tests.tui.conftest import wait_for
from tests.tui.test_fleet_trend import two_commits

LONG = "sites/fab-twelve/line-3-etch-chamber-b-with-a-long-name"

#: width → the columns that must show (the trend column waits for a workspace in git:
#: `test_an_empty_trend_column_gives_its_width_to_the_workspaces`)
MUST_SHOW = {
    120: {"path", "exit", "memory_files", "orphans", "unreachable", "broken_links",
          "secrets", "warnings", "oldest_days"},
    # (the warnings before the oldest's age: an injection or a store past its limit shows
    # in the fleet, newuser36 #11)
    # (the orphans share the unreachable ones' cell, "3 (3)", so that the load-limit share
    # shows: newuser38 #18)
    80: {"path", "exit", "unreachable", "broken_links", "load_share", "secrets", "warnings"},
}


@pytest.mark.parametrize("width", [120, 80])
async def test_fleet_columns_fit_and_give_way(tmp_path: Path, width: int) -> None:
    fleet(tmp_path)
    ws = tmp_path / LONG
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- x\n", encoding="utf-8")
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=2)
    async with app.run_test(size=(width, 30)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 5, timeout=90)
        await pilot.pause(0.4)
        table = app.query_one(DataTable)
        shown = {str(c.key.value) for c in table.columns.values()}
        assert MUST_SHOW[width] <= shown, shown
        assert table.virtual_size.width <= table.scrollable_content_region.width, (
            table.virtual_size, table.scrollable_content_region)
        header = "".join(seg.text for seg in table.render_line(0))
        for c in table.columns.values():
            assert str(c.label) in header, (str(c.label), header)
        row = next(i for i in range(table.row_count)
                   if str(table.coordinate_to_cell_key((i, 0)).row_key.value) == str(ws))
        cell = str(table.get_row_at(row)[0])
        assert "…" in cell and cell.endswith("long-name"), cell  # cut in the middle
        assert len(cell) < len(LONG)


async def test_the_fleet_cursor_stays_on_its_workspace_across_a_resize(tmp_path: Path) -> None:
    fleet(tmp_path)
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=2)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 4, timeout=90)
        await pilot.pause(0.4)
        table = app.query_one(DataTable)
        await pilot.press("j", "j")
        await pilot.pause()
        before = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: "memory_files" not in app.widths)
        await pilot.pause(0.1)
        assert table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value == before


async def test_at_80_columns_a_workspace_keeps_its_own_folder_name(tmp_path: Path) -> None:
    """newuser21 #13: "kasproducti…laude-memory" for …/claude-memory — the middle cut took
    half from each end and the workspace's own folder name lost its first letter."""
    name = "kasproduction__eventos-docs__claude-memory/claude-memory"
    ws = tmp_path / name
    ws.mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- x\n", encoding="utf-8")
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "MEMORY.md").write_text("- y\n", encoding="utf-8")
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=2)
    async with app.run_test(size=(80, 30)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 2, timeout=90)
        await pilot.pause(0.4)
        table = app.query_one(DataTable)
        row = next(i for i in range(table.row_count)
                   if str(table.coordinate_to_cell_key((i, 0)).row_key.value) == str(ws))
        cell = str(table.get_row_at(row)[0])
        assert "…" in cell and cell.endswith("/claude-memory"), cell
        assert cell.startswith("kas"), cell


async def test_an_empty_trend_column_gives_its_width_to_the_workspaces(tmp_path: Path) -> None:
    """newuser24 #38: at 120 columns the Workspace column was cut to 19 characters while the
    "Unreach. trend" column (14 wide) was empty on every row (no workspace in git), and a
    workspace that could not be audited showed its reason cut ("b MEMORY.md: symli…")."""
    names = [f"line-{i}-etch__claude/memory" for i in range(3)]
    for name in names:
        (tmp_path / name).mkdir(parents=True)
        (tmp_path / name / "MEMORY.md").write_text("- x\n", encoding="utf-8")
    (tmp_path / "outside.md").write_text("- y\n", encoding="utf-8")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "MEMORY.md").symlink_to(tmp_path / "outside.md")
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=2)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 4, timeout=90)
        await pilot.pause(0.6)
        table = app.query_one(DataTable)
        assert "spark" not in app.widths  # no workspace has a trend
        cells = {str(table.coordinate_to_cell_key((i, 0)).row_key.value):
                 str(table.get_row_at(i)[0]) for i in range(table.row_count)}
        for name in names:  # each name whole
            assert cells[str(tmp_path / name)] == name, cells
        reason = "MEMORY.md: symlink leads outside the workspace, not followed"
        said = " ".join(cells[str(tmp_path / "b")].split())
        assert said == f"b {reason}", said  # the reason whole (wrapped in its row)
        drawn = " ".join("".join(seg.text for seg in table.render_line(y)).strip()
                         for y in range(table.size.height))
        assert " ".join(reason.split()[:3]) in " ".join(drawn.split())
        assert table.virtual_size.width <= table.scrollable_content_region.width


async def test_the_trend_column_comes_in_with_the_first_workspace_in_git(
        tmp_path: Path) -> None:
    fleet(tmp_path)
    repo = two_commits(tmp_path)
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=2)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 5, timeout=90)
        await wait_for(pilot, lambda: "spark" in app.widths, timeout=30)
        await pilot.pause(0.4)
        table = app.query_one(DataTable)
        row = next(i for i in range(table.row_count)
                   if str(table.coordinate_to_cell_key((i, 0)).row_key.value) == str(repo))
        assert str(table.get_row_at(row)[-1]) == app.state.sparks[str(repo)]
        assert table.virtual_size.width <= table.scrollable_content_region.width


async def test_at_80_columns_rows_that_share_their_front_keep_what_differs(
        tmp_path: Path) -> None:
    """newuser26 #21: Claude Code projects under one ``.claude/projects/`` all ended in
    ``/memory``; the cut kept the shared front and the shared own folder name, so
    ``-home-dana-src-webapp`` and ``-home-dana-work-webapp`` both read
    ".claude/pro…ebapp/memory". The front every row shares gives way first."""
    projects = ["-home-dana-src-webapp", "-home-dana-work-webapp", "-home-dana-src-mobapp",
                "-tmp-mem-realproj"]
    for project in projects:
        ws = tmp_path / ".claude" / "projects" / project / "memory"
        ws.mkdir(parents=True)
        (ws / "MEMORY.md").write_text("- [a](a.md) — a\n", encoding="utf-8")
        (ws / "a.md").write_text("---\nname: a\ndescription: a\ntype: user\n---\na\n",
                                 encoding="utf-8")
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == len(projects), timeout=90)
        await pilot.pause(0.4)
        table = app.query_one(DataTable)
        cells = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        assert len(set(cells)) == len(projects), cells  # every row told apart
        width = app.widths["path"]
        for cell in cells:
            assert len(cell) <= width and cell.startswith("…") \
                and cell.endswith("/memory"), (cell, width)
        assert any("src-webapp" in c for c in cells) and \
            any("work-webapp" in c for c in cells), cells


async def test_at_80_columns_a_hermes_home_keeps_the_name_that_tells_it_apart(
        tmp_path: Path) -> None:
    """newuser29 #35: ``line-hm/memories [hermes]`` was cut to "line-…/memories [hermes]":
    every Hermes (and Codex) workspace ends in ``memories``, so the part kept was the one
    they share; two Hermes homes read alike. The folder before the shared name stays."""
    homes = ["line-hm", "line-hx"]
    for home in homes:
        (tmp_path / home / "memories").mkdir(parents=True)
        (tmp_path / home / "config.yaml").write_text("model: x\n", encoding="utf-8")
        (tmp_path / home / "memories" / "MEMORY.md").write_text("A fact.\n", encoding="utf-8")
        (tmp_path / home / "memories" / "USER.md").write_text("Short.\n", encoding="utf-8")
    for name in ("line-cc", "line-cred", "line-dup"):
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
        for home in homes:
            cell = cells[str(tmp_path / home / "memories")]
            assert cell.startswith(f"{home}/") and cell.endswith("[hermes]"), (cell, width)
            assert len(cell) <= width
