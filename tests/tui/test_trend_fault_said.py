"""newuser36 #19: a fault while the Trend view read the history killed the app ~20 s after
`8`, and Textual's crash report printed the locals of every frame — memory text on the
screen. The view now says in one line that it could not read the history, naming the kind
of fault and nothing it held; the app stays up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Static

import memtui.core.git.trend as trend_module
from memtui.tui.app import open_app
from memtui.tui.views.trend import TrendView
from tests.tui.conftest import wait_for
from tests.tui.test_app import started
from tests.tui.test_fleet_trend import two_commits

HELD = "ghp_NotShownAnywhere0000000000000000000000"


async def test_a_fault_reading_the_history_is_one_line_and_the_app_stays(
        tmp_path: Path, monkeypatch: Any) -> None:
    def faulty(*args: Any, **kwargs: Any) -> Any:
        text = HELD  # a local a traceback with locals would print  # noqa: F841
        raise KeyError("MEMORY.md")

    monkeypatch.setattr(trend_module, "trend_cut", faulty)
    app = open_app(two_commits(tmp_path), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await pilot.press("8")  # (the empty state takes no focus: not `switch`)
        trend = app.query_one("#trend-view", TrendView)
        await wait_for(pilot, lambda: trend.has_class("-empty"))
        said = str(trend.query_one(".summary", Static).render())
        assert "KeyError" in said and "could not read this history" in said
        assert HELD not in said
        assert app.is_running and app.return_code is None
