"""The fleet's footer offers ``esc Clear filter`` only while there is a filter to clear
(newuser26 #33: it showed with no filter set)."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import AuditOptions
from memtui.tui.fleet.app import FleetApp
from memtui.tui.widgets.fitting_footer import FittingFooter
from tests.tui.conftest import wait_for


def _keys(app: FleetApp) -> dict[str, str]:
    footer = app.query_one(FittingFooter)
    return {k.key: k.description for k in footer.shown}


async def test_clear_filter_is_offered_only_with_a_filter(tmp_path: Path) -> None:
    for name in ("alpha", "beta"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "MEMORY.md").write_text("# index\n", encoding="utf-8")
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=1)
    async with app.run_test(size=(160, 30)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 2, timeout=60)
        await pilot.pause(0.5)
        assert "escape" not in _keys(app) and "slash" in _keys(app)
        await pilot.press("slash", "a", "l")
        await pilot.pause(0.5)
        assert _keys(app).get("escape") == "Clear filter"
        await pilot.press("enter")  # leaves the box; the filter stays, and so does the key
        await pilot.pause(0.5)
        assert app.state.filter == "al" and _keys(app).get("escape") == "Clear filter"
        await pilot.press("escape")
        await pilot.pause(0.5)
        assert app.state.filter == "" and "escape" not in _keys(app)
