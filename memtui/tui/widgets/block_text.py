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

Only while read-only: an editable text area's cursor blinks, which these keys do not see.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.cache import LRUCache
from textual.geometry import Size
from textual.strip import Strip
from textual.widgets import TextArea

KEPT_LINES = 1024  # as many as Textual's own line cache


class BlockText(TextArea):
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
        top = wrapped.location_to_offset((row, 0)).y
        return range(top, top + len(wrapped.get_offsets(row)) + 1)

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
