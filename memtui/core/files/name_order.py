"""The order memory names are listed in: natural order, a run of digits read as the number
it writes (``burst-2`` before ``burst-10``), so memories an agent numbers (``daily-1``,
``step-2`` …) are listed in the order they were written (newuser28 #32). One key for every
list of names: discovery's order, the findings', the views' and the fix commands'."""

from __future__ import annotations

import re

_DIGITS = re.compile(r"([0-9]+)")

#: A name's key: its text and digit runs alternating, text first (so that any two keys
#: compare part by part, text with text and number with number).
NameKey = tuple[str | tuple[int, str], ...]


def name_key(name: str) -> NameKey:
    """``name`` as it sorts: its text as it is, a run of digits as (its length without
    leading zeros, the digits): no ``int()`` of a long run, and ``007`` beside ``7``; then
    the name itself, so that the order is total (``007`` and ``7`` in one order always)."""
    parts = _DIGITS.split(name)
    key: list[str | tuple[int, str]] = []
    for i, part in enumerate(parts):
        if i % 2:
            digits = part.lstrip("0") or "0"
            key.append((len(digits), digits))
        else:
            key.append(part)
    key.append(name)  # (parts equal so far: the same shape, so text meets text here)
    return tuple(key)


def name_sorted(names: object) -> list[str]:
    """``names`` (an iterable of str) in natural order."""
    return sorted(names, key=name_key)  # type: ignore[call-overload, no-any-return]
