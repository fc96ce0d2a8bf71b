"""A row-cursor DataTable that moves like every other list of the app: j / k, g / G."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import DataTable

from memtui.tui.widgets.focus_lines import LinesKeptOverFocus
from memtui.tui.widgets.hidden_focus import FocusStylesPutOffWhileHidden
from memtui.tui.widgets.pass_style import StyleOncePerPaint


class ListTable(FocusStylesPutOffWhileHidden, LinesKeptOverFocus, StyleOncePerPaint,
                DataTable[Any]):
    """Its lines drawn with its style worked out once a paint (``StyleOncePerPaint``),
    kept over a change of focus alone (``LinesKeptOverFocus``), and its restyle for the
    focus it loses while hidden put off (``FocusStylesPutOffWhileHidden``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
        Binding("g", "scroll_top", "First", show=False),
        Binding("G", "scroll_bottom", "Last", show=False),
    ]
