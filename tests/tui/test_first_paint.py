"""The first audit's paint is done once (issue 35, the counting freeze): the shown view's
columns are fit to the width the view gets when its loading cover goes (not to 80 cells,
then again a frame later), its visible rows are drawn before that frame (when the result is
handed over) and not again in it, "nothing selected" uses the body the preview was made
with (no body mounted, no layout of the screen awaited for it), and a too-wide plain cell
is cut exactly as Rich's ellipsis cuts it."""

from __future__ import annotations

import random
from pathlib import Path

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.strip import Strip

from memtui.core.audit import AuditOptions
from memtui.core.workspace import open_workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.widgets.audit_table import AuditTable
from memtui.tui.widgets.cell_cut import MiddleText, middle_cut
from memtui.tui.widgets.markdown_body import MarkdownBody
from memtui.tui.widgets.preview import MemoryPreview
from memtui.tui.widgets.row_table import RowTable
from tests.core.helpers import memory
from tests.tui.test_app import started
from tests.tui.test_resize_cursor import indexed


async def test_the_first_rows_are_drawn_at_the_views_width(tmp_path: Path,
                                                           monkeypatch) -> None:
    every: list[tuple[str, object, RowTable]] = []  # (the views built ahead's tables too)
    set_columns, set_rows = RowTable.set_columns, RowTable.set_rows

    def columns(self: RowTable, labels, widths, justify=None) -> None:  # type: ignore[no-untyped-def]
        every.append(("columns", list(widths), self))
        set_columns(self, labels, widths, justify)

    def rows(self: RowTable, cells, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        every.append(("rows", len(cells), self))
        set_rows(self, cells, *args, **kwargs)

    monkeypatch.setattr(RowTable, "set_columns", columns)
    monkeypatch.setattr(RowTable, "set_rows", rows)
    app = MemtuiApp(open_workspace(indexed(tmp_path, 60)), AuditOptions(), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        view = app.active_view
        assert isinstance(view, AuditTable)
        table = view.query_one(RowTable)
        calls = [(what, n) for what, n, t in every if t is table]
        first_rows = next(i for i, (what, n) in enumerate(calls) if what == "rows" and n)
        # the widths the rows were first drawn with are the view's, never fit again
        assert table.widths == view.column_widths(view.size.width)
        assert all(what != "columns" for what, _ in calls[first_rows:]), calls
        widths = [w for what, w in calls[:first_rows] if what == "columns"]
        assert widths[-1] == table.widths


async def test_the_first_rows_are_drawn_before_the_frame_that_shows_them(
        tmp_path: Path, monkeypatch) -> None:
    drawn: list[tuple[int, int]] = []  # (row, the table's width when drawn): first result
    line_strip = RowTable._line_strip

    def watched(self: RowTable, row: int, *args, **kwargs) -> Strip:  # type: ignore[no-untyped-def]
        if self.app.shown == 1:  # (the result with the token counts draws its rows anew)
            drawn.append((row, self.size.width))
        return line_strip(self, row, *args, **kwargs)

    monkeypatch.setattr(RowTable, "_line_strip", watched)
    app = MemtuiApp(open_workspace(indexed(tmp_path, 80)), AuditOptions(), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        view = app.active_view
        assert isinstance(view, AuditTable)
        table = view.query_one(RowTable)
        shown = range(1, table.visible_rows)  # under the header; row 0 has the cursor
        assert table.cursor_row == 0 and table.scroll_y == 0
        # every row of the first screen drawn once, before the table had its size
        ahead = [row for row, width in drawn if width == 0]
        assert set(shown) <= set(ahead)
        assert not [row for row, width in drawn if width and row in shown], drawn
        # and drawn as the table draws them now that it is laid out
        lines = [table.render_line(y).text for y in range(table.size.height)]
        table.set_rows(list(table.cells))  # every row drawn afresh
        assert [table.render_line(y).text for y in range(table.size.height)] == lines
        assert all(len(line) == table.size.width for line in lines)


async def test_nothing_selected_mounts_no_body(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("", encoding="utf-8")  # no row: nothing selected
    (root / "memory" / "a.md").write_text(memory("a", "Fact."), encoding="utf-8")
    app = MemtuiApp(open_workspace(root), AuditOptions(), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.pause(0.1)
        preview = app.query_one(MemoryPreview)
        assert preview.path is None
        # the body mounted with the preview shows it; no other shows (a body made ahead
        # for a view not shown yet, `MemoryPreview.prepare`, is hidden)
        assert preview.body.id == "preview-body"
        assert [b for b in preview.query(MarkdownBody) if b.display] == [preview.body]
        assert preview.body.display and preview.body.source == ""


class Cells(App[None]):
    def compose(self) -> ComposeResult:
        yield RowTable(id="own")  # cells whose style is their own (the quick cut)
        yield RowTable(id="spans")  # the same look through spans (Rich's cut)


def look(strip: Strip) -> list[tuple[str, Style]]:
    """Each cell of a line with its style (however the segments divide the line)."""
    return [(ch, seg.style or Style()) for seg in strip for ch in seg.text]


def spanned(text: str, style: str) -> Text:
    """``text`` styled through a span (a cell Rich cuts: `row_table._fit`)."""
    out = Text(end="")
    out.append(text, style=style or "none")
    return out


async def test_a_plain_cell_is_cut_as_rich_cuts_it() -> None:
    # every cell too wide for its column (a cell that fits is padded, not cut)
    words = ["abcdefghij", "a b c d e f g", "x" * 40, "fits fits", "0123456789",
             "abcdefghi", "a.b-c_d/e:f", "保養之後 yield", "a側壁角度 wafer", "wafer — 良率85",
             "e\u0301e\u0301e\u0301e\u0301e\u0301"]
    styles = ["", "bold red", "italic", "dim", "bold", "", "underline", "", "bold", "dim",
              "italic"]
    app = Cells()
    async with app.run_test(size=(80, 40)) as pilot:
        own, spans = app.query_one("#own", RowTable), app.query_one("#spans", RowTable)
        for table in (own, spans):
            table.set_columns(["a", "b", "c", "d"], [5, 1, 3, 8],
                              ["left", "right", "left", "right"])
        own.set_rows([[Text(w, style=s), w, Text(w, style=s, justify="right"), w + w]
                      for w, s in zip(words, styles, strict=True)])
        spans.set_rows([[spanned(w, s), spanned(w, ""), spanned(w, s), spanned(w + w, "")]
                        for w, s in zip(words, styles, strict=True)])
        await pilot.pause()
        for y in range(2, len(words) + 1):  # past the header and the cursor row
            assert look(own.render_line(y)) == look(spans.render_line(y)), y
        assert own.render_line(2).text.startswith(" " * 3 + "a b …")


def rich_cut(cell: Text, width: int, right: bool) -> Text:
    """What Rich itself makes of a cell: cut in the middle (`middle_cut`) when it is a
    MiddleText, then Text.truncate's ellipsis, then padded."""
    if isinstance(cell, MiddleText):
        cell = middle_cut(Text.assemble(cell), width)
    text = Text(end="")
    text.append(cell)
    text.truncate(width, overflow="ellipsis")
    room = width - text.cell_len
    if room > 0:
        if right:
            text = Text(" " * room) + text
        else:
            text.append(" " * room)
    text.style = "none"  # a style of its own (no look): the table draws it through Rich
    return text


async def test_cells_of_spans_are_cut_as_rich_cuts_them() -> None:
    """A cell of styled parts (the Index view's Targets, a MiddleText) drawn without
    Rich's Text machinery: the same characters in the same styles as Rich's cut, for
    ASCII, CJK and combining marks, cut in the middle or at the end, padded left or
    right, at widths from 1 to past the cell's own."""
    rng = random.Random(35)
    parts = ["memory/a.md", "✗ gone.md", "[[wiki]]", "保養之後", "e\u0301e\u0301", " ", "x" * 30,
             "b", "側壁角度.md"]
    styles = ["", "green", "bold red", "dim", "underline italic", "#ff8800"]
    app = Cells()
    async with app.run_test(size=(200, 40)) as pilot:
        own, spans = app.query_one("#own", RowTable), app.query_one("#spans", RowTable)
        for _ in range(25):
            widths = [rng.randint(1, 40) for _ in range(4)]
            justify = [rng.choice(["left", "right"]) for _ in range(4)]
            rows_quick, rows_rich = [], []
            for _row in range(12):
                quick_row, rich_row = [], []
                for width, side in zip(widths, justify, strict=True):
                    cell = rng.choice([MiddleText, Text])()
                    for _part in range(rng.randint(0, 5)):
                        cell.append(rng.choice(parts), style=rng.choice(styles))
                    quick_row.append(cell)
                    rich_row.append(rich_cut(cell, width, side == "right"))
                rows_quick.append(quick_row)
                rows_rich.append(rich_row)
            for table, rows in ((own, rows_quick), (spans, rows_rich)):
                table.set_columns(["a", "b", "c", "d"], widths, justify)
                table.set_rows(rows)
            await pilot.pause()
            for y in range(2, 13):  # past the header and the cursor row
                assert look(own.render_line(y)) == look(spans.render_line(y)), (widths, y)
