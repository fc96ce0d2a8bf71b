"""The Block view's read-only text: not wrapped again, nor its lines drawn again, when it
is only shown again or only gains or loses the focus.

Each view switch to and from the Block view showed Textual's ``TextArea`` 4 ms of wrapping
(a resize event comes with being shown, and Textual's text area wraps the whole document
again on each, MEMORY.md's 600 lines) and 7–8 ms of drawing its ~30 lines on screen
afresh (a restyle comes with each focus change, and Textual's text area drops every line
it drew on each) (issue 32 item 17). Here:

- a resize event to the size of the last one, with the wrapping width unchanged, is not
  passed on to Textual's text area (its wrapping is that width's already);
- the lines drawn are kept by everything they are drawn from (the focus for the cursor's
  line only, as the cursor is drawn with it and nothing else is; the wrapping width: a
  view built ahead draws its lines without the focus, and its first show, with the focus,
  draws the cursor's line alone, not the ~30 on screen) and dropped when the text is loaded,
  when the scrollbar comes or goes (Textual wraps again at the same size), or when a
  restyle changes the resolved styles (a theme) — found when next drawn, so a focus
  change drops none.

- a focus change restyles it only until both focus states have been seen to resolve to
  the same styles (its own and its component classes'): Textual restyles it and its
  scrollbars for its ``:focus`` rules (``TextArea:focus``'s border, which the Block view's
  ``border: none`` outranks), ~3 ms each way. Any other restyle (a theme, a class, the
  stylesheet, an ancestor's pseudo-class) forgets what was seen.

A long line is divided into its wrapped rows once, not once for each row drawn (newuser25
#40): Textual's text area divides the whole line to draw any one of its rows, and finds
where the cursor's line starts on screen by dividing it too; a MEMORY.md of one 1 MB line
(40,000 links, ~10,000 rows at 110 columns) cost ~0.1 s a row, ~6 s for the first screen
of it. Here the division is kept for the next row of the same line (``DividedOnce``), and
the cursor line's rows for the same cursor row, text and wrapping.

Only while read-only: an editable text area's cursor blinks, which these keys do not see.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from rich.containers import Lines
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Size
from textual.strip import Strip
from textual.widgets import TextArea

from memtui.tui.curate_actions import UNDO_TURN_KEY

KEPT_LINES = 1024  # as many as Textual's own line cache

#: The last division of a line: what was divided (text, spans, offsets) and its rows.
Division = tuple[tuple[Any, ...], Lines]


class DividedOnce(Text):
    """A line of the text whose division into rows is kept in ``kept`` (one, shared by
    the lines a text area gets): drawing the next row of the same line, styled the same,
    divides it no more."""

    __slots__ = ("kept",)

    def __init__(self, text: str, kept: list[Division]) -> None:
        super().__init__(text, end="", no_wrap=True)
        self.kept = kept

    def divide(self, offsets: Iterable[int]) -> Lines:
        at = tuple(offsets)
        key = (self.plain, tuple(self.spans), self.style, self.end, self.tab_size, at)
        if self.kept and self.kept[0][0] == key:
            return self.kept[0][1]
        rows = super().divide(at)
        self.kept[:] = [(key, rows)]
        return rows


class BlockText(TextArea):
    #: Read-only, so the text area's own undo (ctrl+z) has nothing to undo: the key goes to
    #: the app's "undo the agent's last turn", as in every other view (newuser41 #3: in the
    #: Block view it did nothing).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(UNDO_TURN_KEY, "app.undo_turn", "Undo agent turn", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sized: Size | None = None  # the size of the last resize event
        self._wrapped_at: int | None = None  # the wrapping width at that event or load
        self._kept: LRUCache[tuple[Any, ...], Strip] = LRUCache(KEPT_LINES)
        self._restyled = True
        self._styled: tuple[Any, ...] = ()  # the resolved styles the kept lines are in
        #: The styles each focus state resolved to, since the last restyle not for focus.
        self._looks: dict[bool, tuple[str, ...]] = {}
        self._focus_restyle = False  # within a restyle for the focus
        #: The last ``_cursor_lines`` answer, by the cursor's row and the wrapping it is in.
        self._cursor_span: tuple[tuple[Any, ...], range] | None = None
        self._division: list[Division] = []  # the last line divided into rows

    def get_line(self, line_index: int) -> Text:
        """The line as Textual's, divided into its rows once while read-only."""
        if not self.read_only:
            return super().get_line(line_index)
        return DividedOnce(self.document.get_line(line_index), self._division)

    def on_resize(self, event: events.Resize) -> None:
        width = self.wrap_width
        if event.size == self._sized and width == self._wrapped_at:
            event.prevent_default()  # shown again at its size: Textual's would wrap again
        self._sized = event.size
        self._wrapped_at = width

    def watch_show_vertical_scrollbar(self) -> None:
        """Textual's text area wraps again (at the same size) for its scrollbar coming or
        going, after which this runs: the lines drawn before are at the old width."""
        self._wrapped_at = self.wrap_width
        self._kept.clear()

    def load_text(self, text: str) -> None:
        super().load_text(text)
        self._wrapped_at = self.wrap_width
        self._kept.clear()
        self._division.clear()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._restyled = True
        if not self._focus_restyle:
            self._looks.clear()

    def _resolved(self) -> tuple[str, ...]:
        return (self.styles.css, *(self.get_component_styles(name).css
                                   for name in sorted(self.COMPONENT_CLASSES)))

    def watch_has_focus(self, _has_focus: bool) -> None:
        """Restyled for the focus (Textual's) unless both focus states are known to look
        the same; the styles each resolves to are noted after its restyle."""
        looks = self._looks
        if True in looks and looks.get(True) == looks.get(False):
            return
        self._focus_restyle = True
        try:
            super().watch_has_focus(_has_focus)
        finally:
            self._focus_restyle = False
        looks[_has_focus] = self._resolved()

    def _style_key(self) -> tuple[Any, ...]:
        return (self.rich_style, *(self.get_component_rich_style(name, partial=True)
                                   for name in sorted(self.COMPONENT_CLASSES)))

    def _cursor_lines(self) -> range:
        """The lines on screen (counted from the text's top) of the cursor's line: the only
        ones the focus changes (Textual's text area draws the cursor with it alone)."""
        row = self.selection.end[0]
        wrapped = self.wrapped_document
        key = (row, self.document, wrapped, self.wrap_width, wrapped.height)
        if self._cursor_span is not None and self._cursor_span[0] == key:
            return self._cursor_span[1]
        top = wrapped.location_to_offset((row, 0)).y
        span = range(top, top + len(wrapped.get_offsets(row)) + 1)
        self._cursor_span = (key, span)
        return span

    def render_line(self, y: int) -> Strip:
        if not self.read_only:
            return super().render_line(y)
        if self._restyled:
            self._restyled = False
            styled = self._style_key()
            if styled != self._styled:
                self._styled = styled
                self._kept.clear()
        focus = self.has_focus and y + int(self.scroll_offset.y) in self._cursor_lines()
        key = (y, focus, self.size, self.wrap_width, self.scroll_offset, self.selection,
               self.document, self.theme, self.soft_wrap, self.show_line_numbers,
               self.line_number_start, self.show_cursor, self.highlight_cursor_line,
               self.match_cursor_bracket, self.indent_width, self.suggestion,
               self.placeholder)
        line = self._kept.get(key)
        if line is None:
            line = super().render_line(y)
            self._kept.set(key, line)
        return line
