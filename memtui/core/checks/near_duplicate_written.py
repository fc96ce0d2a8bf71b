"""Numbers a memory writes otherwise than in digits or in the number words of
`memtui.core.checks.near_duplicate_numbers` (`near_duplicate`'s facts, issue 34, blind set
rules11): a restatement keeps a memory's dates and amounts and writes them another way, so
its facts must give the same numbers.

- **A month by its name** beside a day or a year (“20 de mayo”, “1 April 2026”,
  “tammikuussa 2026”, “במרץ 2026”, “24 พ.ย.”): its number, as ``2026-05-20`` gives it. The
  names of the languages the blind sets are written in (a closed class, like the number
  words: no phrase of any set); a name counts only beside a number (English “may”, Swedish
  “mars” the planet), and a language's word that is another's month's stem is looked up
  whole.
- **A digit with a multiplier of Chinese, Japanese and Korean** (``4万`` 40000, ``2千`` 2000,
  ``1,000만`` 10,000,000, ``75만`` 750,000).
- **A digit with a scale word** (“20 triệu” 20,000,000, “٢١٠ آلاف” 210,000, “2,5 Mio.”,
  “3 lakh”): the words for a thousand, a million, a milliard, a lakh and a crore of the
  languages the blind sets are written in (a closed class, like the number words), right
  after the digits (`scaled`); a text of Chinese, Japanese or Korean not read for them. The
  value is the fact and the digits none, as a multiplier's (unless the text also writes the
  digits alone: then the value is marked).
- **Korean and Thai numerals** (“천만” 10,000,000, “칠십오만” 750,000, “สี่พันห้าร้อย” 4500):
  a run of two numeral words or more holding a multiplier (ten, a hundred, …: a single
  syllable is a word's part more often than a number).

Each is a number in words (``WORD_BIT``, `near_duplicate._settled`): it backs a pair where
the other side holds the number, never keeps one apart. Cost: a text holding no month's stem
and no character of those scripts is not read (one set operation on the stems the sketch
makes anyway, one ``isascii``).
"""

from __future__ import annotations

import re
import unicodedata

from memtui.core.scanner.lazy_pattern import lazy_pattern

__all__ = ["MONTH_STEMS", "SCALE_STEMS", "has_months", "multiplied", "scaled",
           "written_numbers"]

STEM = 5  # letters of a word kept in its stem (as the sketch's `_words` cuts them)

# Each month's names and their inflected forms as they are written (lowered, the accents
# folded at import), month by month, language by language.
_MONTHS = (
    # en
    "january jan | february feb | march mar | april apr | may | june jun | july jul | "
    "august aug | september sep sept | october oct | november nov | december dec",
    # de, nl, sv, da, nb
    "januar jänner januari | februar februari | märz maart mars marts | april | mai mei maj | "
    "juni | juli | august augustus augusti | september | oktober | november | dezember "
    "december",
    # fr
    "janvier janv | février févr fevrier | mars | avril avr | mai | juin | juillet juil | "
    "août aout | septembre | octobre | novembre | décembre",
    # es, pt, it, ro
    "enero gennaio janeiro ianuarie | febrero fevereiro febbraio februarie | marzo março "
    "martie | abril aprile aprilie | mayo maio maggio | junio junho giugno iunie | julio julho "
    "luglio iulie | agosto | septiembre setiembre setembro settembre septembrie | octubre "
    "outubro ottobre octombrie | noviembre novembro noiembrie | diciembre dezembro dicembre "
    "decembrie",
    # pl (nominative, genitive)
    "styczeń stycznia | luty lutego | marzec marca | kwiecień kwietnia | maja | czerwiec "
    "czerwca | lipiec lipca | sierpień sierpnia | wrzesień września | październik "
    "października | listopad listopada | grudzień grudnia",
    # cs
    "leden ledna | únor února | březen března | duben dubna | květen května | červen června | "
    "červenec července | srpen srpna | září | říjen října | listopadu | prosinec prosince",
    # ru, uk
    "январь января январе січень січня | февраль февраля феврале лютий лютого | март марта "
    "марте березень березня | апрель апреля апреле квітень квітня | май мая мае травень "
    "травня | июнь июня июне червень червня | июль июля июле липень липня | август августа "
    "августе серпень серпня | сентябрь сентября сентябре вересень вересня | октябрь октября "
    "октябре жовтень жовтня | ноябрь ноября ноябре листопад листопада | декабрь декабря "
    "декабре грудень грудня",
    # tr, id/ms, sw
    "ocak januari | şubat februari | mart maret machi | nisan april aprili | mayıs mei | "
    "haziran juni | temmuz juli julai | ağustos agustus ogos agosti | eylül september septemba "
    "| ekim oktober oktoba | kasım november novemba | aralık desember disember desemba",
    # fi (stems: every case), hu
    "tammikuu január | helmikuu február | maaliskuu március | huhtikuu április | toukokuu "
    "május | kesäkuu június | heinäkuu július | elokuu augusztus | syyskuu szeptember | "
    "lokakuu október | marraskuu | joulukuu",
    # el (genitive too)
    "ιανουάριος ιανουαρίου | φεβρουάριος φεβρουαρίου | μάρτιος μαρτίου | απρίλιος απριλίου | "
    "μάιος μαΐου | ιούνιος ιουνίου | ιούλιος ιουλίου | αύγουστος αυγούστου | σεπτέμβριος "
    "σεπτεμβρίου | οκτώβριος οκτωβρίου | νοέμβριος νοεμβρίου | δεκέμβριος δεκεμβρίου",
    # he, ar (both calendars' names of the Gregorian months), fa
    "ינואר يناير ژانویه | פברואר فبراير شباط فوریه | מרץ مارس آذار | אפריל أبريل "
    "ابريل نيسان آوریل | מאי مايو أيار ايار | יוני يونيو حزيران ژوئن | יולי يوليو تموز ژوئیه "
    "| אוגוסט أغسطس اغسطس اوت آگوست | ספטמבר سبتمبر أيلول ايلول سپتامبر | אוקטובר أكتوبر اكتوبر "
    "اکتبر | נובמבר نوفمبر نوامبر | דצמבר ديسمبر دسامبر",
    # hi (without vowel signs, as read here)
    "जनवरी | फ़रवरी फरवरी | मार्च | अप्रैल | मई | जून | जुलाई | अगस्त | सितंबर सितम्बर | "
    "अक्टूबर | नवंबर नवम्बर | दिसंबर दिसम्बर",
)
#: Thai's months, written without spaces: their full names and their abbreviations.
_THAI_MONTHS = ("มกราคม ม.ค.", "กุมภาพันธ์ ก.พ.", "มีนาคม มี.ค.", "เมษายน เม.ย.", "พฤษภาคม พ.ค.",
                "มิถุนายน มิ.ย.", "กรกฎาคม ก.ค.", "สิงหาคม ส.ค.", "กันยายน ก.ย.", "ตุลาคม ต.ค.",
                "พฤศจิกายน พ.ย.", "ธันวาคม ธ.ค.")
#: What the sketch's `_words` drops or rewrites (accents, Arabic's hamza and madda, the
#: vowel signs of India's scripts, stroked letters, a final sigma): the stems then meet.
_MARKS = re.compile("[\u0300-\u036f\u0653-\u0655\u064b-\u065f\u0640" + "".join(
    c for c in map(chr, range(0x900, 0xE00)) if unicodedata.category(c) in ("Mn", "Mc"))
    + "]+")
_STROKED = str.maketrans({"đ": "d", "ł": "l", "ø": "o", "ı": "i", "ħ": "h", "ŧ": "t",
                          "ς": "σ"})


def _fold(word: str) -> str:
    return _MARKS.sub("", unicodedata.normalize("NFKD", word.lower())).translate(_STROKED)


_WHOLE: dict[str, int] = {}  # a month's name as written (folded) → its number
for _spec in _MONTHS:
    for _n, _names in enumerate(_spec.split("|"), 1):
        for _name in _names.split():
            _WHOLE[_fold(_name)] = _n
#: A name's first ``STEM`` letters (a name of six letters or more: “tammikuussa”,
#: “kwietnia”, “Μαΐου”), kept only where every name holding the stem is one month's.
_BY_STEM: dict[str, int] = {}
_CLASHES: set[str] = set()
for _name, _n in _WHOLE.items():
    if len(_name) >= 6 and _BY_STEM.setdefault(_name[:STEM], _n) != _n:
        _CLASHES.add(_name[:STEM])
for _stem in _CLASHES:
    del _BY_STEM[_stem]
for _name, _n in _WHOLE.items():  # a stem that is a whole name of another month: whole only
    if _BY_STEM.get(_name[:STEM], _n) != _n:
        del _BY_STEM[_name[:STEM]]
#: The stems the sketch's `_words` makes of them (folded, at most ``STEM`` letters, three or
#: more): a text holding none names no month.
MONTH_STEMS = frozenset(w[:STEM] for w in _WHOLE if len(w) >= 3)
_HEBREW_PREFIX = "בלמוה"  # a preposition or the article written onto a Hebrew word

#: A number or a word (a month's candidate; a Hindi word without its vowel signs).
_TOKEN = lazy_pattern(r"\d+|[^\W\d_]+")
_THAI_MONTH = lazy_pattern(
    r"(?:(\d{1,2})\s*)?(" + "|".join(re.escape(m) for ms in _THAI_MONTHS for m in ms.split())
    + r")(?:\s*(\d{1,4}))?")
_THAI_OF = {m: n for n, ms in enumerate(_THAI_MONTHS, 1) for m in ms.split()}

#: A digit's multiplier in Chinese, Japanese and Korean (``4万``, ``2千``, ``75만``).
_MULTIPLIER = {"千": 1000, "천": 1000, "万": 10_000, "萬": 10_000, "만": 10_000,
               "億": 10 ** 8, "亿": 10 ** 8, "억": 10 ** 8}
#: A multiplier right after a digit (a space between or not): the set first, the fast skip.
_MULTIPLIER_AFTER_DIGIT = lazy_pattern("[" + "".join(_MULTIPLIER) + r"](?:(?<=\d.)|(?<=\d\s.))")
_DIGITS_BEFORE = lazy_pattern(r"(\d[\d,.]*)\s?$")
#: A scale word's forms (lowered; as written, accents and all) → its value, language by
#: language: en, de, fr, it, es/pt, pl, cs, ru/uk, vi, id, tr, ar, fa, hi, bn, nl, sv/no,
#: fi, el, he, sw, ta. (“billion” left out: 10^9 in English, 10^12 in German.)
_SCALES: dict[str, int] = {}
for _value, _forms in ((1000, "thousand thousands tausend tsd mille mila mil tysiąc tysiące "
                               "tysięcy tys tisíc tisíce тысяча тысячи тысяч тыс тисяча тисячі "
                               "тисяч тис nghìn ngàn ribu bin ألف آلاف الف هزار हज़ार हजार হাজার "
                               "duizend tusen tuhat tuhatta χιλιάδες χιλ אלף אלפים elfu "
                               "ஆயிரம்"),
                       (10 ** 6, "million millions millionen mio millón millones milhão "
                                 "milhões milione milioni milion miliony milionów milión "
                                 "miliony milionů mln миллион миллиона миллионов млн "
                                 "мільйон мільйона мільйонів triệu juta milyon مليون ملايين "
                                 "میلیون मिलियन মিলিয়ন miljoen miljon miljoner miljoona "
                                 "miljoonaa εκατομμύρια εκατ מיליון"),
                       (10 ** 9, "milliard milliards milliarde milliarden mrd mld miliardi "
                                 "miliardo miliard miliardy mil millones млрд миллиард "
                                 "миллиарда мільярд tỷ miliar milyar میلیارد miljard "
                                 "miljardi"),
                       (10 ** 5, "lakh lakhs लाख লাখ லட்சம்"),
                       (10 ** 7, "crore crores करोड़ করোড় কোটি கோடி")):
    for _form in _forms.split(" "):
        _SCALES.setdefault(_form, _value)
_SCALES["mil millones"] = 10 ** 9
#: Their stems as the sketch's `_words` gives them (a text holding none is not read), and a
#: form that makes no stem (two letters once its vowel signs are dropped) looked up whole.
_SCALE_STEM_WORDS = (
    "thous tause tsd mio milli mille mila mil millo milha milho milio tysie tysia tys tisic mln "
    "mld mrd тысяч тыс тис тисяч млн млрд милли мільи trieu nghin ngan ribu juta milia bin "
    "milyo milya الف الاف مليون ملايي هزار میلیو میلیا हजर करड মলযন হজর duize miljo milja "
    "tusen tuhat χιλια χιλ εκατο εκατ אלף אלפים מיליו elfu ஆயரம லடசம crore lakh lakhs")
SCALE_STEMS = frozenset(_SCALE_STEM_WORDS.split())
_SCALE_WHOLE = ("jt", "tỷ", "लाख", "লাখ", "কোটি", "கோடி")
_SCALE = lazy_pattern(r"(\d[\d.,]*)[ \u00a0]?(" + "|".join(
    re.escape(f) for f in sorted((*_SCALES, "jt"), key=len, reverse=True)) + r")(?![^\W\d_])",
    re.IGNORECASE)
_SCALES["jt"] = 10 ** 6  # (Indonesian's juta, abbreviated)


def has_scale(stems: set[str], text: str) -> bool:
    """Whether a text whose word stems are ``stems`` may write a digit with a scale word (a
    text holding no Chinese, Japanese or Korean: those write theirs as `multiplied` reads
    them); a scale word too short for a stem looked for whole."""
    return not stems.isdisjoint(SCALE_STEMS) or any(w in text for w in _SCALE_WHOLE)


def scaled(text: str) -> tuple[dict[str, str], set[str]]:
    """Each number ``text`` writes in digits with a scale word after it (“20 triệu”, “210
    آلاف”, “2,5 Mio.”), as the sketch reads its digits → its value (``"20"`` →
    ``"20000000"``; ``"2.5"`` → ``"2500000"``): the value is the fact, the digits alone none
    (as `multiplied`); and the values of those whose digits the text also writes alone
    (“5 करोड़” and “5 तारीख”, the 5th): a number in words (marked), the digits kept.
    Digits in groups of three (``1.500``) are a whole number; a comma or point before one
    or two digits a decimal one."""
    out: dict[str, str] = {}
    marked: set[str] = set()
    for m in _SCALE.finditer(text):
        raw = m[1].rstrip(".,")
        digits = "".join(str(unicodedata.decimal(c)) if c.isdecimal() else c for c in raw)
        parts = re.split(r"[.,]", digits)
        if len(parts) > 1 and all(len(p) == 3 for p in parts[1:]):
            read = "".join(parts)
        elif len(parts) == 2:
            read = parts[0] + "." + parts[1].rstrip("0") if parts[1].strip("0") else parts[0]
        elif len(parts) == 1:
            read = parts[0]
        else:
            continue
        try:
            value = float(read) * _SCALES[m[2].lower()]
        except (ValueError, KeyError):
            continue
        if value == int(value) and value < 10 ** 15:
            key = read.lstrip("0") or "0"
            alone = re.findall(r"(?<![\d.,])" + re.escape(raw) + r"(?![.,]?\d)(?!\s?(?:"
                               + re.escape(m[2]) + "))", text, re.IGNORECASE)
            if alone:
                marked.add(str(int(value)))
            else:
                out[key] = str(int(value))
    return out, marked


#: Korean's Sino-Korean numerals and Thai's: digits, then the multipliers (their patterns,
#: and `_THAI_MONTH`, compiled on first use: only a text in those scripts asks them, ~2.8 ms
#: a run otherwise, issue 35).
_KO_DIGITS = dict(zip("일이삼사오육칠팔구", range(1, 10), strict=True))
_KO_UNITS = {"십": 10, "백": 100, "천": 1000, "만": 10_000, "억": 10 ** 8}
_KO_NUMERAL = "[" + "".join(_KO_DIGITS) + "".join(_KO_UNITS) + "]"
_KO_RUN = lazy_pattern(_KO_NUMERAL + "(?<![\uac00-\ud7af].)" + _KO_NUMERAL
                       + "+(?![\uac00-\ud7af])")
_TH_DIGITS = {"หนึ่ง": 1, "เอ็ด": 1, "สอง": 2, "ยี่": 2, "สาม": 3, "สี่": 4, "ห้า": 5, "หก": 6,
              "เจ็ด": 7, "แปด": 8, "เก้า": 9}
_TH_UNITS = {"สิบ": 10, "ร้อย": 100, "พัน": 1000, "หมื่น": 10_000, "แสน": 100_000,
             "ล้าน": 10 ** 6}
_TH_WORD = "|".join(sorted((*_TH_DIGITS, *_TH_UNITS), key=len, reverse=True))
_TH_RUN = lazy_pattern("(?:" + _TH_WORD + "){2,}")
_TH_SPLIT = lazy_pattern(_TH_WORD)


def has_months(stems: set[str]) -> bool:
    """Whether a text whose word stems are ``stems`` may name a month."""
    return not stems.isdisjoint(MONTH_STEMS)


def written_numbers(text: str, months: bool = True) -> set[str]:
    """The numbers ``text`` writes otherwise (see the module's docstring), as digits.
    ``months``: the text may name a month (`has_months`)."""
    out: set[str] = set()
    if months:
        _month_numbers(text, out)
    if text.isascii():
        return out
    # (each script asked first by scans for one character: a text of neither, most of
    # them, costs a microsecond or two)
    if "십" in text or "백" in text or "천" in text or "만" in text or "억" in text:
        for run in _KO_RUN.findall(text):
            _numeral([_KO_DIGITS.get(c) or -_KO_UNITS[c] for c in run], out)
    if "\u0e32" in text or "\u0e19" in text:  # Thai (its commonest vowel or consonant)
        for run in _TH_RUN.findall(text):
            _numeral([_TH_DIGITS.get(w) or -_TH_UNITS[w] for w in _TH_SPLIT.findall(run)],
                     out)
        for day, month, year in _THAI_MONTH.findall(text):
            if day or year:
                out.add(str(_THAI_OF[month]))
    return out


def multiplied(text: str) -> dict[str, str]:
    """Each number ``text`` writes in digits with a multiplier of Chinese, Japanese or Korean
    (``4万``, ``2千``, ``1,000만``), as the sketch reads its digits → its value (``"4"`` →
    ``"40000"``): the value is the fact, the digits alone none."""
    out: dict[str, str] = {}
    if not ("万" in text or "千" in text or "萬" in text or "億" in text or "亿" in text
            or "만" in text or "천" in text or "억" in text):
        return out
    for unit in _MULTIPLIER_AFTER_DIGIT.finditer(text):
        digits = _DIGITS_BEFORE.search(text, max(0, unit.start() - 24), unit.start())
        if digits is None:
            continue
        digits = digits[1].rstrip(".,").replace(",", "")
        try:
            value = float(digits) * _MULTIPLIER[unit[0]]
        except ValueError:
            continue
        if value == int(value) and value < 10 ** 15:
            out[digits] = str(int(value))
    return out


def _month_numbers(text: str, out: set[str]) -> None:
    """Add the number of each month ``text`` names beside a day or a year (the next or the
    previous token a number of one or two digits, or four; a short word, “de”, “of”, may
    stand between)."""
    tokens = _TOKEN.findall(_fold(text))
    for i, tok in enumerate(tokens):
        if tok[0].isdigit():
            continue
        n = _WHOLE.get(tok)
        if n is None and len(tok) >= 6:
            n = _BY_STEM.get(tok[:STEM])
        if n is None and tok[0] in _HEBREW_PREFIX:
            n = _WHOLE.get(tok[1:])
        if n is None:
            continue
        for j in (i - 1, i + 1, i - 2, i + 2):
            if not 0 <= j < len(tokens):
                continue
            near = tokens[j]
            if abs(j - i) == 2:
                between = tokens[(i + j) // 2]
                if between[0].isdigit() or len(between) > 3:
                    continue
            if near.isdigit() and (len(near) <= 2 or len(near) == 4):
                out.add(str(n))
                break


def _numeral(values: list[int], out: set[str]) -> None:
    """Add the number of one run of numerals (a digit positive, a multiplier negative) when
    it holds a multiplier: ``천만`` 1000 × 10,000, ``칠십오만`` (7 × 10 + 5) × 10,000."""
    if all(v > 0 for v in values):
        return
    total = section = digit = 0
    for v in values:
        if v > 0:
            digit = v
        elif -v >= 10_000:
            total += (section + digit or 1) * -v
            section = digit = 0
        else:
            section += (digit or 1) * -v
            digit = 0
    value = total + section + digit
    if value > 10:
        out.add(str(value))
