"""j / k / g / G move in every list: the fleet table, the Trend table and the help."""

from __future__ import annotations

from pathlib import Path

from textual.containers import VerticalScroll
from textual.widgets import DataTable

from memtui.core.audit import AuditOptions
from memtui.core.workspace import open_workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.fleet.app import FleetApp
from tests.core.helpers import memory
from tests.core.test_trend import commit, git
from tests.test_cli_fleet import fleet
from tests.tui.conftest import wait_for

from .test_app import started


async def moves(pilot: object, table: DataTable[object]) -> list[int]:
    seen = []
    for key in ("j", "j", "k", "G", "g"):
        await pilot.press(key)  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        seen.append(table.cursor_row)
    return seen


async def test_fleet_table_moves_with_j_k_g_G(tmp_path: Path) -> None:
    fleet(tmp_path)
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=2)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 4, timeout=90)
        await pilot.pause(0.4)
        table = app.query_one(DataTable)
        assert await moves(pilot, table) == [1, 2, 1, 3, 0]


async def test_trend_table_moves_with_j_k_g_G(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    commit(repo, {"MEMORY.md": "- [A](memory/a.md) — a\n", "memory/a.md": memory("a", "A")},
           "first")
    for name in "bcd":
        commit(repo, {f"memory/{name}.md": memory(name, name.upper())}, f"orphan {name}")
    app = MemtuiApp(open_workspace(repo), AuditOptions(), watch=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1)
        await pilot.press("8")
        view = app.query_one("#trend-view")
        await wait_for(pilot, lambda: len(view.points) == 4, timeout=30)  # type: ignore[attr-defined]
        await pilot.pause(0.2)
        table = view.query_one(DataTable)
        await pilot.press("g")
        await pilot.pause()
        assert await moves(pilot, table) == [1, 2, 1, 3, 0]


async def test_help_scrolls_with_j_k_g_G(workspace: Path) -> None:
    app = MemtuiApp(open_workspace(workspace), watch=False)
    async with app.run_test(size=(100, 20)) as pilot:
        await started(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        box = app.screen.query_one(VerticalScroll)
        assert box.max_scroll_y > 3
        await pilot.press("j", "j")
        await pilot.pause()
        assert box.scroll_y == 2
        await pilot.press("G")
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y
        await pilot.press("k")
        await pilot.pause()
        assert box.scroll_y == box.max_scroll_y - 1
        await pilot.press("g")
        await pilot.pause()
        assert box.scroll_y == 0
