"""What a view switch draws again (issue 32 item 17): the Block view's text is neither
wrapped again nor its lines drawn again when only shown again or only its focus changed
(the cursor still drawn with the focus alone); the Trend table and the Graph tree work
their style out once a paint, not once a line, drawing the same lines; a view's table is
not restyled for its focus, which only its cursor row shows, unless a rule asks."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.dom import DOMNode
from textual.geometry import Region
from textual.widgets import DataTable, Input, TextArea, Tree

from memtui.tui import build_ahead
from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from memtui.tui.widgets.focus_styles import styled_by_focus
from memtui.tui.widgets.list_table import ListTable
from memtui.tui.widgets.row_table import RowTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch
from tests.tui.test_built_ahead import all_built
from tests.tui.test_switch_paints import cells


def shown(app: Any, area: TextArea) -> dict[tuple[int, int], tuple[str, ...]]:
    """The cells of the screen the text area covers (the preview beside it fades a mark)."""
    region = area.region
    return {(row, col): cell for (row, col), cell in cells(app.export_screenshot()).items()
            if region.contains(col, row)}


async def test_a_switch_back_to_the_block_view_wraps_and_draws_nothing_again(
        workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "7")
        area = app.query_one("#block-text", TextArea)
        await wait_for(pilot, lambda: area.text != "")
        await switch(pilot, app, "2")
        await switch(pilot, app, "7")
        await pilot.pause(0.3)
        first = shown(app, area)
        wraps: list[int] = []
        drawn: list[int] = []
        wrap = type(area.wrapped_document).wrap
        render_line = TextArea.render_line

        def counted_wrap(doc: Any, *args: Any, **kwargs: Any) -> None:
            wraps.append(1)
            wrap(doc, *args, **kwargs)

        def counted_line(widget: TextArea, y: int) -> Any:
            drawn.append(y)
            return render_line(widget, y)

        monkeypatch.setattr(type(area.wrapped_document), "wrap", counted_wrap)
        monkeypatch.setattr(TextArea, "render_line", counted_line)
        for key in "2717":
            await switch(pilot, app, key)
            await pilot.pause(0.2)
        assert area.has_focus
        assert not wraps and not drawn  # Textual's text area, on main: a wrap, ~30 lines
        assert shown(app, area) == first


async def test_the_block_views_cursor_is_drawn_with_its_focus_alone(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "7")
        area = app.query_one("#block-text", TextArea)
        await wait_for(pilot, lambda: area.text != "")
        await pilot.pause(0.3)
        shots = []
        for focused in (True, False, True, False):
            app.set_focus(area if focused else None)
            await pilot.pause(0.3)
            shots.append(shown(app, area))
        assert shots[0] != shots[1]  # the cursor (and its line) drawn only with the focus
        assert shots[2] == shots[0] and shots[3] == shots[1]


def counting_rich_style(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    rich_style = DOMNode.rich_style

    def counted(node: DOMNode) -> Any:
        calls.append(1)
        return rich_style.fget(node)  # type: ignore[attr-defined]

    monkeypatch.setattr(DOMNode, "rich_style", property(counted))
    return calls


async def test_the_graph_tree_works_its_style_out_once_a_paint(
        workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "5")
        tree = app.query_one("#graph-view Tree", Tree)
        await pilot.pause(0.3)
        width, height = tree.size
        once = tree.render_lines(Region(0, 0, width, height))
        tree.refresh()
        each = Tree.render_lines(tree, Region(0, 0, width, height))  # Textual's, per line
        assert once == each
        calls = counting_rich_style(monkeypatch)
        tree.refresh()
        tree.render_lines(Region(0, 0, width, height))
        assert height > 20 and 1 <= len(calls) <= 3  # main: one a line drawn


class OneTable(App[None]):
    def compose(self) -> ComposeResult:
        table = ListTable(cursor_type="row", zebra_stripes=True)
        table.add_columns("Date", "Commit", "Tokens")
        for i in range(50):
            table.add_row(f"2026-12-{i % 28 + 1:02}", f"{i:07x}", f"{i * 37:,}")
        yield table


async def test_the_trend_table_works_its_style_out_once_a_paint(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = OneTable()
    async with app.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        table = app.query_one(ListTable)
        width, height = table.size
        once = table.render_lines(Region(0, 0, width, height))
        table.refresh()
        each = DataTable.render_lines(table, Region(0, 0, width, height))
        assert once == each
        calls = counting_rich_style(monkeypatch)
        table.refresh()
        table.render_lines(Region(0, 0, width, height))
        assert height > 20 and 1 <= len(calls) <= 3


def region_cells(app: Any, widget: Any) -> dict[tuple[int, int], tuple[str, ...]]:
    """What each cell ``widget`` covers shows, its character's style by its definition
    (an SVG numbers its styles in the order they come: one change renumbers the rest)."""
    svg = re.sub(r"terminal-\d+", "t", app.export_screenshot())
    style = dict(re.findall(r"\.(t-r\d+) \{ ([^}]*) \}", svg))
    region = widget.region
    return {(row, col): tuple(style.get(part, part) for part in cell)
            for (row, col), cell in cells(svg).items() if region.contains(col, row)}


async def test_a_tables_focus_redraws_its_cursor_row_without_a_restyle(
        workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        table = app.query_one("#files-view", AuditTable).table
        await wait_for(pilot, lambda: table.row_count > 2)
        table.move_cursor(1)
        await pilot.pause(0.3)
        assert not styled_by_focus(table)
        restyled: list[int] = []
        drawn: set[int] = set()
        render_line = table.render_line

        def counted_line(y: int) -> Any:
            drawn.add(y)
            return render_line(y)

        monkeypatch.setattr(table, "notify_style_update", lambda: restyled.append(1))
        monkeypatch.setattr(table, "render_line", counted_line)
        shots = []
        for focused in (True, False, True, False):
            app.set_focus(table if focused else None)
            await pilot.pause(0.3)
            shots.append(await settled_cells(pilot, app, table))
        assert not restyled  # main: restyled (and all drawn again) at each focus change
        assert drawn == {table.cursor_row + 1 - round(table.scroll_y)}  # main: every line
        changed = {row for (row, _), cell in shots[0].items() if shots[1][row, _] != cell}
        cursor_line = table.region.y + table.cursor_row + 1 - round(table.scroll_y)
        assert changed == {cursor_line}  # the cursor bar's colours, nothing else
        assert shots[2] == shots[0] and shots[3] == shots[1]


class FocusRule(App[None]):
    CSS = "RowTable:focus { background: red; }"

    def compose(self) -> ComposeResult:
        yield Input()
        table = RowTable()
        table.set_columns(["a"], [5])
        table.set_rows([["x"], ["y"]])
        yield table


async def test_a_tables_focus_restyles_it_when_a_rule_asks_for_its_focus() -> None:
    app = FocusRule()
    async with app.run_test(size=(40, 10)) as pilot:
        table = app.query_one(RowTable)
        await pilot.pause()
        before = table.styles.background
        table.focus()
        await pilot.pause()
        assert styled_by_focus(table)
        assert table.styles.background != before and table.styles.background.rgb == (255, 0, 0)
        app.query_one(Input).focus()
        await pilot.pause()
        assert table.styles.background == before


async def test_the_block_views_lines_follow_its_wrapping_when_the_scrollbar_comes(
        tmp_path: Path) -> None:
    """Shown first, the text is wrapped without a scrollbar, drawn, then wrapped again
    narrower as the scrollbar comes, at the same size: the lines kept are not reused."""
    from memtui.demo import demo_copy

    app = open_app(demo_copy(tmp_path / "demo"), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        for key in "234567":
            await switch(pilot, app, key)
        area = app.query_one("#block-text", TextArea)
        await wait_for(pilot, lambda: area.text != "")
        await pilot.pause(0.3)
        assert area.show_vertical_scrollbar
        shown = await settled_cells(pilot, app, area)
        area.load_text(area.text)  # everything drawn afresh, by Textual's text area
        await pilot.pause(0.3)
        assert await settled_cells(pilot, app, area) == shown


async def settled_cells(pilot: Any, app: Any, widget: Any,
                        within: float = 5.0) -> dict[tuple[int, int], tuple[str, ...]]:
    """`region_cells` once two reads 0.2 s apart agree (on a loaded machine the text may
    still be wrapping for its scrollbar when a fixed pause ends); the last read after
    ``within`` seconds."""
    shown = region_cells(app, widget)
    for _ in range(int(within / 0.2)):
        await pilot.pause(0.2)
        again = region_cells(app, widget)
        if again == shown:
            break
        shown = again
    return shown


def screen_svg(app: Any) -> str:
    """The screen's SVG, its per-export class prefix taken out."""
    return re.sub(r"terminal-\d+", "t", app.export_screenshot())


async def test_a_view_laid_out_ahead_changes_nothing_the_screen_draws(
        workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A view laid out ahead while idle is placed off the screen: the shown view's lines
    are drawn as they are with nothing laid out (main laid it out under the shown view,
    covered: its widgets' edges cut the shown lines into other segments — the same
    characters, another screenshot — and each of its refreshes redrew the area it hid)."""
    monkeypatch.setattr(build_ahead, "AHEAD_LAID_OUT", 1.5)  # each stays laid out a while
    monkeypatch.setattr(build_ahead, "AHEAD_LAYOUT_MAX", 3.0)
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        during: dict[str, str] = {}  # what the screen shows while each view is laid out
        deadline = time.monotonic() + 60
        while not app.ahead_done:
            assert time.monotonic() < deadline, (app._unbuilt(), app._ahead_pane, app._filled)
            await pilot.pause(0.05)
            pane = app._ahead_pane
            if pane is not None and app._filled and app._laid and pane.id not in during:
                await pilot.pause(0.3)  # its layouts done (it stays 1.5 s)
                if app._ahead_pane is pane:
                    assert pane.size.area  # laid out: its widgets have sizes
                    during[str(pane.id)] = screen_svg(app)
        await pilot.pause(0.3)
        assert {"orphans", "graph", "block", "trend"} <= set(during)
        after = screen_svg(app)
        assert [pid for pid, svg in during.items() if svg != after] == []


async def test_the_block_views_first_show_draws_its_cursors_line_alone(
        workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Block view built ahead has its lines drawn without the focus; shown, with the
    focus, only the cursor's line is drawn again (main: every line on screen), and the
    screen is what drawing every line afresh gives."""
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await all_built(pilot, app)
        area = app.query_one("#block-text", TextArea)
        assert area.text and not area.has_focus
        drawn: list[int] = []
        render_line = TextArea.render_line

        def counted_line(widget: TextArea, y: int) -> Any:
            drawn.append(y)
            return render_line(widget, y)

        monkeypatch.setattr(TextArea, "render_line", counted_line)
        await switch(pilot, app, "7")
        await pilot.pause(0.3)
        assert area.has_focus and area.scroll_offset.y == 0
        assert area.selection.end[0] == 0  # the cursor's line: the text's first
        first = range(len(area.wrapped_document.get_offsets(0)) + 1)  # (its wrapped lines)
        assert drawn and set(drawn) == set(first)  # main: every line on screen
        shown_now = await settled_cells(pilot, app, area)
        area._kept.clear()
        area.refresh()
        await pilot.pause(0.3)
        assert await settled_cells(pilot, app, area) == shown_now
