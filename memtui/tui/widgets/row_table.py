"""A lean table for thousands of rows: a header line and a scrolling list of rows, each
rendered once into a cached strip.

Textual's DataTable renders every visible cell anew on each scroll step through Rich's
padding and measuring machinery, which costs a few hundred milliseconds per page at
160×50 on a busy machine; the audit views need cheap scrolling through 10,000 memories.
Rows here are fixed-width Rich ``Text`` cells (the view decides the widths), one line each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from memtui.tui.widgets.cell_cut import ListText, MiddleText, cut_parts, list_cut, middle_cut
from memtui.tui.widgets.focus_styles import focus_moved, styled_by_focus

GAP = 2  # cells between columns
MARK_WIDTH = 1
SCROLLBAR = 2  # cells the vertical scrollbar takes (its gutter is always kept)
# Rows kept rendered: a few screens' worth. Every cached strip is a few dozen objects the
# garbage collector walks on each full collection, so more is not better.
STRIP_CACHE_ROWS = 400


class RowTable(ScrollView, can_focus=True):
    """Columns of fixed widths; ``cells[i][j]`` is row i, column j (a Text or a str)."""

    ALLOW_SELECT = False  # rows are picked with the cursor, not selected as text

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "row-table--header", "row-table--cursor", "row-table--cursor-blurred",
        "row-table--odd", "row-table--mark",
    }

    DEFAULT_CSS = """
    RowTable { background: $surface; height: 1fr; scrollbar-gutter: stable; }
    RowTable > .row-table--header { background: $panel; color: $text; text-style: bold; }
    RowTable > .row-table--cursor { background: $block-cursor-background;
                                    color: $block-cursor-foreground; text-style: bold; }
    RowTable > .row-table--cursor-blurred { background: $block-cursor-blurred-background;
                                            color: $block-cursor-blurred-foreground; }
    RowTable > .row-table--odd { background: $surface-lighten-1 40%; }
    RowTable > .row-table--mark { color: $accent; text-style: bold; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", "Up", show=False),
        Binding("down", "cursor_down", "Down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("home,g", "first", "First", show=False),
        Binding("end,G", "last", "Last", show=False),
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
        Binding("enter", "select", "Select", show=False),
    ]

    cursor_row: reactive[int] = reactive(0, always_update=True, init=False)

    @dataclass
    class Highlighted(Message):
        """The cursor moved to ``row``."""

        table: RowTable
        row: int

    @dataclass
    class Selected(Message):
        """Enter (or a click on the cursor row) on ``row``."""

        table: RowTable
        row: int

    @dataclass
    class HeaderClicked(Message):
        """A click on the header of ``column`` (index into the columns given)."""

        table: RowTable
        column: int

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.labels: list[Text] = []
        self.widths: list[int] = []
        self.justify: list[str] = []
        self.cells: Sequence[Sequence[Text | str]] = []
        self.marks: set[int] = set()
        self.picks: set[int] = set()
        self._strips: dict[int, Strip] = {}
        self._strip_geometry = (0, 0)  # (width, scroll_x) the cached strips were cut to
        self._styles: dict[str, Style] = {}
        self._styles_stale = False  # restyled since `_styles` was resolved

    # -- data ------------------------------------------------------------------------------

    @property
    def row_count(self) -> int:
        return len(self.cells)

    def set_columns(self, labels: Sequence[Text | str], widths: Sequence[int],
                    justify: Sequence[str] | None = None) -> None:
        self.labels = [lb if isinstance(lb, Text) else Text(lb) for lb in labels]
        self.widths = list(widths)
        self.justify = list(justify or ["left"] * len(self.widths))
        self._changed()

    def set_rows(self, cells: Sequence[Sequence[Text | str]], marks: set[int] | None = None,
                 cursor: int | None = None, picks: set[int] | None = None) -> None:
        """Replace every row; the cursor goes to ``cursor`` (else stays, clamped).
        ``marks`` flag changed rows (●), ``picks`` picked ones (✓). A list is copied (its
        owner may change it); another sequence is kept as given and asked for a row's cells
        only when that row is drawn (a view's 10,000 rows make their cells then)."""
        self.cells = list(cells) if isinstance(cells, list) else cells
        self.marks = set(marks or ())
        self.picks = set(picks or ())
        self._changed()
        row = self.cursor_row if cursor is None else cursor
        self.set_reactive(RowTable.cursor_row, max(0, min(row, self.row_count - 1)))
        if self.row_count:
            self.post_message(self.Highlighted(self, self.cursor_row))

    def set_marks(self, marks: set[int]) -> None:
        for row in self.marks ^ set(marks):
            self._strips.pop(row, None)
        self.marks = set(marks)
        self.refresh()

    def set_picks(self, picks: set[int]) -> None:
        for row in self.picks ^ set(picks):
            self._strips.pop(row, None)
        self.picks = set(picks)
        self.refresh()

    def _changed(self) -> None:
        self._strips.clear()
        self._styles.clear()
        width = sum(w + GAP for w in self.widths if w) + MARK_WIDTH
        self.virtual_size = Size(width, self.row_count + 1)
        self.refresh()

    def notify_style_update(self) -> None:
        """Restyled (a theme, a class, the focus coming or going): the rows drawn are kept
        unless their styles changed, found when next drawn. Focus changes none of them
        here, and a view switch moves the focus: every row drawn again was 2–3 ms of it."""
        super().notify_style_update()
        self._styles_stale = True

    # -- rendering -------------------------------------------------------------------------
    #
    # Holding page-down redraws every visible row on each key-repeat; at 10,000 rows that
    # is all new rows each time. So each row becomes one strip in a single pass, its final
    # styles (widget, odd-row stripe, cell) combined once and the strip cropped to the
    # widget's width, then cached; the styles themselves are resolved once per theme or
    # size change instead of on every line (bench/TUI.md).

    def _style_set(self) -> dict[str, Style]:
        styles = self._styles
        if self._styles_stale:
            self._styles_stale = False
            before = dict(styles)
            styles.clear()
            if before != self._style_set():
                self._strips.clear()
        if not styles:
            base = self.rich_style
            styles["base"] = base
            for name in self.COMPONENT_CLASSES:
                styles[name] = base + self.get_component_rich_style(name)
            styles["mark"] = self.get_component_rich_style("row-table--mark")
        return styles

    def _line_strip(self, row: int, line_style: Style, width: int, scroll_x: int,
                    cursor: bool = False) -> Strip:
        """Row ``row`` drawn with ``line_style`` under its cells, cut to the visible width;
        on the ``cursor`` row the cells lose their own colours (red on the blue cursor bar
        is unreadable): the cursor's foreground is chosen to contrast with its bar."""
        styles = self._style_set()
        mark = line_style if cursor else line_style + styles["mark"]
        if row in self.picks:
            lead = Segment("✓", mark)
        elif row in self.marks:
            lead = Segment("●", mark)
        else:
            lead = Segment(" ", line_style)
        cells = self.cells[row]
        if cursor:
            cells = [_uncoloured(cell, self.app.console) for cell in cells]
        strip = Strip(self._segments(lead, cells, line_style))
        return _cut(strip, scroll_x, width, styles["base"])

    def _segments(self, lead: Segment, cells: Sequence[Text | str],
                  style: Style) -> list[Segment]:
        """``lead`` (the mark column), then each shown cell (width > 0) after a gap, over
        ``style``."""
        segments = [lead]
        gap = Segment(" " * GAP, style)
        console = self.app.console
        for cell, cell_width, justify in zip(cells, self.widths, self.justify, strict=False):
            if not cell_width:
                continue  # a column hidden for lack of room
            segments.append(gap)
            if isinstance(cell, ListText):
                cell = list_cut(cell, cell_width)
            segments.extend(_cell_segments(cell, cell_width, justify, style, console))
        return segments

    def _row_strip(self, row: int, width: int, scroll_x: int) -> Strip:
        if self._strip_geometry != (width, scroll_x):
            self._strips.clear()
            self._strip_geometry = (width, scroll_x)
        strip = self._strips.get(row)
        if strip is None:
            styles = self._style_set()
            line = styles["row-table--odd"] if row % 2 else styles["base"]
            strip = self._line_strip(row, line, width, scroll_x)
            if len(self._strips) >= STRIP_CACHE_ROWS:
                self._strips.clear()
            self._strips[row] = strip
        return strip

    def draw_ahead(self, width: int, height: int) -> None:
        """Draw now the rows a first layout at ``width`` shows (``height`` lines at most):
        that layout, the first audit's, was the app's worst freeze (issue 35)."""
        top, scroll_x = int(self.scroll_y), int(self.scroll_x)
        for row in range(top, min(top + height - 1, self.row_count)):
            if row != self.cursor_row:  # (drawn live)
                self._row_strip(row, width, scroll_x)

    def _header_strip(self, width: int, scroll_x: int) -> Strip:
        style = self._style_set()["row-table--header"]
        strip = Strip(self._segments(Segment(" " * MARK_WIDTH, style), self.labels, style))
        return _cut(strip, scroll_x, width, style)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.size.width
        if y == 0:
            return self._header_strip(width, scroll_x)
        row = scroll_y + y - 1
        if row >= self.row_count:
            return Strip.blank(width, self._style_set()["base"])
        if row == self.cursor_row:
            name = "row-table--cursor" if self.has_focus else "row-table--cursor-blurred"
            return self._line_strip(row, self._style_set()[name], width, scroll_x, cursor=True)
        return self._row_strip(row, width, scroll_x)

    def watch_has_focus(self, _has_focus: bool) -> None:
        """Restyled for the focus only when a rule asks for it (``focus_styles``): here
        the focus changes the cursor row's colours alone, drawn by ``render_line``."""
        if styled_by_focus(self):
            super().watch_has_focus(_has_focus)

    # The focus coming or going redraws the cursor's row alone: the rest looks the same.

    def _on_focus(self, event: events.Focus) -> None:
        focus_moved(self, event, self._refresh_cursor_row)

    def _on_blur(self, event: events.Blur) -> None:
        focus_moved(self, event, self._refresh_cursor_row)

    def _refresh_cursor_row(self) -> None:
        self.refresh_line(self.cursor_row + 1)

    def on_resize(self, event: events.Resize) -> None:
        """Keep the cursor row in view when the table grows or shrinks (once the new
        size is laid out: the row the cursor is on then, a key may have moved it)."""
        self.call_after_refresh(lambda: self.scroll_to_row(self.cursor_row))

    # -- cursor ----------------------------------------------------------------------------

    @property
    def visible_rows(self) -> int:
        """Rows on screen under the header, above a horizontal scrollbar if one shows."""
        return max(1, self.scrollable_content_region.height - 1)

    @property
    def page(self) -> int:
        return max(1, self.visible_rows - 1)

    def move_cursor(self, row: int) -> None:
        if not self.row_count:
            return
        self.cursor_row = max(0, min(row, self.row_count - 1))

    def watch_cursor_row(self, old: int, new: int) -> None:
        self.refresh()
        self.scroll_to_row(new)
        if self.row_count:
            self.post_message(self.Highlighted(self, new))

    def scroll_to_row(self, row: int) -> None:
        visible = self.visible_rows
        top = int(self.scroll_y)
        if row < top:
            self.scroll_to(y=row, animate=False)
        elif row >= top + visible:
            self.scroll_to(y=row - visible + 1, animate=False)

    def action_cursor_up(self) -> None:
        self.move_cursor(self.cursor_row - 1)

    def action_cursor_down(self) -> None:
        self.move_cursor(self.cursor_row + 1)

    def action_page_up(self) -> None:
        self.move_cursor(self.cursor_row - self.page)

    def action_page_down(self) -> None:
        self.move_cursor(self.cursor_row + self.page)

    def action_first(self) -> None:
        self.move_cursor(0)

    def action_last(self) -> None:
        self.move_cursor(self.row_count - 1)

    def action_select(self) -> None:
        if self.row_count:
            self.post_message(self.Selected(self, self.cursor_row))

    # -- mouse -----------------------------------------------------------------------------

    def _on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        if offset.y == 0:
            x = offset.x + int(self.scroll_x) - MARK_WIDTH
            for i, width in enumerate(self.widths):
                if not width:
                    continue
                x -= GAP + width
                if x < 0:
                    self.post_message(self.HeaderClicked(self, i))
                    break
            return
        row = int(self.scroll_y) + offset.y - 1
        if 0 <= row < self.row_count:
            if row == self.cursor_row or event.chain > 1:
                self.post_message(self.Selected(self, row))
            self.move_cursor(row)


def _uncoloured(cell: Text | str, console: Console) -> Text | str:
    """``cell`` with its colours dropped and its other attributes (bold, strike) kept."""
    if isinstance(cell, str):
        return cell

    def plain(style: str | Style) -> Style:
        return (console.get_style(style) if isinstance(style, str) else style).without_color

    # the cell's own kind stays: a MiddleText is cut in the middle on the cursor row too
    out = type(cell)(cell.plain, style=plain(cell.style), justify=cell.justify, end="")
    for span in cell.spans:
        out.stylize(plain(span.style), span.start, span.end)
    if isinstance(cell, ListText) and isinstance(out, ListText):
        out.ends = cell.ends
    return out


def _cut(strip: Strip, scroll_x: int, width: int, style: Style) -> Strip:
    """The visible ``width`` cells of ``strip`` from ``scroll_x``, padded with ``style``.
    (``Strip.crop_extend`` to a strip's own length caches the strip in itself: a reference
    cycle only a full garbage collection frees.)"""
    if scroll_x == 0 and strip.cell_length == width:
        return strip
    return strip.crop_extend(scroll_x, scroll_x + width, style)


def _cell_segments(cell: Text | str, width: int, justify: str, line_style: Style,
                   console: Console) -> list[Segment]:
    """``cell`` as segments exactly ``width`` cells wide, its own styles over
    ``line_style``. Plain cells that fit (nearly all) skip Rich's Text machinery."""
    if isinstance(cell, str):
        plain, style = cell, line_style
    elif not cell.spans:
        plain = cell.plain
        own = console.get_style(cell.style) if isinstance(cell.style, str) else cell.style
        style = line_style + own if own else line_style
    else:
        plain, style = "", None
    if style is not None and "\n" not in plain:
        room = width - cell_len(plain)
        if room >= 0:
            right = justify == "right" or (isinstance(cell, Text) and cell.justify == "right")
            return [Segment(" " * room + plain if right else plain + " " * room, style)]
        if not isinstance(cell, MiddleText):
            # Too wide: cut as `_fit` cuts it (Text.truncate's ellipsis: the cells that fit
            # in width - 1, padded where a wide character would straddle, then "…"),
            # without a Text made, measured and rendered for it (half the cells of the
            # Index view's first screen; issue 35, the counting freeze).
            return [Segment(set_cell_size(plain, width - 1) + "…", style)]
    if isinstance(cell, Text) and not cell.style and "\n" not in cell.plain:
        quick = _spans_segments(cell, width, justify == "right" or cell.justify == "right",
                                line_style, console)
        if quick is not None:
            return quick
    return [Segment(text, line_style + seg_style if seg_style else line_style)
            for text, seg_style, _ in _fit(cell, width, justify).render(console)]


def _spans_segments(cell: Text, width: int, right: bool, line_style: Style,
                    console: Console) -> list[Segment] | None:
    """What ``_fit(cell, ...).render`` gives over ``line_style``, for a cell of spans in
    order that do not overlap (the Index view's Targets, the paths of the other views),
    without Rich's Text made, divided, truncated and rendered (issue 35, the counting
    freeze); None for any other cell."""
    plain = cell.plain
    spans = [(s.start, s.end, s.style) for s in cell.spans if s.end > s.start]
    last = 0
    for start, end, _style in spans:
        if start < last or end > len(plain):
            return None  # overlapping or out of order: Rich's stack of styles decides
        last = end
    if isinstance(cell, MiddleText) and width >= 5 and cell_len(plain) > width:
        # middle_cut: the first `head` characters, "…", the last `tail`
        at, head, tail = cut_parts(plain, width)
        back, end = len(plain) - tail, at + head
        spans = ([(max(s, at) - at, min(e, end) - at, st) for s, e, st in spans
                  if s < end and e > at]
                 + [(max(s, back) - back + head + 1, e - back + head + 1, st)
                    for s, e, st in spans if e > back])
        plain = plain[at:end] + "…" + plain[back:]
    if cell_len(plain) > width:  # Text.truncate's ellipsis, its spans trimmed
        cut = set_cell_size(plain, width - 1) + "…"
        if len(cut) < len(plain):
            spans = [(s, min(e, len(cut)), st) for s, e, st in spans if s < len(cut)]
        plain = cut
    room = width - cell_len(plain)
    if room > 0:
        if right:
            spans = [(s + room, e + room, st) for s, e, st in spans]
            plain = " " * room + plain
        else:
            plain += " " * room
    out: list[Segment] = []
    at = 0
    for start, end, span_style in spans:
        if start > at:
            out.append(Segment(plain[at:start], line_style))
        if end > start:
            own = console.get_style(span_style, default=Style.null())
            out.append(Segment(plain[start:end], line_style + own if own else line_style))
        at = max(at, end)
    if at < len(plain):
        out.append(Segment(plain[at:], line_style))
    return out


def _fit(cell: Text | str, width: int, justify: str) -> Text:
    """``cell`` cut (with an ellipsis; in the middle for a MiddleText) or padded to
    exactly ``width`` cells."""
    right = justify == "right" or (isinstance(cell, Text) and cell.justify == "right")
    if isinstance(cell, MiddleText):
        cell = middle_cut(Text.assemble(cell), width)
    if isinstance(cell, Text):
        text = Text(end="")
        text.append(cell)  # the cell's own style becomes a span: Text.render ignores it
    else:
        text = Text(str(cell))
    if "\n" in text.plain:
        text = Text(" ").join(text.split("\n", allow_blank=True))
    text.truncate(width, overflow="ellipsis")
    room = width - text.cell_len
    if room > 0:
        if right:
            text = Text(" " * room) + text
        else:
            text.append(" " * room)
    text.no_wrap = True
    text.end = ""
    return text
