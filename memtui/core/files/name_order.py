"""The order memory names are listed in: natural order, a run of digits read as the number
it writes (``burst-2`` before ``burst-10``), so memories an agent numbers (``daily-1``,
``step-2`` …) are listed in the order they were written (newuser28 #32). One key for every
list of names: discovery's order, the findings', the views' and the fix commands'.

The key is one string, compared by Python's own string comparison (issue 35: a tuple of
parts per name made discovery's sort of 50,000 names 3× dearer, a third of what a warm audit
of them grew by): the name's text and digit runs in turn, each text part ended by
``\\0\\0`` (a NUL inside a name written ``\\0\\1``, so a shorter text still sorts first), each
digit run as one character giving its length (leading zeros aside) then its digits, and the
name itself last. It orders names as the parts would, compared one by one (text with text,
number with number); where the parts do not line up (``a.md`` beside a folder ``a.md5/``:
text met a number), it still gives one total order, which a tuple of parts could not.
"""

from __future__ import annotations

import re

_DIGITS = re.compile(r"[0-9]+")

#: A name's key (`name_key`): compared as a plain string.
NameKey = str
#: Past this many digits, a run's length is written out in full after the largest mark.
_LONGEST = 0x10FFFE


def _number(m: re.Match[str]) -> str:
    """A digit run as it sorts: the end of the text before it, its length without leading
    zeros as one character (written out after the largest one past `_LONGEST`), its digits."""
    digits = m.group().lstrip("0") or "0"
    n = len(digits)
    if n < _LONGEST:
        return "\0\0" + chr(n + 1) + digits
    return "\0\0" + chr(_LONGEST + 1) + f"{n:030d}" + digits


def name_key(name: str) -> NameKey:
    """``name`` as it sorts: its text as it is, a run of digits as its number (by its
    length without leading zeros, then its digits: no ``int()`` of a long run, and ``007``
    beside ``7``); then the name itself, so that the order is total (``007`` and ``7`` in
    one order always)."""
    text = name.replace("\0", "\0\1") if "\0" in name else name
    return _DIGITS.sub(_number, text) + "\0\0" + name


def name_sorted(names: object) -> list[str]:
    """``names`` (an iterable of str) in natural order."""
    return sorted(names, key=name_key)  # type: ignore[call-overload, no-any-return]
