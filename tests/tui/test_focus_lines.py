"""A table's lines kept over a change of focus alone, and the footer's line kept by what
is on it (issue 32 item 17: a switch to the Trend view drew its table afresh, Textual's
DataTable dropping every line at each focus restyle; the footer's line was turned into
Textual's Content afresh at each switch)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.content import Content
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Input

from memtui.tui.app import open_app
from memtui.tui.widgets.block_text import BlockText
from memtui.tui.widgets.fitting_footer import FittingFooter
from memtui.tui.widgets.list_table import ListTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch
from tests.tui.test_switch_redraws import region_cells


class TableAndField(App[None]):
    def compose(self) -> ComposeResult:
        yield Input()
        table = ListTable(cursor_type="row", zebra_stripes=True)
        table.add_columns("Date", "Commit", "Tokens")
        for i in range(30):
            table.add_row(f"2026-12-{i % 28 + 1:02}", f"{i:07x}", f"{i * 37:,}", key=str(i))
        yield table


async def test_a_tables_lines_outlast_a_focus_change_and_look_as_textuals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = TableAndField()
    async with app.run_test(size=(60, 40)) as pilot:
        table = app.query_one(ListTable)
        field = app.query_one(Input)
        table.move_cursor(row=3)
        shots = []
        for focused in (True, False):  # each focus state drawn once
            (table if focused else field).focus()
            await pilot.pause(0.2)
            shots.append(region_cells(app, table))
        assert shots[0] != shots[1]  # Textual's `DataTable:focus` rules: the cursor's colours
        drawn: list[int] = []
        render_line = DataTable.render_line

        def counted(widget: Any, y: int) -> Any:
            drawn.append(y)
            return render_line(widget, y)

        monkeypatch.setattr(DataTable, "render_line", counted)
        for focused in (True, False, True):
            (table if focused else field).focus()
            await pilot.pause(0.2)
            assert table.has_focus == focused
            assert region_cells(app, table) == shots[0 if focused else 1]
        assert not drawn  # main: every line drawn again at each focus change
        table.refresh()  # any other refresh draws afresh: Textual's lines, the same cells
        await pilot.pause(0.2)
        assert drawn and region_cells(app, table) == shots[0]


async def test_a_tables_new_cell_shows_after_a_focus_change() -> None:
    app = TableAndField()
    async with app.run_test(size=(60, 40)) as pilot:
        table = app.query_one(ListTable)
        field = app.query_one(Input)
        for focused in (True, False):
            (table if focused else field).focus()
            await pilot.pause(0.2)
        table.update_cell_at(Coordinate(2, 2), "ZZ9")
        await pilot.pause(0.2)
        table.focus()
        await pilot.pause(0.2)
        seen = "".join(cell[1].replace("\xa0", " ") if len(cell) > 1 else "" for cell in
                       dict(sorted(region_cells(app, table).items())).values())
        assert "ZZ9" in seen
        table.clear()
        table.add_row("only", "row", "left", key="x")
        field.focus()
        await pilot.pause(0.2)
        table.focus()
        await pilot.pause(0.2)
        seen = "".join(cell[1].replace("\xa0", " ") if len(cell) > 1 else "" for cell in
                       dict(sorted(region_cells(app, table).items())).values())
        assert "only" in seen and "ZZ9" not in seen


async def test_the_footers_line_is_kept_by_its_keys_as_textual_would_make_it(
        workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        footer = app.query_one(FittingFooter)
        await switch(pilot, app, "2")
        files = footer.render()
        await switch(pilot, app, "1")
        index = footer.render()
        assert index.plain != files.plain
        await switch(pilot, app, "2")
        await wait_for(pilot, lambda: footer.render().plain == files.plain)
        assert footer.render() is files  # main: a Text, made into Content at each switch
        assert isinstance(files, Content)
        made = footer._line(footer.size.width)
        assert isinstance(made, Text)
        assert files == Content.from_rich_text(made, console=app.console)
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause(0.3)
        assert footer.render() is not files  # restyled: drawn afresh in the new colours


class BlockTexts(App[None]):
    CSS = "BlockText { border: none; } #red:focus { background: red; }"

    def compose(self) -> ComposeResult:
        yield Input()
        yield BlockText("same either way", read_only=True, id="same")
        yield BlockText("red with the focus", read_only=True, id="red")


async def test_a_block_text_is_restyled_for_its_focus_only_while_it_could_change(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = BlockTexts()
    async with app.run_test(size=(60, 30)) as pilot:
        field = app.query_one(Input)
        same = app.query_one("#same", BlockText)
        red = app.query_one("#red", BlockText)
        restyled: list[str] = []
        for text in (same, red):
            update = text.notify_style_update

            def counted(text: BlockText = text, update: Any = update) -> None:
                restyled.append(str(text.id))
                update()

            monkeypatch.setattr(text, "notify_style_update", counted)
        plain = red.styles.background
        for _ in range(3):
            for text in (same, red):
                text.focus()
                await pilot.pause(0.1)
                if text is red:
                    assert red.styles.background.rgb == (255, 0, 0)
                field.focus()
                await pilot.pause(0.1)
                assert red.styles.background == plain
        assert restyled.count("same") == 2  # each state once (integ: 6)
        assert restyled.count("red") == 6  # its look changes: each time
        app.add_class("-other")  # any other restyle forgets what was seen
        await pilot.pause(0.1)
        before = restyled.count("same")
        same.focus()
        await pilot.pause(0.1)
        assert restyled.count("same") == before + 1
