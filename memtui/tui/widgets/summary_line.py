"""A list view's summary that says all of itself at any width (newuser33 #25: the Index
summary ``… 36 past the load limit (struck o…`` was cut at 120 and 80 columns, its end shown
nowhere).

It keeps one line while the sentence fits; past that its asides in parentheses go first
(``234 with links (234 hot, 0 packed)`` → ``234 with links``); and what still does not fit
wraps onto a second line (at most ``MAX_LINES``), the only case where it costs a layout.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.visual import VisualType
from textual.widgets import Static

#: Lines the summary may take when even its short wording does not fit one.
MAX_LINES = 3


def without_asides(text: Text) -> Text:
    """``text`` without its top-level `` (…)`` groups, styles kept."""
    plain = text.plain
    cuts: list[tuple[int, int]] = []
    depth, start = 0, -1
    for i, ch in enumerate(plain):
        if ch == "(":
            if depth == 0:
                start = i - 1 if i and plain[i - 1] == " " else i
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            if depth == 0:
                cuts.append((start, i + 1))
    if not cuts:
        return text
    kept: list[Text] = []
    at = 0
    for begin, end in cuts:
        kept.append(text[at:begin])
        at = end
    kept.append(text[at:])
    return Text("").join(kept)


class SummaryLine(Static):
    """A summary (``update`` as a Static's) drawn whole: short wording, then wrapped."""

    DEFAULT_CSS = "SummaryLine { height: 1; }"

    def __init__(self, *, classes: str | None = None) -> None:
        super().__init__(classes=classes, markup=False)
        self._full = Text()
        self._short = Text()
        self._lines = 1

    def update(self, content: VisualType = "", *, layout: bool = False) -> None:
        """Say ``content`` (a Text or plain text); ``layout`` is decided here: only a
        change of the lines it needs lays the view out again."""
        self._full = content if isinstance(content, Text) else Text(str(content))
        self._short = without_asides(self._full)
        self._fit()

    @property
    def said(self) -> Text:
        """The summary whole, whatever part of it the width shows."""
        return self._full

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _fit(self) -> None:
        width = self.content_region.width
        text = self._full
        lines = 1
        if width and text.cell_len > width:
            text = self._short
            if text.cell_len > width:
                lines = min(MAX_LINES, len(text.wrap(self.app.console, width)))
        if lines != self._lines:
            self._lines = lines
            self.styles.height = lines  # (a layout: only when the line count changes)
        super().update(text, layout=False)
