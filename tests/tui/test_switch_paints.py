"""What a view switch draws (issue 32 item 17): the switch's one layout already holds the
Index's jump to its entry's line (no scroll layout and full repaint after it), the focus
moving to the new view does not repaint the whole screen, and the preview's scrollbar,
kept shown so that it never costs a layout by coming or going, looks with nothing to
scroll as the bare gutter did."""

from __future__ import annotations

import html
import re
import traceback
from pathlib import Path
from typing import Any

from textual.widgets import TabbedContent

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from memtui.tui.widgets.preview import MemoryPreview
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch
from tests.tui.test_built_ahead import all_built

NOTES = 60  # index lines without a link: each row shows MEMORY.md at its line


CELL_W, CELL_H, TOP = 12.2, 24.4, 1.5  # Textual's SVG: a cell's size, the first row's y
RECT = re.compile(r'<rect fill="([^"]+)" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"')
TEXT = re.compile(r'<text class="([^"]+)" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>')


def cells(svg: str) -> dict[tuple[int, int], tuple[str, ...]]:
    """A screenshot as what each cell shows: its background, its character and the
    character's style (Textual cuts a line into rectangles and texts by segment, so two
    screens alike can differ in their SVG)."""
    svg = re.sub(r"terminal-\d+", "t", svg)
    grid: dict[tuple[int, int], tuple[str, ...]] = {}
    for fill, x, y, width in RECT.findall(svg):
        row, col = round((float(y) - TOP) / CELL_H), round(float(x) / CELL_W)
        for c in range(col, col + round(float(width) / CELL_W)):
            grid[row, c] = (fill,)
    for style, x, y, text in TEXT.findall(svg):
        row, col = round((float(y) - TOP) / CELL_H) - 1, round(float(x) / CELL_W)
        for i, ch in enumerate(html.unescape(text)):
            grid[row, col + i] = (*grid.get((row, col + i), ("",))[:1], ch, style)
    return grid


def long_index(workspace: Path) -> Path:
    """``workspace`` whose MEMORY.md runs past the preview: plain notes after its entries."""
    index = workspace / "MEMORY.md"
    notes = "".join(f"- note {i}: a plain line the preview jumps to\n" for i in range(NOTES))
    index.write_text(index.read_text(encoding="utf-8") + "\n## Notes\n\n" + notes,
                     encoding="utf-8")
    return workspace


async def test_the_index_lands_on_its_entry_in_the_switchs_one_layout(
        workspace: Path) -> None:
    app = open_app(long_index(workspace), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        view = app.query_one("#index-view", AuditTable)
        await wait_for(pilot, lambda: view.table.row_count > NOTES)
        view.table.move_cursor(view.table.row_count - 5)  # a note near the end
        preview = app.query_one(MemoryPreview)
        picked = view.selection()
        assert picked is not None and picked[0] == "MEMORY.md" and picked[1]
        await wait_for(pilot, lambda: preview.line == picked[1])
        await pilot.pause(2.5)  # the jump's mark gone
        body = preview.body  # MEMORY.md's, kept while another file shows
        await switch(pilot, app, "2")
        await pilot.pause(0.4)
        assert preview.body is not body and round(preview.scroll_y) == 0
        seen: list[tuple[Any, ...]] = []
        layouts: list[str] = []

        def laid_out(screen: object) -> None:
            layouts.append(app.query_one(TabbedContent).active)
            if layouts[-1] == "index" and not seen:
                seen.append((round(preview.scroll_y), body.target, body.virtual_region.y))

        await all_built(pilot, app)  # (the views laid out ahead meanwhile: not the key's)
        app.screen.screen_layout_refresh_signal.subscribe(app, laid_out, immediate=True)
        layouts.clear()
        await switch(pilot, app, "1")
        await pilot.pause(0.4)
        assert preview.body is body and preview.line == picked[1]
        scroll_y, target, body_y = seen[0]
        assert target is not None  # the entry's block marked in that frame
        note = view.table.row_count - 5 - (view.table.row_count - NOTES)  # the row's note
        assert f"note {note}:" in body.drawn().words[target]
        top = body_y + body.block_lines(target)[0]
        assert scroll_y == min(top, preview.max_scroll_y) > 0  # scrolled in that frame
        assert layouts == ["index"], layouts  # and no layout after it
        assert round(preview.scroll_y) == scroll_y  # where it stays


async def test_the_focus_moving_with_a_switch_does_not_repaint_the_screen(
        workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        for key in "231":
            await switch(pilot, app, key)
        await pilot.pause(0.3)
        screen = app.screen
        asked: list[tuple[Any, ...]] = []
        refresh = screen.refresh

        def recorded(*regions: Any, **kwargs: Any) -> Any:
            asked.append((regions, kwargs))
            return refresh(*regions, **kwargs)

        screen.refresh = recorded  # type: ignore[method-assign]
        for key in "2312":
            await switch(pilot, app, key)
            await pilot.pause(0.2)
        assert screen.focused is not None
        # every widget on screen repainted (from cache) for a focus that draws nothing
        assert not [a for a in asked if not a[0] and a[1].get("repaint", True)], asked


async def test_the_previews_scrollbar_with_nothing_to_scroll_looks_as_its_gutter(
        workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path is not None)
        await pilot.pause(0.3)
        assert preview.max_scroll_y == 0 and preview.show_vertical_scrollbar  # short file
        shown = cells(app.export_screenshot())
        preview.styles.overflow_y = "auto"  # as it was: the scrollbar goes, the gutter stays
        await pilot.pause(0.3)
        assert not preview.show_vertical_scrollbar
        assert cells(app.export_screenshot()) == shown


async def test_a_long_body_draws_only_the_lines_on_screen(workspace: Path) -> None:
    """A switch, a mark or a theme draws the body's lines on screen again, not all of a
    long file's (MEMORY.md's strips were all made again at each switch to the Index)."""
    app = open_app(long_index(workspace), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path == "MEMORY.md")
        await pilot.pause(0.3)
        body = preview.body
        kept = body._kept_strips
        assert kept is not None and len(body.drawn().lines) > 2 * preview.size.height
        assert 0 < len(kept.lines) <= preview.size.height
        preview.scroll_end(animate=False, immediate=True)
        await pilot.pause(0.3)
        last = len(body.drawn().lines) - 1
        assert last in body._kept_strips.lines  # drawn as it comes on screen
        assert body.render_line(last) is body._kept_strips.lines[last]


async def test_the_previews_scrollbar_is_set_before_the_switchs_layout(
        workspace: Path) -> None:
    """A file of another height: the preview's height and scrollbar are set with the file,
    so the layout finds them and asks no repaint of the scrollbar (it came after the
    layout's paint: a second paint of the preview's column)."""
    app = open_app(long_index(workspace), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        for key in "21":
            await switch(pilot, app, key)
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path == "MEMORY.md")
        await pilot.pause(0.3)
        bar = preview.vertical_scrollbar
        refresh = bar.refresh
        in_layout: list[bool] = []

        def recorded(*regions: Any, **kwargs: Any) -> Any:
            in_layout.append(any(f.name == "_size_updated" for f in traceback.extract_stack()))
            return refresh(*regions, **kwargs)

        bar.refresh = recorded  # type: ignore[method-assign]
        heights = set()
        for key in "2121":
            await switch(pilot, app, key)
            await pilot.pause(0.3)
            heights.add(preview.virtual_size.height)
            assert (bar.window_virtual_size, bar.window_size) == (
                preview.virtual_size.height, preview.container_size.height)
        assert len(heights) == 2 and max(heights) > preview.container_size.height
        assert in_layout and not any(in_layout), in_layout
