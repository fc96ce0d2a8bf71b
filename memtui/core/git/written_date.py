"""A frontmatter date written other than ISO ``YYYY-MM-DD`` (newuser37 #29): the forms that
name one day only are read (``2026/03/05``, ``2026.03.05``, ``5 March 2026``, ``March 5,
2026``, ``5 марта 2026``, ``2026年3月5日``, ``2026년 3월 5일``, Arabic-Indic or Persian
digits, ``05.03.2026`` when one of the two numbers is past 12); a day and a month that
could be read either way (``01.03.2026``, ``1/3/2026``) or a date with no year is not a
date, and `ambiguous` says why."""

from __future__ import annotations

import datetime as dt
import re

#: The months of the languages whose dates the relative-date check reads
#: (`memtui.core.checks.absolute_date`), each language's twelve in order (a name, its
#: genitive where the sentence puts it so).
_MONTH_LISTS = (
    "january february march april may june july august september october november december",
    "jan feb mar apr may jun jul aug sep oct nov dec",
    "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "januar februar märz april mai juni juli august september oktober november dezember",
    "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre "
    "diciembre",
    "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre "
    "dicembre",
    "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro "
    "dezembro",
    "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
    "январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь",
    "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października "
    "listopada grudnia",
    "januari februari maart april mei juni juli augustus september oktober november "
    "december",
    "ocak şubat mart nisan mayıs haziran temmuz ağustos eylül ekim kasım aralık",
    "januari februari maret april mei juni juli agustus september oktober november "
    "desember",
)
MONTHS: dict[str, int] = {}
for _names in _MONTH_LISTS:
    for _n, _name in enumerate(_names.split(), 1):
        MONTHS.setdefault(_name, _n)
MONTHS["sept"] = 9
_EN = _MONTH_LISTS[0].title().split()

#: Arabic-Indic and Persian digits as ASCII ones.
_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "01234567890123456789")
_YMD = re.compile(r"(\d{4})\s*(?:[-/.]|年|년)\s*(\d{1,2})\s*(?:[-/.]|月|월)\s*(\d{1,2})"
                  r"\s*(?:日|일|\.)?")
_DMY_NUM = re.compile(r"(\d{1,2})\s*([./-])\s*(\d{1,2})\s*\2\s*(\d{4})")
_WORD = r"([^\W\d_]+)\.?"
_D_MONTH_Y = re.compile(r"(\d{1,2})(?:st|nd|rd|th|er|\.)?\s+(?:de\s+)?" + _WORD
                        + r"\s+(?:de\s+)?(\d{4})(?:\s*(?:г\.?|года|r\.?))?")
_MONTH_D_Y = re.compile(_WORD + r"\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})")


def _day(year: int, month: int, day: int) -> float | None:
    try:
        return dt.datetime(year, month, day, tzinfo=dt.UTC).timestamp()
    except ValueError:
        return None


def written_date(value: str) -> float | None:
    """The day ``value`` names, when it names one only, as a POSIX timestamp (midnight UTC)."""
    s = value.strip().translate(_DIGITS)
    m = _YMD.fullmatch(s)
    if m is not None:
        return _day(int(m[1]), int(m[2]), int(m[3]))
    m = _DMY_NUM.fullmatch(s)
    if m is not None:
        a, b = int(m[1]), int(m[3])
        if a == b or a > 12 >= b:
            return _day(int(m[4]), b, a)
        if b > 12 >= a:
            return _day(int(m[4]), a, b)
        return None  # either could be the month (`ambiguous`)
    m = _D_MONTH_Y.fullmatch(s)
    if m is not None and m[2].lower() in MONTHS:
        return _day(int(m[3]), MONTHS[m[2].lower()], int(m[1]))
    m = _MONTH_D_Y.fullmatch(s)
    if m is not None and m[1].lower() in MONTHS:
        return _day(int(m[3]), MONTHS[m[1].lower()], int(m[2]))
    return None


def ambiguous(value: str) -> str:
    """Why ``value`` (no date `written_date` reads) is none, as the finding goes on after
    "is not a date": a day and a month either of which could be the other, and the forms
    read ('' when that is not it). The reading day first is offered first: the dotted
    form is Europe's."""
    m = _DMY_NUM.fullmatch(value.strip().translate(_DIGITS))
    if m is None or int(m[1]) > 12 or int(m[3]) > 12 or m[1] == m[3]:
        return ""
    y, a, b = int(m[4]), int(m[1]), int(m[3])
    return (f" memtui can trust: it reads as {y:04d}-{b:02d}-{a:02d} or "
            f"{y:04d}-{a:02d}-{b:02d} (day or month first); write the day so that it names "
            f"one only ({y:04d}-{b:02d}-{a:02d}, {a} {_EN[b - 1]} {y}, {y}/{b:02d}/{a:02d})")
