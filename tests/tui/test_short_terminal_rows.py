"""newuser40 #14: at 50×16 the Orphans view's table showed its header alone, the preview
under it took the rest. Narrow and short, the preview gives way, says how to show it (p),
and comes back when the terminal is taller again."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.preview import MemoryPreview
from tests.tui.test_app import started, switch
from tests.tui.test_narrow_layout import body_rows


async def test_at_50x16_the_list_keeps_rows_and_the_preview_says_how_to_come_back(
        workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "3")
        preview = app.query_one(MemoryPreview)
        assert preview.display
        await pilot.resize_terminal(50, 16)
        await pilot.pause(0.2)
        assert body_rows(app) >= 4
        assert not preview.display
        assert "p shows it" in app.notice
        await pilot.press("p")
        await pilot.pause(0.1)
        assert preview.display  # the operator's choice wins
        await pilot.press("p")
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.2)
        assert not preview.display  # hidden by p, not by the height: it stays hidden
        await pilot.press("p")
        await pilot.resize_terminal(50, 16)
        await pilot.pause(0.2)
        assert not preview.display
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.2)
        assert preview.display  # taller again: back by itself
