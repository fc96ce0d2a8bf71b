"""A git workspace that joins a watched fleet gets its sparkline as the first ones did
(newuser28 #24: the row joined, the trend column only after a manual ``r``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from memtui.core.audit import AuditOptions
from memtui.tui.fleet.app import FleetApp
from tests.test_cli_fleet import fleet
from tests.tui.conftest import wait_for
from tests.tui.test_fleet_trend import two_commits


async def test_a_git_workspace_that_joins_gets_its_sparkline(tmp_path: Path) -> None:
    root = fleet(tmp_path / "fleet")
    src = two_commits(tmp_path)  # tmp_path/repo, outside the fleet
    app = FleetApp(root, AuditOptions(), watch=True, jobs=2)
    async with app.run_test(size=(160, 30)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 4, timeout=90)
        await pilot.pause(1.0)  # the watcher is up
        assert not app.state.sparks
        # Its files first (the row joins, no history yet), then its .git (hidden: no
        # event), then a memory written as the copy goes on.
        tr = root / "tr"
        tr.mkdir()
        subprocess.run(["cp", "-a", str(src / "MEMORY.md"), str(src / "memory"), str(tr)],
                       check=True)
        joined = str(tr)
        await wait_for(pilot, lambda: joined in app.state.rows, timeout=90)
        await pilot.pause(1.0)
        assert joined not in app.state.sparks
        subprocess.run(["cp", "-a", str(src / ".git"), str(tr)], check=True)
        (tr / "memory" / "c.md").write_text("---\nname: c\ndescription: c\nmetadata:\n"
                                            "  type: project\n---\nC.\n", encoding="utf-8")
        await wait_for(pilot, lambda: joined in app.state.sparks, timeout=60)
        assert "spark" in app.widths
