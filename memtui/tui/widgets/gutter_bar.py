"""A scrollbar that, with nothing to scroll, draws the bare gutter it stands in.

The preview keeps its vertical scrollbar shown (``overflow-y: scroll``): left to come and
go with each file (``overflow-y: auto``), a long file after a short one or a Trend commit
showed it and a short one hid it, and each change is a layout reactive of Textual's
(``show_vertical_scrollbar``): a second full layout and paint of that view switch (Index,
Trend, Broken; issue 32 item 17). Shown with nothing to scroll, Textual draws its track
in the scrollbar's colour; this renderer draws it as the gutter was (the widget's own
background), so what shows is as before.
"""

from __future__ import annotations

from rich.color import Color
from rich.segment import Segments
from textual.scrollbar import ScrollBarRender
from textual.widget import Widget

BACK, BAR = Color.parse("#555555"), Color.parse("bright_magenta")  # Textual's defaults


class GutterBar(ScrollBarRender):
    """Textual's scrollbar, but the track without a thumb is its owner's background."""

    owner: Widget | None = None  # set on the class `for_widget` makes

    @classmethod
    def render_bar(cls, size: int = 25, virtual_size: float = 50, window_size: float = 20,
                   position: float = 0, thickness: int = 1, vertical: bool = True,
                   back_color: Color = BACK, bar_color: Color = BAR) -> Segments:
        owner = cls.owner
        nothing_to_scroll = not (window_size and size and virtual_size and size != virtual_size)
        if nothing_to_scroll and owner is not None:  # Textual's own test for a thumb
            back_color = owner.background_colors[1].rich_color
        return super().render_bar(size, virtual_size, window_size, position, thickness,
                                  vertical, back_color, bar_color)

    @classmethod
    def for_widget(cls, owner: Widget) -> type[GutterBar]:
        """The renderer of ``owner``'s scrollbars (``ScrollBar.renderer`` is a class)."""
        return type("GutterBar", (cls,), {"owner": owner})
