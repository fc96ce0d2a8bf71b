"""Relative dates in ``project`` memories (``relative_date``): "next week" read a month later
means nothing. A line holding a relative date ("tomorrow", "上週", "来週", "내일", "la semaine
prochaine") and no absolute one ("2026-05-01", "May 1", "5月1日", "1. Mai") is reported.

Code (fenced blocks and backtick spans) is not prose and is skipped. The words are matched
whole in scripts that space words; in Chinese and Japanese, where nothing separates words,
a few compounds that hold a relative word but are no date are left out ("今天下午" is one;
"日本今日" is not a date word at all, hence the short list of those words).
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from memtui.core.checks.absolute_date import ABSOLUTE as _ABSOLUTE
from memtui.core.checks.relative_cldr import PHRASES
from memtui.core.checks.relative_lines import CJK_PAIR as _CJK_PAIR
from memtui.core.checks.relative_lines import KO_ANCHOR as _KO_ANCHOR
from memtui.core.checks.relative_lines import ODD_CASE_CHAR as _ODD_CASE
from memtui.core.checks.relative_lines import anchored_lines
from memtui.core.checks.relative_lines import lines_of as _lines_of
from memtui.core.checks.stale_reference import fence_lines
from memtui.core.scanner.lazy_pattern import lazy_pattern

if TYPE_CHECKING:
    from memtui.core.scanner.keywords import KeywordProbe

#: The words one of which each CLDR phrase holds (`cldr_pattern`).
CLDR_ANCHORS = tuple(PHRASES)
#: Findings per file at most.
MAX_LINES = 10

_NUM = r"(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|couple of)"
_DAYS = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_SPACED = [
    # English
    r"today|tonight|tomorrow|yesterday|the day (?:after tomorrow|before yesterday)",
    # (a weekday a deadline names is as relative as "next Tuesday": which Thursday is
    # "until Thursday"? newuser28 #26; "every Tuesday", "on Tuesdays" recur, and stay)
    r"(?:this|next|last|past|coming) (?:week|month|year|weekend|quarter|sprint|"
    + _DAYS + r")|(?:until|till|by|before) " + _DAYS,
    _NUM + r" (?:days?|weeks?|months?|years?) (?:ago|from now|later)",
    r"in " + _NUM + r" (?:days?|weeks?|months?)",
    r"(?:earlier|later) this (?:week|month|year)",
    # French
    r"aujourd'hui|aujourd’hui|demain|hier|après-demain|avant-hier",
    r"(?:la semaine|le mois|l'année|l’année) (?:prochaine|prochain|dernière|dernier|passée?)",
    r"(?:cette semaine|ce mois-ci|cette année)",
    r"il y a \d+ (?:jours?|semaines?|mois)|dans \d+ (?:jours?|semaines?|mois)",
    # German (lower-case "morgen": "Morgen" is the morning)
    r"heute|gestern|übermorgen|vorgestern",
    # (declined as the sentence puts it, "bis Ende kommender Woche"; "übernächste" is the
    # one after the next)
    r"(?:(?:über)?nächste|letzte|diese|kommende)[nrms]? (?:woche|monat|jahr)",
    r"vor \d+ (?:tagen|wochen|monaten)|in \d+ (?:tagen|wochen|monaten)",
    # Spanish, Portuguese, Italian
    r"hoy|ayer|anteayer|pasado mañana|hoje|ontem|amanhã|oggi|ieri|domani|dopodomani",
    r"(?:la )?(?:próxima|siguiente) semana|la semana (?:que viene|pasada)|"
    r"el (?:mes|año) (?:pasado|próximo|que viene)|el próximo (?:mes|año)|esta semana",
    r"hace \d+ (?:días|semanas|meses)|dentro de \d+ (?:días|semanas)",
    r"(?:na )?próxima semana|semana que vem|semana passada|mês passado|(?:la )?prossima settimana|"
    r"la settimana scorsa|il mese scorso|questa settimana",
    r"(?:il mese|l'anno|l’anno|la settimana) (?:prossim[oa]|scors[oa])|"
    r"tra \d+ (?:giorni|settimane)|\d+ giorni fa|no (?:mês|ano) que vem|(?:o )?ano passado|"
    r"daqui a \d+ (?:dias|semanas)|há \d+ (?:dias|semanas)",
    # French, German, Spanish, Portuguese, Italian: a weekday with next / last
    r"(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) (?:prochain|dernier)|"
    r"(?:(?:über)?nächsten|letzten|kommenden) (?:montag|dienstag|mittwoch|donnerstag|freitag|"
    r"samstag|sonntag)|"
    r"(?:el|este) próximo (?:lunes|martes|miércoles|jueves|viernes|sábado|domingo)|"
    r"(?:na )?próxima (?:segunda|terça|quarta|quinta|sexta)(?:-feira)?|"
    r"(?:lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica) prossim[oa]",
    # Russian, Ukrainian
    r"сегодня|завтра|вчера|послезавтра|позавчера",
    r"на (?:следующей|прошлой|этой) неделе|в (?:следующем|прошлом|этом) (?:месяце|году)|"
    r"в (?:следующ|прошл)(?:ий|ую|ее|ое) (?:понедельник|вторник|среду|четверг|пятницу|"
    r"субботу|воскресенье)|через (?:\d+ )?(?:день|дня|дней|неделю|недели|недель|месяц)|"
    r"(?:\d+ )?(?:дня|дней|недели|недель|неделю) назад|"
    # the genitive a sentence puts them in ("партии прошлой недели", "со следующей недели",
    # newuser37 #14)
    r"(?:прошлой|следующей|этой) недели|(?:прошлого|следующего|этого) месяца|"
    r"(?:прошлого|следующего) года",
    r"сьогодні|учора|вчора|післязавтра|наступного (?:тижня|місяця|року)|"
    r"минулого (?:тижня|місяця|року)|цього (?:тижня|місяця)",
    # Polish
    r"dzisiaj|dziś|jutro|wczoraj|pojutrze|przedwczoraj|"
    r"w (?:przyszłym|zeszłym|tym|przyszły|zeszły|poprzednim) (?:tygodniu|miesiącu|roku)|"
    r"w przyszł[yą] (?:poniedziałek|wtorek|środę|czwartek|piątek|sobotę|niedzielę)|"
    r"za (?:\d+ )?(?:tydzień|tygodnie|tygodni|dni|miesiąc)|(?:\d+ )?(?:dni|tygodni|tydzień) temu",
    # Dutch
    r"vandaag|gisteren|overmorgen|eergisteren|(?:volgende|vorige|afgelopen|deze) "
    r"(?:week|maand|jaar)|over \d+ (?:dagen|weken)|\d+ (?:dagen|weken) geleden",
    # Turkish
    r"bugün|yarın|dün|haftaya|(?:gelecek|önümüzdeki|geçen|bu) (?:hafta|ay|yıl)|"
    r"\d+ (?:gün|hafta) (?:önce|sonra)",
    # Vietnamese, Indonesian
    r"hôm nay|ngày mai|hôm qua|(?:tuần|tháng|năm) (?:sau|tới|trước|này)|năm ngoái",
    r"hari ini|besok|kemarin|(?:minggu|bulan|tahun) (?:depan|lalu|ini)",
    # Arabic: the synonyms CLDR's fields lack ("الأسبوع المقبل" beside its "القادم", "العام"
    # beside "السنة"), the day after tomorrow, an offset in days (newuser37 #34)
    r"(?:الأسبوع|الشهر|العام|السنة) (?:المقبل|المقبلة|القادم|القادمة|الماضي|الماضية|الفائت|"
    r"الفائتة|المنصرم)|بعد غد|قبل أمس|أول أمس|(?:بعد|قبل) (?:يومين|أسبوعين|شهرين|"
    r"(?:\d+|ثلاثة|أربعة|خمسة|ستة|سبعة|ثمانية|تسعة|عشرة) (?:أيام|أسابيع|أشهر))",
]
#: The whole search, as one pattern (what `_spaced` answers; compiling it is 10–15 ms).
_SPACED_RE = lazy_pattern(r"(?i)(?<![\w'’-])(?:" + "|".join(_SPACED) + r")(?![\w-])")
#: German "morgen" (tomorrow) only in lower case, as a word.
_MORGEN = lazy_pattern(r"(?<![\w-])morgen(?![\w-])")
#: Spanish "mañana" is the morning after "la"/"por la"/"de la".
_MANANA = lazy_pattern(r"(?i)(?<![\w-])(?<!la )mañana(?![\w-])")
#: Korean: written with spaces, but particles stick to the word (내일은, 지난주에); any
#: other syllable after it makes a compound that is a name, no date (내일배움카드).
_KO_PARTICLE = (r"(?:은|는|이|가|을|를|에|에는|에도|에서|의|도|만|까지|부터|로|으로|쯤|중|중에|"
                r"께|엔|이나|나|이면|면|보다|처럼|마다|이랑|랑|과|와|하고|부턴|까진|"
                r"아침|오전|오후|저녁|밤|낮|새벽|이다|입니다|예요|이에요)?(?![가-힣])")
_KO = lazy_pattern(r"(?<![가-힣])(?:오늘(?!날)|내일|어제|모레|그저께|그제|"
                 r"(?:다음|지난|이번) ?(?:주|달)|내년|작년|올해|\d+ ?일 ?(?:전|후|뒤))"
                 + "(?=" + _KO_PARTICLE + ")")

#: Chinese and Japanese: no spaces between words.
_CJK = lazy_pattern(
    r"(?:今天|明天|昨天|后天|後天|前天|今晚|明早|明晚|昨晚|"
    r"上(?:个|個)?(?:周|週|星期|礼拜|禮拜|月)|下(?:个|個)?(?:周|週|星期|礼拜|禮拜)|下个月|下個月|"
    r"本周|本週|这周|這週|这个月|這個月|去年|明年|"
    r"[0-9一二三四五六七八九十两兩幾几]+(?:天|日|周|週|个月|個月|か月|ヶ月)(?:前|后|後)|"
    r"今日|明日|昨日|明後日|一昨日|来週|先週|今週|来月|先月|今月|来年|昨年|週明け)")
#: Compounds of those characters that are no relative date.
_CJK_NOT = lazy_pattern(r"前天然|上周期|上週期|今日頭條|今日头条|明日香|本周期|明年度予算|昨日今日")
_CODE_SPAN = lazy_pattern(r"`[^`\n]*`")


#: Words one of which (lower-cased) every match of ``_SPACED_RE``, ``_MORGEN`` and
#: ``_MANANA`` holds: a line with none of them is skipped by one cheap search instead of
#: those three slow ones (the test derives every string the patterns match and checks).
ANCHORS = ("day", "night", "morrow", "week", "month", "year", "quarter", "sprint",
           "aujourd", "demain", "hier", "semaine", "mois", "année", "jour", "heute",
           "gestern", "morgen", "woche", "monat", "jahr", "tagen", "hoy", "ayer", "mañana",
           "hoje", "ontem", "amanhã", "oggi", "ieri", "domani", "semana", "el mes", "meses",
           "próximo", "il mese", "año", "días", "mês", "settimana", "сегодня", "завтра",
           "вчера", "недел", "месяц", "году",
           # Dutch, Polish, Italian, Turkish, Portuguese, French, German, Indonesian,
           # Vietnamese, Russian and Ukrainian
           "dagen", "weken", "jaar", "maand", "vandaag", "gisteren", "dni", "temu", "tydz",
           "tygod", "dzisiaj", "dziś", "jutro", "wczoraj", "miesi", "roku", "przyszł",
           "zeszł", "giorni", "prossimo", "anno", "settiman", "gün", "hafta", " ay", "dün",
           "passado", "próxima", "ano que", "dias", "dernier", "prochain", "nächsten",
           "letzten", "kommenden", "besok", "bulan", "hari ini", "kemarin", "minggu",
           "tahun", "hôm", "ngày mai", "năm", "tháng", "tuần", "прошл", "следу", "назад",
           "через", "чора", "сьогодні", "місяц", "року", "тижн", "yil", "yarin", "jutrz",
           # Arabic
           "الأسبوع", "الشهر", "العام", "السنة", "غد", "أمس", "يومين", "أسبوعين", "شهرين",
           "أيام", "أسابيع", "أشهر")
_ANCHOR = lazy_pattern("|".join(ANCHORS))
#: ``_SPACED_RE`` cut into its alternatives (``_SPACED``), each compiled when a line holds
#: one of its anchors, so that a line whose anchor is only the "week" of "weekly" compiles
#: the few parts that can hold "week", not the whole pattern. `_PART_ANCHORS`, by part: the
#: `ANCHORS` found, lower-cased, in a string the part matches (as written, upper-cased or
#: title-cased); `tests/core/test_relative_anchors.py` derives it from the patterns and
#: checks it is this table, and that every string a part matches holds one of them.
_PARTS = tuple(lazy_pattern(r"(?i)(?<![\w'’-])(?:" + part + r")(?![\w-])") for part in _SPACED)
_PART_ANCHORS = (
    ('day', 'night', 'morrow'),
    ('day', 'week', 'month', 'year', 'quarter', 'sprint'),
    ('day', 'week', 'month', 'year'),
    ('day', 'week', 'month'),
    ('week', 'month', 'year'),
    ('aujourd', 'demain', 'hier', 'jour'),
    ('semaine', 'mois', 'année', 'dernier', 'prochain'),
    ('semaine', 'mois', 'année'),
    ('semaine', 'mois', 'jour'),
    ('heute', 'gestern', 'morgen'),
    ('woche', 'monat', 'jahr', 'nächsten', 'letzten', 'kommenden'),
    ('woche', 'monat', 'tagen'),
    ('hoy', 'ayer', 'mañana', 'hoje', 'ontem', 'amanhã', 'oggi', 'ieri', 'domani'),
    ('semana', 'el mes', 'próximo', 'año', 'próxima'),
    ('semana', 'meses', 'días'),
    ('semana', 'il mese', 'mês', 'settimana', 'settiman', 'passado', 'próxima'),
    ('semana', 'il mese', 'mês', 'settimana', 'giorni', 'prossimo', 'anno', 'settiman',
     'passado', 'ano que', 'dias'),
    ('próximo', 'prossimo', 'próxima', 'dernier', 'prochain', 'nächsten', 'letzten', 'kommenden'),
    ('сегодня', 'завтра', 'вчера'),
    ('недел', 'месяц', 'году', 'прошл', 'следу', 'назад', 'через'),
    ('завтра', 'чора', 'сьогодні', 'місяц', 'року', 'тижн'),
    ('dni', 'temu', 'tydz', 'tygod', 'dzisiaj', 'dziś', 'jutro', 'wczoraj', 'miesi', 'roku',
     'przyszł', 'zeszł', 'jutrz'),
    ('week', 'morgen', 'dagen', 'weken', 'jaar', 'maand', 'vandaag', 'gisteren'),
    ('gün', 'hafta', ' ay', 'dün', 'yil', 'yarin'),
    ('hôm', 'ngày mai', 'năm', 'tháng', 'tuần'),
    ('besok', 'bulan', 'hari ini', 'kemarin', 'minggu', 'tahun'),
    ('الأسبوع', 'الشهر', 'العام', 'السنة', 'غد', 'أمس', 'يومين', 'أسبوعين', 'شهرين', 'أيام',
     'أسابيع', 'أشهر'),
)
def _may_hold(text: str) -> bool:
    """False when ``text`` surely holds no relative date (`_relative` finds none)."""
    return _ANCHOR.search(text.lower()) is not None or _ODD_CASE.search(text) is not None \
        or _KO_ANCHOR.search(text) is not None or _CJK_PAIR.search(text) is not None


def _spaced(line: str, lower: str, odd: bool) -> re.Match[str] | None:
    """``_SPACED_RE.search(line)``, from its parts: the leftmost match of an alternation
    is the leftmost of its alternatives' (each with the same lookarounds), the first
    alternative in order where two start at one place; a part none of whose anchors is in
    ``lower`` (``line`` lower-cased) cannot match, unless ``odd`` (a character whose lower
    case is not the anchor's letter the pattern takes it for)."""
    best: re.Match[str] | None = None
    for pattern, anchors in zip(_PARTS, _PART_ANCHORS, strict=True):
        if odd or any(a in lower for a in anchors):
            m = pattern.search(line)
            if m is not None and (best is None or m.start() < best.start()):
                best = m
    return best


#: "last <unit>" owned by someone ("my last year there", "the team's last sprint"): the
#: final one of a stay or a series, an ordinal, not the one before now (real30).
_OWNED_LAST = lazy_pattern(r"(?i)(?:(?<![\w'’-])(?:my|your|his|her|its|our|their)|\w['’]s)\s+$")


def _owned_last(line: str, m: re.Match[str]) -> bool:
    return m.group()[:5].lower() == "last " and \
        _OWNED_LAST.search(line, 0, m.start()) is not None


#: Thai, written without spaces: its phrases are found anywhere, not as whole words.
_UNSPACED = lazy_pattern(r"[\u0e00-\u0e7f]")


#: A letter of an inflected ending: a word character, a combining mark (an Indic vowel sign,
#: not a ``\w`` in Python: "अगले" is अ ग ल and the sign े; Arabic-script marks, "هفتهٔ"), a
#: zero-width (non-)joiner.
_ENDING = r"[\w\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0900-\u0dff\u200c\u200d]"


def _stem(word: str) -> tuple[str, int]:
    """The part of a word of a CLDR phrase that its inflected forms keep, and how many
    letters of ending they may add: a long word less its last two ("hónap" → "hón":
    "hónapban"; "týden" → "týd": "týdnu"), a word of four less its last ("अगला" → "अगल":
    "अगले"; a case ending of up to four letters after it, as agglutinating languages add
    one), a short word whole ("w", "na", "el")."""
    if len(word) >= 5:
        return word[:-2], 5
    if len(word) == 4:
        return word[:-1], 4
    return word, 0


def _phrase_pattern(phrase: str) -> str:
    """A CLDR phrase as a pattern: its words apart by any space, ``{0}`` a number in digits
    or a word ("через две недели", "peste trei săptămâni"). A phrase of a modifier and a
    unit ("következő hónap", "अगला सोमवार", "příští týden") is matched inflected too, as
    the sentence puts it ("következő hónapban", "अगले सोमवार", "příštím týdnu"): each word
    by its stem and a short ending (`_stem`)."""
    words = phrase.split()
    if len(words) > 1 and "{0}" not in phrase:
        parts = []
        for word in words:
            stem, ending = _stem(word)
            parts.append(re.escape(stem) + (f"{_ENDING}{{0,{ending}}}" if ending else ""))
        return r"\s+".join(parts)
    return r"\s+".join(r"(?:\d+|\w+)".join(map(re.escape, word.split("{0}")))
                       for word in words)


@functools.lru_cache(maxsize=256)
def cldr_pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern of CLDR ``phrases`` (`relative_cldr`): a deictic word ("lusa", "příští
    týden", "i övermorgon") or an offset from now. Whole words in scripts that space them;
    Thai anywhere. Only the phrases a text may hold are compiled (a handful: all ~2,600
    take ~170 ms)."""
    spaced: set[str] = set()
    unspaced: set[str] = set()
    for phrase in phrases:
        (unspaced if _UNSPACED.search(phrase) else spaced).add(_phrase_pattern(phrase))
    alternatives = []
    if spaced:
        alternatives.append(r"(?<![\w'’-])(?:" + "|".join(sorted(spaced, key=len, reverse=True))
                            + r")(?![\w-])")
    alternatives.extend(sorted(unspaced, key=len, reverse=True))
    return re.compile("|".join(alternatives), re.IGNORECASE)


def hand_found(line: str) -> bool:
    """Whether the rule's own patterns (not CLDR's table) find a relative date in ``line``."""
    return _relative(line) is not None


def _relative(line: str, cldr: re.Pattern[str] | None = None) -> str | None:
    """The relative date ``line`` holds, if any; ``cldr``: CLDR's phrases the text may hold
    (`cldr_pattern`), searched too."""
    found = _own(line)
    if found is None and cldr is not None:
        m = cldr.search(line)
        if m is not None:
            return m.group()
    return found


def _own(line: str) -> str | None:
    lower = line.lower()
    odd = _ODD_CASE.search(line) is not None
    if _ANCHOR.search(lower) is not None or odd:
        m = _spaced(line, lower, odd)
        while m is not None and _owned_last(line, m):  # look past it, same columns
            line = line[:m.start()] + " " * len(m.group()) + line[m.end():]
            lower = line.lower()
            m = _spaced(line, lower, odd)
        if m is None:
            m = _MORGEN.search(line)
        if m is None:
            m = _MANANA.search(line)
        if m is not None:
            return m.group()
    if _KO_ANCHOR.search(line) is not None:
        m = _KO.search(line)
        if m is not None:
            return m.group()
    if _CJK_PAIR.search(line) is None:
        return None
    for m in _CJK.finditer(line):
        around = line[max(0, m.start() - 2):m.end() + 2]
        if _CJK_NOT.search(around) is None:
            return m.group()
    return None


#: A word, for `_cldr_in`'s test that every word of a phrase is one of the text's.
_WORD = lazy_pattern(r"\w+")


@functools.cache
def _words_of(phrase: str) -> frozenset[str]:
    """The words of a CLDR phrase (its number aside); none for Thai, written unspaced."""
    if _UNSPACED.search(phrase):
        return frozenset()
    return frozenset(_WORD.findall(phrase.replace("{0}", " ")))


def _cldr_in(body: str, probe: KeywordProbe | None) -> re.Pattern[str] | None:
    """The pattern of the CLDR phrases ``body`` may hold: those of the anchors ``probe``
    finds in it (or ``in`` its lower case) every word of which is a word of it (an anchor
    is found inside words: "mes" in "times"), None when there is none."""
    if probe is not None:
        found = probe.present(CLDR_ANCHORS)
    else:
        lower = body.lower()
        found = [w for w in CLDR_ANCHORS if w in lower]
    if not found:
        return None
    words = set(_WORD.findall(body.lower()))
    ordered: list[str] = []  # the text's words in order, for a look-up by stem (made once)

    def holds(phrase: str) -> bool:
        need = _words_of(phrase) - words
        if not need:
            return True
        if "{0}" in phrase or len(phrase.split()) < 2:
            return False
        if not ordered:
            ordered.extend(sorted(words))
        return all(_has_prefix(ordered, _stem(w)[0]) for w in need)

    phrases = tuple(p for w in found for p in PHRASES[w] if holds(p))
    return cldr_pattern(phrases) if phrases else None


def _has_prefix(ordered: list[str], stem: str) -> bool:
    """Whether a word of ``ordered`` (sorted) starts with ``stem``."""
    at = bisect.bisect_left(ordered, stem)
    return at < len(ordered) and ordered[at].startswith(stem)


def _candidates(body: str, probe: KeywordProbe | None = None,
                cldr: re.Pattern[str] | None = None) -> set[int]:
    """The 0-based lines of ``body`` that may hold a relative date: those with an anchor (no
    match spans lines; an anchor holds no space, so cutting out code spans makes none).
    ``probe``: a KeywordProbe of a text holding ``body``: where it finds no ``ANCHORS``
    word, ``body`` holds none (it never misses one), and the anchor search is skipped."""
    found: set[int] = set()
    if probe is None or probe.present(ANCHORS):
        _lines_of(body.lower(), _ANCHOR, found)  # lower-casing keeps every newline
    anchored_lines(body, found)  # where _ODD_CASE, _KO_ANCHOR or _CJK_PAIR finds
    if cldr is not None:
        _lines_of(body, cldr, found)
    return found


def _dated(text: str) -> bool:
    """Whether ``text`` (a name, a heading) holds an absolute date; ``_`` separates words."""
    return _ABSOLUTE.search(text.replace("_", " ")) is not None


def _dated_headings(lines: list[str], fenced: Callable[[int], bool], upto: int) -> list[bool]:
    """For each line before ``upto``: whether a heading whose section holds it (the nearest
    heading above it, or it, and the headings of fewer ``#`` that section sits in) holds an
    absolute date: "## Plan (2026-07-12)" dates its "### Steps" too (real29 #1); a heading
    of as many ``#`` or fewer closes the section."""
    out: list[bool] = []
    open_: list[tuple[int, bool]] = []  # (level, dated) of the headings whose section this is
    for i in range(upto):
        line = lines[i]
        if line.startswith("#") and not fenced(i):
            level = len(line) - len(line.lstrip("#"))
            while open_ and open_[-1][0] >= level:
                open_.pop()
            open_.append((level, _dated(line)))
        out.append(any(dated for _, dated in open_))
    return out


#: A quoted span on one line: straight or curly double quotes, CJK corner brackets.
_QUOTED = lazy_pattern(r"[\"\u201c\u300c\u300e]([^\"\u201c\u201d\u300c\u300d\u300e\u300f\n]{1,24})"
                       r"[\"\u201d\u300d\u300f]")


def _mentions_cut(prose: str, cldr: re.Pattern[str] | None) -> str:
    """``prose`` without the quoted spans that hold a relative date and nothing else: a
    list of the words a parser reads (`"明天"、"后天"、"下周"`) names them, it dates
    nothing (real39). A quoted phrase holding more ("ship it tomorrow") stays."""
    if not any(q in prose for q in '"\u201c\u300c\u300e'):
        return prose

    def cut(m: re.Match[str]) -> str:
        inner = m.group(1).strip()
        word = _relative(inner, cldr)
        return " " * len(m.group()) if word is not None \
            and word.casefold() == inner.casefold() else m.group()

    return _QUOTED.sub(cut, prose)


def _dated_section(lines: list[str], i: int, fenced: Callable[[int], bool]) -> bool:
    """Whether line ``i`` is a heading whose own section (up to the next heading of as many
    ``#`` or fewer) holds an absolute date: "## Today's points" over entries each dated
    "- 2026-02-21: …", or a state board's "## Today's to-do" above its "Updated:
    2026-02-27" stamp, says when (real39)."""
    line = lines[i]
    if not line.startswith("#") or fenced(i):
        return False
    level = len(line) - len(line.lstrip("#"))
    for j in range(i + 1, len(lines)):
        nxt = lines[j]
        if nxt.startswith("#") and not fenced(j) \
                and len(nxt) - len(nxt.lstrip("#")) <= level:
            return False
        if _ABSOLUTE.search(nxt) is not None:
            return True
    return False


def relative_dates(body: str, first_line: int, probe: KeywordProbe | None = None,
                   names: tuple[str, ...] = ()) -> list[tuple[int, str]]:
    """(line, message) for each line of ``body`` (starting at file line ``first_line``)
    holding a relative date and no absolute one, at most ``MAX_LINES``. Only the lines with
    an anchor (`_candidates`; ``probe``: a KeywordProbe of a text holding ``body`` to share)
    are read one by one; a line is in a fenced block when an odd number of fence lines come
    before it. A memory whose ``names`` (its file name, its ``name``) or whose heading
    above the line holds an absolute date dates it: no finding (newuser27 #20)."""
    out: list[tuple[int, str]] = []
    cldr = _cldr_in(body, probe)
    candidates = _candidates(body, probe, cldr)
    if not candidates or any(map(_dated, names)):  # most memories
        return out
    fences = fence_lines(body)
    order = sorted(fences)
    lines = body.split("\n")

    def fenced(i: int) -> bool:
        return i in fences or bisect.bisect_left(order, i) % 2 == 1

    headed = _dated_headings(lines, fenced, max(candidates) + 1)
    for i in sorted(candidates):
        line = lines[i]
        if fenced(i) or not line.strip() or headed[i] or _dated_section(lines, i, fenced):
            continue
        prose = _CODE_SPAN.sub(" ", line) if "`" in line else line
        word = _relative(_mentions_cut(prose, cldr), cldr)
        if word is None or _ABSOLUTE.search(prose) is not None:
            continue
        out.append((first_line + i, f"\u201c{word}\u201d is a relative date with no absolute "
                                    "one beside it: a later reader cannot tell when that was"))
        if len(out) >= MAX_LINES:
            break
    return out
