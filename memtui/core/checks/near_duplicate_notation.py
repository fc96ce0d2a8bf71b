"""A value a memory writes in another notation than its restatement does (`near_duplicate`'s
facts, issue 34, blind set rules13): the same year, quantity or phone number, other digits.

- **A year of another calendar, marked as one**: Buddhist era (``2568 B.E.``, ``พ.ศ. ๒๕๖๘``:
  2025; in a Thai text any year of 2400-2699, its marker or not, gives its Gregorian year and
  its last two digits, the year as written staying a plain fact: ``14 ก.พ. 2569`` is
  ``ก.พ. 69``), Minguo (``民國114年``, ``民國一一四年``: 2025), a
  Japanese era (``令和7年``: 2025), a Hijri year (``۱۴۰۴`` in a Persian or Arabic text,
  1300-1499: as a solar year 2025 or 2026, its year straddles two; as a lunar one, about
  1983); and a day of the Solar Hijri
  calendar (``۹ شهریور ۱۴۰۵``, ``1405/06/09``; a day and its month's name without a year
  take the text's one Hijri year) its Gregorian day, month and year (31 August 2026), plain
  facts (converted exactly), the day's digits none.
- **A quantity in another unit, by its symbol**: time in milliseconds (``4000 ms`` is 4 s),
  storage (``10485760 bytes`` is 10 MiB; ``2048 MB`` is 2 GB), temperature (``86 °F`` is
  30 °C, and back); a length, weight, volume or area in feet, inches, yards, miles, pounds,
  ounces, gallons, hectolitres or mu as its metric value (`_metric`: ``8 ft`` is 2.4 m,
  ``86亩`` 5.73 ha). A unit's symbol, not its word in a language: structure, not phrases.
- **An area written as its sides** (``40 m × 60 m``, ``60 × 30 m``): their product, the
  area a restatement writes (``2.400 m²``), the sides staying plain facts.
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

from collections.abc import Callable

from memtui.core.scanner.lazy_pattern import lazy_pattern

__all__ = ["renotated", "solar_days"]

#: A Buddhist-era year beside its marker (before or after it).
_BUDDHIST = lazy_pattern(r"(?:พ\.\s?ศ\.|\bB\.\s?E\.|\bBE\b)\s?(\d{4})(?!\d)"
                       r"|(?<!\d)(\d{4})\s?\(?(?:พ\.\s?ศ\.|B\.\s?E\.|BE\b)")  # (any digits)
#: A Minguo year (Taiwan's calendar, from 1912) and a Japanese era's year, in digits or in
#: Chinese numerals.
_EAST = lazy_pattern(r"(民國|民国|令和|平成|昭和)\s?"
                   r"(\d{1,3}|元|[〇零一二三四五六七八九十百]{1,5})\s?年")
_CJK_DIGIT = {c: n for n, c in enumerate("〇一二三四五六七八九")} | {"零": 0}
_EAST_BASE = {"民國": 1911, "民国": 1911, "令和": 2018, "平成": 1988, "昭和": 1925}
_PERSIAN = lazy_pattern(r"(?<![\d.,/:-])(\d{4})(?![\d.,/:-]\d)")  # (any script's digits)
_ARABIC_LETTER = lazy_pattern(r"[\u0620-\u064a\u067e\u0686\u06a9\u06af\u06cc]")
#: A quantity and its unit's symbol (no letter after it).
_QUANTITY = lazy_pattern(r"(\d(?<![\w.,]\d)\d*(?:[.,]\d+)?)\s?(ms|bytes?|[kKMGT]i?B|Hz|°\s?[FC]|℃)"
                       r"(?![^\W_])")  # (a digit first: a fast skip)
#: Whether a text holding a number of whole thousands (or 1024s) may hold a quantity
#: `_QUANTITY` converts (the expression's pass over every digit of a text cost ~10 µs a
#: text at 10,000 memories; a temperature is looked for by its sign). A time in
#: milliseconds is read when it is whole seconds (``4000 ms``); hours, minutes and seconds
#: are left as written (their symbols are letters every text holds: no cheap test).
_UNIT_MARKS = ("000 ms", "000ms", "byte", "iB", "kB", "KB", "MB", "GB", "TB", "000 Hz", "000Hz")


from memtui.core.checks.near_duplicate_kernel import holds  # noqa: E402 (beside its one use)


def _UNITS(text: str) -> bool:
    return holds(text, _UNIT_MARKS) != 0  # (one pass for all: `holds`)


#: A length, an area, a weight or a volume and its unit's symbol in a system other than the
#: metric one (or a metric multiple a restatement writes in its base: hectolitres), with
#: the factor to the metric unit a restatement writes it in (feet as metres, inches as
#: centimetres, pounds as kilograms, a Chinese mu as hectares). Inches (``in``, a word of
#: English too) are read in a text that writes feet or yards.
_MEASURE = lazy_pattern(r"(\d(?<![A-Za-z\u00c0-\u024f\d_.,]\d)\d*(?:[.,]\d+)?)\s?"
                        r"(ft|in|yd|mi|lbs?|oz|gal|hl|亩|畝)(?![^\W_])")  # (after CJK too)
_MEASURE_MARKS = ("ft", "yd", "mi", "lb", "oz", "gal", "hl", "亩", "畝")
_TO_METRIC = {"ft": 0.3048, "in": 2.54, "yd": 0.9144, "mi": 1.609344, "lb": 0.45359237,
              "lbs": 0.45359237, "oz": 28.349523125, "gal": 3.785411784, "hl": 100.0,
              "亩": 1 / 15, "畝": 1 / 15}


def _metric(number: str, unit: str) -> set[str]:
    """``number`` ``unit`` (`_MEASURE`) in its metric unit as a restatement rounds it: to a
    whole number, one decimal and two (``8 ft`` is 2.4384 m: 2, 2.4, 2.44; ``86亩``
    5.7333 ha: 5.7, 5.73), as the sketch writes a number (no trailing zeros)."""
    try:
        value = float(number.replace(",", ".")) * _TO_METRIC[unit]
    except (ValueError, KeyError):
        return set()
    out = set()
    for places in (0, 1, 2):
        got = round(value, places)
        if got > 0:
            out.add(f"{got:.{places}f}".rstrip("0").rstrip(".") if places else str(int(got)))
    return out


#: Two sides of a rectangle, a unit's symbol after either or none (``40 m × 60 m``,
#: ``60 × 30 m``, ``3x3``): the area a restatement writes instead (`_product`).
_DIMENSIONS = lazy_pattern(r"(?<![\w.,])(\d+(?:[.,]\d+)?)\s?(?:[^\W\d_]{1,2}\.?\s?)?[×xX]\s?"
                           r"(\d+(?:[.,]\d+)?)(?![\d.,]\d)")


#: Where `_DIMENSIONS` may match: a sign (each its own expression, led by its literal:
#: ~1.5 µs a text on the 10,000-memory bench, where one class of the three cost ~16 µs and
#: `_DIMENSIONS` itself, tried at every digit, ~80 µs) after a letter, a digit, a space or a dot, a
#: digit after it.
_TIMES = tuple((sign, lazy_pattern(sign + r"(?<=[\w\s.]" + sign + r")\s?\d")) for sign in "×xX")


def _product(one: set[str], other: set[str]) -> str | None:
    """The product of two sides (each one number as the sketch reads it), as the sketch
    writes a number (`_number`), when both are read and it is whole or a half."""
    if len(one) != 1 or len(other) != 1:
        return None
    try:
        return _number(float(next(iter(one))) * float(next(iter(other))))
    except ValueError:
        return None


_SECONDS = {"ms": 0.001}
_TIME_UNITS = (1, 60, 3600, 86400)  # the larger units a time is read in (seconds each)
_BYTES = {"b": 1, "k": 1, "m": 2, "g": 3, "t": 4}  # a storage unit's power
#: A phone number: ``+`` and a country code, or a trunk ``0``, then groups of digits
#: parted by a space or a hyphen (nine digits or more in all: `renotated`).
_PHONE = lazy_pattern(r"[+0](?<![\w+.,/-][+0])(?:(?<=\+)\d{1,3}[ \u00a0-]?|(?<=0))\d{1,4}"
                    r"(?:[ \u00a0-]?\d{2,4}){1,4}(?![\w.,/-]?\d)")
_DIGIT = lazy_pattern(r"\D")
_ERA_YEARS = frozenset(map(str, range(2400, 2700)))  # (a Buddhist-era year, as read)
_THAI = lazy_pattern("[\u0e01-\u0e5b]")
_HIJRI_YEARS = frozenset(map(str, range(1300, 1500)))
#: The Solar Hijri months (Persian), in order; a day before one, a year after it or not.
_SOLAR_MONTHS = ("فروردین", "اردیبهشت", "خرداد", "تیر", "مرداد|امرداد", "شهریور", "مهر",
                 "آبان", "آذر", "دی", "بهمن", "اسفند")
_SOLAR_OF = {name: n for n, names in enumerate(_SOLAR_MONTHS, 1) for name in names.split("|")}
_SOLAR_DAY = lazy_pattern(r"(?<!\d)(\d{1,2})\s?(" + "|".join(_SOLAR_OF) + r")(?![^\W\d_])"
                        r"(?:\s?(?:ماه\s?)?(\d{4})(?!\d))?")
_SOLAR_DATE = lazy_pattern(r"(?<![\d/])(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?![\d/])")


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


def _gregorian(year: int, month: int, day: int) -> tuple[int, int, int] | None:
    """A Solar Hijri day's Gregorian date (the 33-year cycle's arithmetic, exact for
    1300-1499); None for a month or a day out of range."""
    if not (1 <= month <= 12 and 1 <= day <= (31 if month < 7 else 30)):
        return None
    year += 1595
    days = (-355668 + 365 * year + year // 33 * 8 + (year % 33 + 3) // 4 + day
            + ((month - 1) * 31 if month < 7 else (month - 7) * 30 + 186))
    gy = 400 * (days // 146097)
    days %= 146097
    if days > 36524:
        days -= 1
        gy += 100 * (days // 36524)
        days %= 36524
        if days >= 365:
            days += 1
    gy += 4 * (days // 1461)
    days %= 1461
    if days > 365:
        gy += (days - 1) // 365
        days = (days - 1) % 365
    gd = days + 1
    leap = gy % 4 == 0 and (gy % 100 != 0 or gy % 400 == 0)
    for gm, length in enumerate((31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30,
                                 31), 1):
        if gd <= length:
            return gy, gm, gd
        gd -= length
    return None


def solar_days(text: str, numbers: set[str], read: Callable[[str], set[str]]
               ) -> dict[str, str]:
    """The days of the Solar Hijri calendar ``text`` writes, each day's digits → its
    Gregorian day, and its year's → its Gregorian year (``۹ شهریور ۱۴۰۵``: ``"9"`` →
    ``"31"``, ``"1405"`` → ``"2026"``): a slot's value
    (`near_duplicate_sketch.slots`) as a restatement in the Gregorian calendar writes it.
    ``numbers`` and ``read`` as `renotated`'s."""
    days: dict[str, str] = {}
    if numbers and max(map(len, numbers)) >= 4 and not numbers.isdisjoint(_HIJRI_YEARS) \
            and _ARABIC_LETTER.search(text):
        years = {y for w in _PERSIAN.findall(text) for y in read(w) & numbers
                 if 1300 <= int(y) < 1500}
        _solar_days(text, years, read, set(), set(), set(), days)
    return days


def _solar_days(text: str, years: set[str], read: Callable[[str], set[str]],
                dropped: set[str], marked: set[str], plain: set[str],
                days: dict[str, str] | None = None) -> None:
    """Each Solar Hijri day ``text`` writes (by its month's name, or ``1405/06/09``): its
    day's digits dropped, its Gregorian day, month and year plain facts (a day converted
    exactly: two closures of two years keep apart; ``days``: each day's digits → its
    Gregorian day, and the year's written beside it → its Gregorian year). ``years``: the
    text's Hijri years (a day without its own year takes the one, when there is one)."""
    found = [(y, m, d, "numeric") for y, m, d in _SOLAR_DATE.findall(text)]
    for day, month, year in _SOLAR_DAY.findall(text):
        if year or len(years) == 1:
            found.append((year or next(iter(years)), str(_SOLAR_OF[month]), day,
                          "named" if year else "borrowed"))
    for year, month, day, kind in found:
        y, m, d = (next(iter(read(x)), "") for x in (year, month, day))  # (ASCII digits)
        if not (y.isdigit() and m.isdigit() and d.isdigit() and 1300 <= int(y) < 1500):
            continue
        got = _gregorian(int(y), int(m), int(d))
        if got is None:
            continue
        dropped.update(read(day))
        plain.update(map(str, got))
        if kind == "numeric":  # (its year and month digits no facts either)
            dropped.update(read(year) | read(month))
            marked.add(y)
        if days is not None:
            days.setdefault(d, str(got[2]))
            if kind != "borrowed":  # (the year beside the day: its Gregorian one, exactly)
                days.setdefault(y, str(got[0]))


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
    if unit == "Hz":  # a frequency in hertz as its kilohertz and megahertz (48000 Hz)
        for size in (1000, 1000_000):
            got = _number(value / size)
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
    number's groups; the values they give as numbers in words: marked; the phone numbers
    and a Solar Hijri day's Gregorian date, as plain facts). ``read``: how the sketch reads
    a piece of text's numbers."""
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
    if top >= 4 and not plain and not numbers.isdisjoint(_ERA_YEARS) and _THAI.search(text):
        # a Thai text's year of 24xx-26xx is a Buddhist-era one, its marker or not
        # (``14 ก.พ. 2569``), written short too (``ก.พ. 69``, ``14/2/69``); as written it
        # stays a plain fact (two yearly notes of one frame, 2568 and 2569, keep apart)
        for year in numbers & _ERA_YEARS:
            marked.update((str(int(year) - 543), str(int(year) % 100)))
    if not plain and "年" in text and ("民" in text or "和" in text or "平成" in text):
        for m in _EAST.finditer(text):
            n = _east_year(m[2])
            dropped |= read(m[2]) | ({str(n)} & numbers)
            marked.update((str(n), str(_EAST_BASE[m[1]] + n)))
    if top >= 4 and not plain and not numbers.isdisjoint(_HIJRI_YEARS) \
            and _ARABIC_LETTER.search(text):
        years: set[str] = set()
        for written in _PERSIAN.findall(text):
            for year in read(written) & numbers:  # (its digits as ASCII)
                y = int(year)
                if not 1300 <= y < 1500:
                    continue
                lunar = int(y * 0.970229 + 621.5643)  # a lunar Hijri year (Arabic)
                dropped.add(year)
                years.add(year)
                marked.update((year, str(y + 621), str(y + 622), str(lunar), str(lunar + 1)))
        if years or "/" in text:
            _solar_days(text, years, read, dropped, marked, phones)
    if (top >= 4 and ("B" in text or "ms" in text or "byte" in text or "Hz" in text)
            and _UNITS(text)
            and any(n.endswith("000") or (n.isdigit() and int(n) % 1024 == 0) for n in numbers)) \
            or (not plain and ("°" in text or "℃" in text)):
        for m in _QUANTITY.finditer(text):
            got: set[str] = set()
            if _quantity(m[1], m[2], got):
                marked |= got - read(m[1])  # (as written: a plain fact, a limit's own)
    if holds(text, _MEASURE_MARKS):  # (one pass: `holds`)
        imperial = "ft" in text or "yd" in text
        for m in _MEASURE.finditer(text):
            if m[2] != "in" or imperial:
                marked |= _metric(m[1], m[2]) - read(m[1])  # (as written: a plain fact)
    for sign, times in _TIMES:
        if sign in text:  # (a substring test, then a literal's scan: C-level)
            for t in times.finditer(text):
                m = _DIMENSIONS.search(text, max(t.start() - 12, 0), t.end() + 20)
                area = _product(read(m[1]), read(m[2])) if m is not None else None
                if area is not None:
                    marked.add(area)  # (its sides stay plain facts: two rooms' keep apart)
    if top >= 6 or "+" in text or (len(numbers) >= 4 and " 0" in text):
        # (a trunk ``0`` and groups of two, ``06 71 22 40 18``, read whatever else the
        # text holds: its ``+25 €`` beside it made one side a phone, blind set rules24)
        for m in _PHONE.finditer(text):
            digits = _DIGIT.sub("", m[0])
            if 9 <= len(digits) <= 15 and (m[0][0] == "+" or _DIGIT.search(m[0])):
                dropped |= read(m[0])
                phones.add(digits.lstrip("0")[-9:])
    return dropped, marked - phones, phones
