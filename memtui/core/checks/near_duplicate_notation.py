"""A value a memory writes in another notation than its restatement does (`near_duplicate`'s
facts, issue 34, blind set rules13): the same year, quantity or phone number, other digits.

- **A year of another calendar, marked as one**: Buddhist era (``2568 B.E.``, ``พ.ศ. ๒๕๖๘``:
  2025), Minguo (``民國114年``, ``民國一一四年``: 2025), a Japanese era (``令和7年``: 2025), a
  Hijri year (``۱۴۰۴`` in a Persian or Arabic text, 1300-1499: as a solar year 2025 or 2026,
  its year straddles two; as a lunar one, about 1983).
- **A quantity in another unit, by its symbol**: time in milliseconds (``4000 ms`` is 4 s),
  storage (``10485760 bytes`` is 10 MiB; ``2048 MB`` is 2 GB), temperature (``86 °F`` is
  30 °C, and back). A unit's symbol, not its word in a language: structure, not phrases.
- **A phone number in another format** (``052-7731490``, ``+972 52 773 1490``): its digits
  without the trunk prefix or the country code, the last nine, one value (its groups are
  no values of their own); looked for in a text holding ``+`` or a number of six digits.

A year or a quantity read so is a number in words (``WORD_BIT``, `near_duplicate._settled`),
as written and as converted: it backs a pair where the other side holds either, and is no
fact of one side's own (its digits as written are left out of the plain facts). A phone
number is a plain fact (two contacts' numbers keep them apart). Cost: a text holding none of
the markers (an era's name, a unit's symbol, ``+`` or a long number, a year of 13xx or 14xx
with Persian or Arabic letters) costs a few substring tests (`_UNITS`): at 10,000 memories
each expression run over every text with digits cost ~5-10 µs a text, ~10 % of the sketch.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["renotated"]

#: A Buddhist-era year beside its marker (before or after it).
_BUDDHIST = re.compile(r"(?:พ\.\s?ศ\.|\bB\.\s?E\.|\bBE\b)\s?(\d{4})(?!\d)"
                       r"|(?<!\d)(\d{4})\s?\(?(?:พ\.\s?ศ\.|B\.\s?E\.|BE\b)")  # (any digits)
#: A Minguo year (Taiwan's calendar, from 1912) and a Japanese era's year, in digits or in
#: Chinese numerals.
_EAST = re.compile(r"(民國|民国|令和|平成|昭和)\s?"
                   r"(\d{1,3}|元|[〇零一二三四五六七八九十百]{1,5})\s?年")
_CJK_DIGIT = {c: n for n, c in enumerate("〇一二三四五六七八九")} | {"零": 0}
_EAST_BASE = {"民國": 1911, "民国": 1911, "令和": 2018, "平成": 1988, "昭和": 1925}
_PERSIAN = re.compile(r"(?<![\d.,/:-])(\d{4})(?![\d.,/:-]\d)")  # (any script's digits)
_ARABIC_LETTER = re.compile(r"[\u0620-\u064a\u067e\u0686\u06a9\u06af\u06cc]")
#: A quantity and its unit's symbol (no letter after it).
_QUANTITY = re.compile(r"(\d(?<![\w.,]\d)\d*(?:[.,]\d+)?)\s?(ms|bytes?|[kKMGT]i?B|°\s?[FC]|℃)"
                       r"(?![^\W_])")  # (a digit first: a fast skip)
#: Whether a text holding a number of whole thousands (or 1024s) may hold a quantity
#: `_QUANTITY` converts (the expression's pass over every digit of a text cost ~10 µs a
#: text at 10,000 memories; a temperature is looked for by its sign). A time in
#: milliseconds is read when it is whole seconds (``4000 ms``); hours, minutes and seconds
#: are left as written (their symbols are letters every text holds: no cheap test).
_UNIT_MARKS = ("000 ms", "000ms", "byte", "iB", "kB", "KB", "MB", "GB", "TB")


from memtui.core.checks.near_duplicate_kernel import holds  # noqa: E402 (beside its one use)


def _UNITS(text: str) -> bool:
    return holds(text, _UNIT_MARKS) != 0  # (one pass for all: `holds`)


_SECONDS = {"ms": 0.001}
_TIME_UNITS = (1, 60, 3600, 86400)  # the larger units a time is read in (seconds each)
_BYTES = {"b": 1, "k": 1, "m": 2, "g": 3, "t": 4}  # a storage unit's power
#: A phone number: ``+`` and a country code, or a trunk ``0``, then groups of digits
#: parted by a space or a hyphen (nine digits or more in all: `renotated`).
_PHONE = re.compile(r"[+0](?<![\w+.,/-][+0])(?:(?<=\+)\d{1,3}[ \u00a0-]?|(?<=0))\d{1,4}"
                    r"(?:[ \u00a0-]?\d{2,4}){1,4}(?![\w.,/-]?\d)")
_DIGIT = re.compile(r"\D")
_ERA_YEARS = frozenset(map(str, range(2400, 2700)))  # (a Buddhist-era year, as read)
_HIJRI_YEARS = frozenset(map(str, range(1300, 1500)))


def _east_year(written: str) -> int:
    """An era's year as written: digits, 元 (its first), Chinese numerals (一一四, 一百一十四)."""
    if written == "元":
        return 1
    if written.isdigit():
        return int(written)
    if "十" not in written and "百" not in written:  # digit by digit
        return int("".join(str(_CJK_DIGIT[c]) for c in written))
    total = digit = 0
    for c in written:
        if c in _CJK_DIGIT:
            digit = _CJK_DIGIT[c]
        else:
            total += (digit or 1) * (10 if c == "十" else 100)
            digit = 0
    return total + digit


def _number(value: float) -> str | None:
    """``value`` as the sketch writes a number, when it is a whole one (or a half)."""
    if value <= 0 or value >= 10 ** 15:
        return None
    if value == int(value):
        return str(int(value))
    if value * 2 == int(value * 2):
        return str(value)
    return None


def _quantity(number: str, unit: str, out: set[str]) -> bool:
    """Add ``number`` ``unit``'s values in the larger units of its kind (and a temperature's
    in the other scale); whether the unit was read."""
    try:
        value = float(number.replace(",", "."))
    except ValueError:
        return False
    unit = unit.replace(" ", "")
    if unit in _SECONDS:
        seconds = value * _SECONDS[unit]
        for size in _TIME_UNITS:
            if size >= _SECONDS[unit]:
                got = _number(seconds / size)
                if got is not None:
                    out.add(got)
        return True
    if unit == "°F":
        got = _number(round((value - 32) * 5 / 9))
    elif unit in ("°C", "℃"):  # (℉ is left out: rare, and a text's every test costs)
        got = _number(round(value * 9 / 5 + 32))
    else:
        power = _BYTES[unit[0].lower()]
        base = 1024 if "i" in unit or unit[0] == "b" else 1000
        for p in range(power + 1, 5):
            for b in {base, 1000, 1024}:
                got = _number(value / b ** (p - power))
                if got is not None and "." not in got:
                    out.add(got)
        return True
    if got is not None:
        out.add(got)
    return True


def renotated(text: str, numbers: set[str], read: Callable[[str], set[str]]
              ) -> tuple[set[str], set[str], set[str]]:
    """(the numbers of ``numbers``, as `near_duplicate_sketch._numbers` read them, that are
    no plain facts: a year of another calendar, a quantity with its unit's symbol, a phone
    number's groups; the values they give as numbers in words: marked; the phone numbers, as
    plain facts). ``read``: how the sketch reads a piece of text's numbers."""
    dropped: set[str] = set()
    marked: set[str] = set()
    phones: set[str] = set()
    # what the numbers allow, in C-level steps (a Python step per number, or a substring
    # test of a text that is not ASCII, ~0.3-0.6 µs each, an expression's pass over a text's
    # digits ~5-10 µs: at 10,000 memories each µs a text is ~0.2 % of the cold audit)
    top = max(map(len, numbers))
    if top >= 4 and not numbers.isdisjoint(_ERA_YEARS) and (
            "BE" in text or "B.E" in text or "B. E" in text or "\u0e28." in text):
        for m in _BUDDHIST.finditer(text):
            for year in read(m[1] or m[2]):  # (its digits as ASCII)
                if 2400 <= int(year) < 2700:
                    dropped.add(year)
                    marked.update((year, str(int(year) - 543)))
    plain = text.isascii()  # (no era's name, no temperature's sign)
    if not plain and "年" in text and ("民" in text or "和" in text or "平成" in text):
        for m in _EAST.finditer(text):
            n = _east_year(m[2])
            dropped |= read(m[2]) | ({str(n)} & numbers)
            marked.update((str(n), str(_EAST_BASE[m[1]] + n)))
    if top >= 4 and not plain and not numbers.isdisjoint(_HIJRI_YEARS) \
            and _ARABIC_LETTER.search(text):
        for written in _PERSIAN.findall(text):
            for year in read(written) & numbers:  # (its digits as ASCII)
                y = int(year)
                if not 1300 <= y < 1500:
                    continue
                lunar = int(y * 0.970229 + 621.5643)  # a lunar Hijri year (Arabic)
                dropped.add(year)
                marked.update((year, str(y + 621), str(y + 622), str(lunar), str(lunar + 1)))
    if (top >= 4 and ("B" in text or "ms" in text or "byte" in text) and _UNITS(text)
            and any(n.endswith("000") or (n.isdigit() and int(n) % 1024 == 0) for n in numbers)) \
            or (not plain and ("°" in text or "℃" in text)):
        for m in _QUANTITY.finditer(text):
            got: set[str] = set()
            if _quantity(m[1], m[2], got):
                marked |= got - read(m[1])  # (as written: a plain fact, a limit's own)
    if top >= 6 or "+" in text:
        for m in _PHONE.finditer(text):
            digits = _DIGIT.sub("", m[0])
            if 9 <= len(digits) <= 15 and (m[0][0] == "+" or _DIGIT.search(m[0])):
                dropped |= read(m[0])
                phones.add(digits.lstrip("0")[-9:])
    return dropped, marked - phones, phones
