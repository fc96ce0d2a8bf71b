"""How a table's columns share its width: one rule for every table of the app (the audit
views and the fleet screen).

Columns that do not fit give way (width 0) in their ``drop`` order; then the lesser columns
also give way while a text column is short of the width it reads well at (``want``: a hook,
a path), since that text is what people read; what is left goes to the text columns, first
up to their ``want``, then shared evenly. A column that repeats another in every row
(``hidden``: a name equal to the file's stem) is not shown at all. So a table never needs
horizontal scrolling at any width its columns' least widths allow.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    width: int = 8  # for flex, the least width
    numeric: bool = False  # sorts descending first
    flex: bool = False  # takes the width the other columns leave
    drop: int = 0  # when the columns do not fit: 1 is dropped first, then 2, … (0: never)
    paths: bool = False  # holds memory paths, shown without the common folder
    want: int = 0  # for flex: the width it reads well at (lesser columns give way to it)


def fit_widths(cols: Sequence[Column], total: int, *, gap: int, overhead: int = 0,
               hidden: Collection[str] = ()) -> list[int]:
    """Each column's width in a table ``total`` cells wide (0: not shown); every shown
    column costs ``gap`` more, and the table ``overhead`` (a mark column, a scrollbar)."""
    shown = [c.key not in hidden for c in cols]

    def need() -> int:
        return sum(c.width + gap for c, s in zip(cols, shown, strict=True) if s) + overhead

    def short() -> int:
        return sum(max(0, c.want - c.width)
                   for c, s in zip(cols, shown, strict=True) if s and c.flex)

    order = sorted((i for i, c in enumerate(cols) if c.drop and shown[i]),
                   key=lambda i: cols[i].drop)
    for i in order:  # what does not fit gives way
        if need() <= total:
            break
        shown[i] = False
    for i in order:  # then what keeps the text from its width
        if not shown[i] or short() <= total - need():
            continue
        shown[i] = False
    spare = max(0, total - need())
    widths = [c.width if s else 0 for c, s in zip(cols, shown, strict=True)]
    flex = [i for i, (c, s) in enumerate(zip(cols, shown, strict=True)) if s and c.flex]
    for i in flex:  # up to the width each reads well at
        more = min(spare, max(0, cols[i].want - cols[i].width))
        widths[i] += more
        spare -= more
    if flex:
        share, extra = divmod(spare, len(flex))
        for n, i in enumerate(flex):
            widths[i] += share + (1 if n < extra else 0)
    return widths


def widened(cols: Sequence[Column], sorts: Iterable[tuple[Any, ...]]) -> tuple[Column, ...]:
    """``cols`` with each numeric column at least as wide as its widest whole number in
    ``sorts`` (the rows' sort keys, one per column), written with thousands separators: a
    count is never cut in half ("400…" for line 40,012, "112,…" for 112,519 tokens;
    newuser24 #30, #11)."""
    numeric = [i for i, c in enumerate(cols) if c.numeric]
    widest = dict.fromkeys(numeric, 0)
    for sort in sorts:
        for i in numeric:
            value = sort[i] if i < len(sort) else None
            if isinstance(value, int) and not isinstance(value, bool):
                widest[i] = max(widest[i], len(f"{value:,}"))
    return tuple(replace(c, width=widest[i]) if widest.get(i, 0) > c.width else c
                 for i, c in enumerate(cols))
