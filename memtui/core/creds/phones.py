"""A number a label's value sits in: digits in a phone's grouping.

``PIN: 0176 12345678``, ``Passwort: Hotline 030 1234567``: the digits read after a label are
one group of a longer number — groups of unequal lengths set apart by blanks, dots or
hyphens, nine to fifteen digits in all, maybe after ``+`` or an area code in brackets. That
is a phone number (a recovery code's groups are of one length, four or more: ``0122 5808``;
a phone's may be pairs: ``01 23 45 67 89``), never a PIN.
"""

from __future__ import annotations

from memtui.core.scanner.lazy_pattern import lazy_pattern

#: A run of digit groups: ``+``, an area code maybe in brackets, then groups set apart by one
#: blank, dot or hyphen (a list's ``1. 9461…`` is a number and its marker), not glued to a
#: letter or a digit on either side.
_GROUPS = lazy_pattern(r"(?<![\w+.])\+?(?:\(\d{1,5}\)|\d+)(?:[ \t.-](?:\(\d{1,5}\)|\d+)){1,5}"
                       r"(?![\w]|\.\d)")


def in_a_phone_number(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` (digits) is one group of a phone number around it."""
    lo = max(0, start - 24)
    for m in _GROUPS.finditer(text, lo, min(len(text), end + 24)):
        if m.start() > start or m.end() < end:
            continue
        run = m.group(0)
        groups = [g.strip("()") for g in run.lstrip("+").replace("-", " ").replace(".", " ")
                  .split()]
        digits = sum(len(g) for g in groups)
        lengths = {len(g) for g in groups}
        return len(groups) >= 2 and 9 <= digits <= 15 and (
            len(lengths) > 1 or (len(groups) >= 4 and max(lengths) <= 3))
    return False
