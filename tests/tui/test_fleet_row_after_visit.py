"""newuser27 #30: a workspace opened from the fleet and curated there (an orphan indexed, a
memory added) kept its old row when Esc brought the fleet back — the fleet's watcher sleeps
while the workspace is open. Its row is audited again on the way back."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import AuditOptions
from memtui.tui.fleet.app import FleetApp
from memtui.tui.fleet.state import FleetState
from tests.core.helpers import memory
from tests.test_cli_fleet import fleet
from tests.tui.conftest import wait_for


async def test_the_row_of_the_workspace_just_visited_is_audited_again(tmp_path: Path) -> None:
    fleet(tmp_path)
    state = FleetState()
    app = FleetApp(tmp_path, AuditOptions(), state=state, watch=False, jobs=1)
    async with app.run_test(size=(160, 30)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 4, timeout=120)
        await pilot.pause(0.4)
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: app.return_value is not None, timeout=30)
    opened = Path(app.return_value)
    before = state.rows[str(opened)]["memory_files"]
    # what the operator did inside the workspace (the fleet screen was closed meanwhile)
    folder = opened / "memory" if (opened / "memory").is_dir() else opened
    (folder / "new_fact.md").write_text(memory("new_fact", "N."), encoding="utf-8")
    back = FleetApp(tmp_path, AuditOptions(), state=state, watch=False, jobs=1)
    async with back.run_test(size=(160, 30)) as pilot:
        await wait_for(pilot, lambda: state.rows[str(opened)]["memory_files"] == before + 1,
                       timeout=120)
    assert state.visited is None
