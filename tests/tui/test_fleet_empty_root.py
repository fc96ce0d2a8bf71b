"""The fleet screen on a folder holding no workspace says why, as ``memtui audit ROOT
--discover`` does (newuser26 #43: an empty table and the usual footer, no word, so a typo
in ROOT looked like a healthy, empty fleet); a workspace that appears later is shown and
the line goes."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from memtui.core.audit import AuditOptions
from memtui.tui.fleet.app import FleetApp
from tests.core.helpers import memory
from tests.tui.conftest import wait_for


async def test_an_empty_root_is_explained(tmp_path: Path) -> None:
    root = tmp_path / "emptyd"
    root.mkdir()
    app = FleetApp(root, AuditOptions(), watch=True, jobs=1)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: app.state.paths == [], timeout=60)
        await pilot.pause(0.5)
        empty = app.query_one("#fleet-empty", Static)
        assert empty.display and empty.region.height > 0
        said = str(empty.render())
        assert f"no workspace under {root}: no folder holding MEMORY.md" in said, said
        assert "watched" in said
        # A workspace appears: it is shown and the explanation goes.
        (root / "w" / "memory").mkdir(parents=True)
        (root / "w" / "memory" / "a.md").write_text(memory("a", "A."), encoding="utf-8")
        (root / "w" / "MEMORY.md").write_text("- [A](memory/a.md) — a\n", encoding="utf-8")
        await wait_for(pilot, lambda: len(app.state.rows) == 1, timeout=60)
        await pilot.pause(0.5)
        assert not empty.display


async def test_a_fleet_with_workspaces_shows_no_such_line(tmp_path: Path) -> None:
    (tmp_path / "w").mkdir()
    (tmp_path / "w" / "MEMORY.md").write_text("# index\n", encoding="utf-8")
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=1)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 1, timeout=60)
        await pilot.pause(0.5)
        assert not app.query_one("#fleet-empty", Static).display
