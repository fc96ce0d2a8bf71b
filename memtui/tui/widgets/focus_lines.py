"""A Textual widget's lines kept over a change of focus alone (issue 32 item 17).

Textual's ``DataTable`` restyles at each focus change (its own ``:focus`` rules change the
cursor row's colours and the tint) and drops every row, cell and line it drew, so each
switch to the Trend view drew its table afresh (~5 ms of ~55). The lines drawn are kept
here by the focus and where they are drawn (line, size, scroll, cursor, hover), and
dropped at any other refresh of the widget (new rows, a sort, a theme, a class, a resize,
a scroll): Textual paints a widget again only after a refresh of it, so a refresh that the
focus alone asked for is the only one whose lines can be kept, and each focus state keeps
its own. Textual's ``focus`` repaints the widget before it moves the focus, and its focus
handlers (``Widget``'s: ``has_focus``, a repaint, the parent
told) are done here, within that one exception.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.cache import LRUCache
from textual.strip import Strip

from memtui.tui.widgets.focus_styles import focus_moved

KEPT_LINES = 512


class LinesKeptOverFocus:
    """Mixed in before a Textual widget class (``class T(LinesKeptOverFocus, DataTable)``)
    whose looks change with the focus only as drawn again by ``render_line``."""

    _kept: LRUCache[tuple[Any, ...], Strip] | None = None
    _focus_moving = False  # within a change of focus: its refreshes keep the lines

    def refresh(self, *args: Any, **kwargs: Any) -> Any:
        if not self._focus_moving and self._kept is not None:
            self._kept.clear()
        outer: Any = super()
        return outer.refresh(*args, **kwargs)

    def focus(self, scroll_visible: bool = True) -> Any:
        """Textual's ``focus`` repaints the widget before it moves the focus."""
        self._focus_moving = True
        try:
            outer: Any = super()
            return outer.focus(scroll_visible)
        finally:
            self._focus_moving = False

    def _focus_moved(self, event: events.Focus | events.Blur) -> None:
        me: Any = self
        self._focus_moving = True
        try:
            focus_moved(me, event, me.refresh)
        finally:
            self._focus_moving = False

    def _on_focus(self, event: events.Focus) -> None:
        self._focus_moved(event)

    def _on_blur(self, event: events.Blur) -> None:
        self._focus_moved(event)

    def render_line(self, y: int) -> Strip:
        me: Any = self
        if self._kept is None:
            self._kept = LRUCache(KEPT_LINES)
        key = (y, me.has_focus, me.size, me.scroll_offset, me.cursor_coordinate,
               me.hover_coordinate, me.cursor_type, me.show_cursor)
        line = self._kept.get(key)
        if line is None:
            outer: Any = super()
            line = outer.render_line(y)
            self._kept.set(key, line)
        return line
