"""Absolute dates ("2026-05-01", "May 1", "5月1日", "1. Mai", "2026 m. gegužės 4 d."): what
dates a line for ``relative_date`` (a relative date beside one is no finding) and for
``stale_reference`` (a line that dates what it tells records a change)."""

from __future__ import annotations

from memtui.core.scanner.lazy_pattern import lazy_pattern

#: An absolute date beside it: ISO, slashes, month names (with a day, or with a year: “May
#: 2027”, “Mayıs 2027” give the year a “this year” means; blind set rules12), CJK and
#: Korean dates.
_MONTHS = (r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
           r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|janvier|février|mars|"
           r"avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|januar|februar|"
           r"märz|juni|juli|oktober|dezember|enero|febrero|marzo|abril|mayo|junio|julio|agosto|"
           r"septiembre|octubre|noviembre|diciembre|gennaio|febbraio|aprile|maggio|giugno|"
           r"luglio|settembre|ottobre|dicembre|janeiro|fevereiro|março|maio|junho|julho|"
           r"setembro|outubro|dezembro|января|февраля|марта|апреля|мая|июня|июля|августа|"
           r"сентября|октября|ноября|декабря|stycznia|lutego|marca|kwietnia|maja|czerwca|"
           r"lipca|sierpnia|września|października|listopada|grudnia|januari|februari|maart|"
           r"mei|augustus|oktober|ocak|şubat|mart|nisan|mayıs|haziran|temmuz|ağustos|eylül|"
           r"ekim|kasım|aralık|agustus|desember")
#: A year's first two digits, in ASCII, Arabic-Indic and Persian digits ("٥ مايو ٢٠٢٦" is an
#: Arabic operator's date: newuser37 #23; ``\d`` takes those digits elsewhere already).
_CENTURY = r"(?:1[89]|20|١[٨٩]|٢٠|۱[۸۹]|۲۰)"
ABSOLUTE = lazy_pattern(
    r"(?i)\b\d{4}[-/.]\d{1,2}(?:[-/.]\d{1,2})?\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b|"
    r"\b\d{1,2}/\d{1,2}\b|\b\d{4}-W\d\d\b|"
    r"\b(?:" + _MONTHS + r")\.? (?:de )?(?:\d{1,2}|\d{4})\b|"
    r"\b\d{1,2}(?:st|nd|rd|th|er|\.)? (?:de )?(?:"
    + _MONTHS + r")\b|\d{1,2} ?月 ?\d{1,2} ?[日号號]|\d{4} ?年|\d{1,2} ?월 ?\d{1,2} ?일|"
    r"\d{4} ?년|ngày \d{1,2} tháng \d{1,2}|tháng \d{1,2}(?:/| năm )\d{4}|"
    # a year and a day a word or two apart, the month between in any language's words:
    # "2026 m. gegužės 4 d.", "2026. május 4.", "4 Mei 2026" (a month name the list lacks)
    r"\b" + _CENTURY + r"\d\d\b\.?(?:\s+[^\W\d_]+\.?){1,2}\s+\d{1,2}\b(?![.,:/-]?\d)|"
    r"(?<![\d.,:/-])\b\d{1,2}\b\.?(?:\s+[^\W\d_]+\.?){1,2}\s+" + _CENTURY + r"\d\d\b")


def holds_absolute_date(text: str) -> bool:
    """Whether ``text`` holds an absolute date."""
    return ABSOLUTE.search(text) is not None
