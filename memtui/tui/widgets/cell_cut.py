"""Cutting a table cell too wide for its column so that what tells it apart stays: a path
in the middle (its distinct end stays), a list of items after its last whole item with how
many are left."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from memtui.core.reporting.safe_output import printable


class MiddleText(Text):
    """A cell cut in the middle when too wide, so its end stays: ``memory/…/x.md:12``.
    Its text is data (a path, link targets): escaped as it is given, before ``Text``
    drops BEL, backspace, vertical tab, form feed and carriage return from it (newuser26
    #19: ``evil\\x1b]0;PWNED\\x07.md`` was shown as ``evil\\x1b]0;PWNED.md``)."""

    def __init__(self, text: str = "", *args: Any, **kwargs: Any) -> None:
        super().__init__(printable(text), *args, **kwargs)

    def append(self, text: str | Text, style: str | Style | None = None) -> MiddleText:
        super().append(printable(text) if isinstance(text, str) else text, style)
        return self


class ListText(Text):
    """A cell listing several items (an index line's targets), space-separated: when too
    wide, the whole items that fit and how many are left (``chamber-a.md +5``), the first
    cut in the middle when alone it does not fit. Cut as one text in the middle, two paths
    read as one file that does not exist (newuser26 #3: ``chamber-…aining.md``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Where each item ends in ``plain`` (items are joined by one space).
        self.ends: list[int] = []

    def add(self, item: str, style: str | Style = "") -> None:
        """Append ``item`` (after a space when there are items already)."""
        if self.ends:
            self.append(" ")
        self.append(item, style=style)
        self.ends.append(len(self.plain))


def list_cut(text: ListText, width: int) -> Text:
    """``text`` when it fits in ``width`` cells, else its first items and ``+N``."""
    if text.cell_len <= width or len(text.ends) < 2:
        return middle_cut(Text.assemble(text), width)
    count = len(text.ends)
    for shown in range(count - 1, 0, -1):
        more = f" +{count - shown}"
        head = text[:text.ends[shown - 1]]
        if head.cell_len + len(more) <= width:
            head.append(more)
            return head
    more = f" +{count - 1}"
    if width - len(more) < 5:
        return Text(f"{count} items" if width >= len(f"{count} items") else f"+{count}")
    first = middle_cut(text[:text.ends[0]], width - len(more))
    first.append(more)
    return first


def cut_parts(plain: str, width: int) -> tuple[int, int, int]:
    """Where a cut of ``plain`` to ``width`` takes its head (start, length) and how much of
    its end it keeps: the whole last path component when it fits beside the ellipsis, else,
    for a path, that component alone cut in its middle (its start is kept: newuser40 #23,
    ``rollout_sum…-metricas.md`` cut away the date, what tells those names apart); else
    half and half."""
    tail = (width - 1) // 2 + (width - 1) % 2
    cut = plain.rfind("/") + 1
    last = len(plain) - cut
    if cut and last <= width - 1:
        tail = max(tail, last)
        return 0, width - 1 - tail, tail
    return (cut if cut and last > width - 1 else 0), width - 1 - tail, tail


def middle_cut(text: Text, width: int) -> Text:
    """``text`` cut in the middle to ``width`` cells (an ellipsis where it was cut)."""
    if text.cell_len <= width or width < 5:
        return text
    plain = text.plain
    start, head, tail = cut_parts(plain, width)
    out = text[start:start + head]
    out.append("…")
    out.append(text[len(plain) - tail:])
    return out
