"""A list view's summary that says all of itself at any width (newuser33 #25: the Index
summary ``… 36 past the load limit (struck o…`` was cut at 120 and 80 columns, its end shown
nowhere).

It keeps one line while the sentence fits; past that its asides in parentheses go first
(``234 with links (234 hot, 0 packed)`` → ``234 with links``); what still does not fit
wraps onto a second line, the only case where it costs a layout. A summary that needs more
than two lines even so drops its breakdown after `` — `` too (the Findings view's count of
each kind, which its grouped rows show): the rows are what a narrow screen is short of.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.visual import VisualType
from textual.widgets import Static

#: Lines the summary may take when even its short wording does not fit one.
MAX_LINES = 2


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


def without_breakdown(text: Text) -> Text:
    """``text`` up to its first `` — `` (what follows it itemises what precedes)."""
    at = text.plain.find(" — ")
    return text[:at] if at > 0 else text


class SummaryLine(Static):
    """A summary (``update`` as a Static's) drawn whole: short wording, then wrapped."""

    DEFAULT_CSS = "SummaryLine { height: 1; }"

    def __init__(self, *, classes: str | None = None) -> None:
        super().__init__(classes=classes, markup=False)
        self._full = Text()
        self._short = Text()
        self._shortest = Text()
        self._lines = 1

    def update(self, content: VisualType = "", *, layout: bool = False) -> None:
        """Say ``content`` (a Text or plain text); ``layout`` is decided here: only a
        change of the lines it needs lays the view out again."""
        self._full = content if isinstance(content, Text) else Text(str(content))
        self._short = without_asides(self._full)
        self._shortest = without_breakdown(self._short)
        self._fit()

    @property
    def said(self) -> Text:
        """The summary whole, whatever part of it the width shows."""
        return self._full

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def _fit(self) -> None:
        width = self.content_region.width
        text, lines = self._full, 1
        if width and text.cell_len > width:
            console = self.app.console
            tries = ((self._short, 1), (self._short, MAX_LINES),
                     (self._shortest, 1), (self._shortest, MAX_LINES))
            for text, lines in tries:
                if len(text.wrap(console, width)) <= lines:
                    break
        if lines != self._lines:
            self._lines = lines
            self.styles.height = lines  # (a layout: only when the line count changes)
        super().update(text, layout=False)
