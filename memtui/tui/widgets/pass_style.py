"""A widget's Rich style worked out once per paint, not once per line drawn.

Textual's ``DataTable`` and ``Tree`` ask for ``rich_style`` in every ``render_line``, and
``DOMNode.rich_style`` walks every ancestor's styles each time (background, colour,
opacity): ~0.15 ms a line, 4 ms of each view switch to the Trend view (its table) and to
the Graph view (its tree) at 120x40 (issue 32 item 17). Within one ``render_lines`` call
no style can change (Textual paints synchronously), so the style of the first line is the
style of them all; outside a paint ``rich_style`` is Textual's, worked out afresh.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip


class StyleOncePerPaint:
    """Mixed in before a Textual widget class (``class T(StyleOncePerPaint, DataTable)``)."""

    _paint_style: Style | None = None  # ``rich_style`` during one ``render_lines`` call

    def render_lines(self, crop: Region) -> list[Strip]:
        outer: Any = super()
        self._paint_style = None
        self._paint_style = outer.rich_style
        try:
            lines: list[Strip] = outer.render_lines(crop)
            return lines
        finally:
            self._paint_style = None

    @property
    def rich_style(self) -> Style:
        style = self._paint_style
        if style is None:
            outer: Any = super()
            return outer.rich_style  # type: ignore[no-any-return]
        return style
