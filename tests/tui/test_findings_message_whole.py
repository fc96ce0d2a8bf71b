"""newuser40 #13: at 80×24 the Findings view's Message column held 20 cells
(``link to memory/endp…``) and the preview's list of the file's findings sat below the file's
body, out of sight: the operator could not read what a finding says without scrolling. The
view shows the whole message of the finding under the cursor beneath its table when the cell
cuts it, and nothing there when the cell holds it whole."""

from __future__ import annotations

import shutil
from pathlib import Path

from rich.text import Text
from textual.widgets import Static

import memtui.demo
from memtui.tui.app import open_app
from memtui.tui.views.findings import FindingsView
from tests.tui.test_app import started, switch


def _copy_demo(tmp_path: Path) -> Path:
    demo = Path(memtui.demo.__file__).parent / "workspace"
    shutil.copytree(demo, tmp_path / "ws")
    return tmp_path / "ws"


async def test_the_cut_message_is_shown_whole_at_80_columns(tmp_path: Path) -> None:
    app = open_app(_copy_demo(tmp_path), watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "6")
        view = app.query_one("#findings-view", FindingsView)
        detail = view.query_one(".detail", Static)
        seen = 0
        for _ in range(4):
            row = view.current_row()
            assert row is not None
            message = row.cells[3]
            assert isinstance(message, Text)
            if len(message.plain) > view._widths[3]:
                assert detail.display and detail.region.height >= 1
                shown = str(detail.render())
                assert message.plain in shown.replace("\n", " "), (message.plain, shown)
                seen += 1
            await pilot.press("down")
            await pilot.pause()
        assert seen, "the demo's first findings have messages the 80-column cell cuts"


async def test_nothing_under_the_table_when_the_cell_holds_it(tmp_path: Path) -> None:
    app = open_app(_copy_demo(tmp_path), watch=False)
    async with app.run_test(size=(240, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "6")
        view = app.query_one("#findings-view", FindingsView)
        row = view.current_row()
        assert row is not None and isinstance(row.cells[3], Text)
        assert len(row.cells[3].plain) <= view._widths[3]
        assert not view.query_one(".detail", Static).display


async def test_an_index_line_cut_is_shown_whole_at_80_columns(tmp_path: Path) -> None:
    from memtui.tui.views.index import IndexView

    app = open_app(_copy_demo(tmp_path), watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        view = app.query_one(IndexView)
        detail = view.query_one(".detail", Static)
        for _ in range(3):
            await pilot.press("down")
            await pilot.pause()
        row = view.current_row()
        assert row is not None
        hook = row.cells[6]
        assert isinstance(hook, Text) and len(hook.plain) > view._widths[6]
        assert detail.display
        shown = str(detail.render()).replace("\n", " ")
        assert hook.plain in shown and shown.startswith(row.key[1:])
