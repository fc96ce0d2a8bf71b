"""Counts of one are singular: "1 broken link", "1 component", "Delete 1 memory file?"."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen

from .conftest import wait_for
from .test_app import header_text, started, switch


async def test_one_is_singular(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert "1 broken link ·" in header_text(app)
        await switch(pilot, app, "5")
        summary = app.query_one("#graph-view").query_one(".summary", Static)
        await wait_for(pilot, lambda: "component" in str(summary.content))
        text = str(summary.content)
        assert "1 component " in text and "1 components" not in text
        await switch(pilot, app, "2")
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        title = " ".join(str(s.content) for s in app.screen.query(Static))
        assert "Delete 1 memory file?" in title and "(s)" not in title
