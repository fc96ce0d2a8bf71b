"""A value spelled out or dictated, read as the value it spells (issue 32 point 1, set28).

A password read out over the phone, or written so a person can type it, is a sequence of
units: ``lowercase m, capital Q, seven, hash, lowercase z, lowercase z, four``,
``K - 7 - m - Q - 2``, ``x.7.Q.2.b``, ``Kilo Seven Mike Quebec``. Each unit is one character:
a letter or a digit alone, a spelling-alphabet word (ICAO's, used in every language), a digit
word, a symbol's name — maybe after a word giving its case. The sequence is normalised into
the value it spells (``mQ7#zz4``) and that value is judged as any value beside a password
label (`memtui.core.creds.values.secret_shape`); the finding's value is the sequence as
written, so masking and ``fix redact`` take what the file holds.

The place binds it, as for any value: a credential word of the lexicon before it on its line,
or on the line right above when that line ends in a colon (the value introduced, then given).
Four units at least, separated alike (commas, blanks, dashes or dots), at least half of them
(and three) one character or a spelling word: a sentence's words are no sequence. Between
commas or dashes, a unit of one word no character is read from (a digit's or a symbol's
name in a language whose words are not here: ``sieben``, ``Raute``) stands for a symbol, so
``groß K, sieben, klein m, Raute, klein z, vier`` is judged as ``K#m#z#``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

from memtui.core.creds import lexicon, values
from memtui.core.creds.reading import Labelled
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: The ICAO spelling alphabet: the word says the letter.
_ALPHABET = {w: w[0] for w in (
    "alfa", "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
    "juliett", "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
    "sierra", "tango", "uniform", "victor", "whiskey", "whisky", "xray", "x-ray", "yankee",
    "zulu")}
_DIGITS = {w: str(n) for n, w in enumerate(
    ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"))}
_DIGITS["oh"] = "0"
#: The digits' names, zero to nine, in the languages a value is read out in (a closed class
#: of each language, as the spelling alphabet is; a name of two letters or fewer is left
#: out, being a word of other languages, and so is a name standing for two digits).
_DIGIT_NAMES = """
de null eins zwei drei vier fünf sechs sieben acht neun
fr zéro un deux trois quatre cinq six sept huit neuf
es cero uno dos tres cuatro cinco seis siete ocho nueve
it zero uno due tre quattro cinque sei sette otto nove
pt zero um dois três quatro cinco seis sete oito nove
nl nul een twee drie vier vijf zes zeven acht negen
af nul een twee drie vier vyf ses sewe agt nege
sv noll ett två tre fyra fem sex sju åtta nio
nb null en to tre fire fem seks sju åtte ni
da nul en to tre fire fem seks syv otte ni
is núll einn tveir þrír fjórir fimm sex sjö átta níu
fo null ein tveir tríggir fýra fimm seks sjey átta níggju
fi nolla yksi kaksi kolme neljä viisi kuusi seitsemän kahdeksan yhdeksän
et null üks kaks kolm neli viis kuus seitse kaheksa üheksa
pl zero jeden dwa trzy cztery pięć sześć siedem osiem dziewięć
cs nula jedna dva tři čtyři pět šest sedm osm devět
sk nula jeden dva tri štyri päť šesť sedem osem deväť
sl nič ena dve tri štiri pet šest sedem osem devet
hr nula jedan dva tri četiri pet šest sedam osam devet
sr нула један два три четири пет шест седам осам девет
ru ноль один два три четыре пять шесть семь восемь девять
uk нуль один два три чотири п'ять шість сім вісім дев'ять
bg нула едно две три четири пет шест седем осем девет
mk нула еден два три четири пет шест седум осум девет
ro zero unu doi trei patru cinci șase șapte opt nouă
hu nulla egy kettő három négy öt hat hét nyolc kilenc
tr sıfır bir iki üç dört beş altı yedi sekiz dokuz
el μηδέν ένα δύο τρία τέσσερα πέντε έξι επτά οκτώ εννέα
lv nulle viens divi trīs četri pieci seši septiņi astoņi deviņi
lt nulis vienas du trys keturi penki šeši septyni aštuoni devyni
ca zero u dos tres quatre cinc sis set vuit nou
eu zero bat bi hiru lau bost sei zazpi zortzi bederatzi
cy dim un dau tri pedwar pump chwech saith wyth naw
id nol satu dua tiga empat lima enam tujuh delapan sembilan
tl sero isa dalawa tatlo apat lima anim pito walo siyam
sw sifuri moja mbili tatu nne tano sita saba nane tisa
vi không một hai ba bốn năm sáu bảy tám chín
hi शून्य एक दो तीन चार पाँच छह सात आठ नौ
mr शून्य एक दोन तीन चार पाच सहा सात आठ नऊ
ne शून्य एक दुई तीन चार पाँच छ सात आठ नौ
bn শূন্য এক দুই তিন চার পাঁচ ছয় সাত আট নয়
ar صفر واحد اثنان ثلاثة أربعة خمسة ستة سبعة ثمانية تسعة
fa صفر یک دو سه چهار پنج شش هفت هشت نه
he אפס אחת שתיים שלוש ארבע חמש שש שבע שמונה תשע
te సున్నా ఒకటి రెండు మూడు నాలుగు ఐదు ఆరు ఏడు ఎనిమిది తొమ్మిది
ta பூஜ்யம் ஒன்று இரண்டு மூன்று நான்கு ஐந்து ஆறு ஏழு எட்டு ஒன்பது
ka ნული ერთი ორი სამი ოთხი ხუთი ექვსი შვიდი რვა ცხრა
hy զրո մեկ երկու երեք չորս հինգ վեց յոթ ութ ինը
"""


def _digit_names() -> dict[str, str]:
    named: dict[str, set[str]] = {}
    for row in _DIGIT_NAMES.strip().splitlines():
        for n, word in enumerate(row.split()[1:]):
            named.setdefault(word, set()).add(str(n))
    return {w: next(iter(d)) for w, d in named.items()
            if len(d) == 1 and (len(w) > 2 or not w.isascii()) and w not in _ALPHABET}


_DIGITS.update({w: d for w, d in _digit_names().items() if w not in _DIGITS})
_SYMBOLS = {"hash": "#", "pound": "#", "at": "@", "dash": "-", "hyphen": "-", "minus": "-",
            "underscore": "_", "dot": ".", "period": ".", "point": ".", "bang": "!",
            "exclamation": "!", "star": "*", "asterisk": "*", "dollar": "$", "percent": "%",
            "ampersand": "&", "plus": "+", "equals": "=", "slash": "/", "tilde": "~",
            "caret": "^", "question": "?", "colon": ":", "comma": ","}
_LOWER = frozenset({"lowercase", "lower", "small", "little"})
_UPPER = frozenset({"capital", "uppercase", "upper", "cap", "big"})
_FILLER = frozenset({"mark", "sign", "case", "letter"})
_SYMBOL_CHARS = frozenset("!#$%&*+=?@^~_")
#: What ends a spelled sequence: quotes, brackets, a colon, a sentence's end.
_REGION = lazy_pattern(r"[^「」『』«»“”„\"'`()\[\]:：。！？!?]+")
#: How units are separated: commas (a unit may then be a few words: ``m minuscule``, ``K as
#: in kilo``), dashes or dots between blanks or glued (``K-7-m``, ``x . 7 . Q``), or blanks.
_COMMA_UNIT = lazy_pattern(r"[^,;、，]+")
_DASH_UNIT = lazy_pattern(r"[^\s\-–—·./,;、，]+")
#: Four characters alone joined by dashes or dots: the region is read by them.
_DASHED_RUN = lazy_pattern(r"(?<!\S)\w(?:[ \t]*[\-–—·./][ \t]*\w(?!\w)){3}")
_BLANK_UNIT = lazy_pattern(r"\S+")
#: Four characters alone between blanks.
_SINGLES = lazy_pattern(r"(?<!\S)\S(?:[ \t]+\S(?!\S)){3}")
_DASHED = lazy_pattern(r"\S[ \t]*[\-–—·./][ \t]*\S")
#: What a text spelling a value holds: a spelling, digit or case word (searched in the text
#: in small letters: a case-blind pattern of these words costs ten times more), or one
#: character then a separator and another.
_WORD_HINT = lazy_pattern(r"\b(?:" + "|".join(sorted(
    {*_ALPHABET, *_DIGITS, *_LOWER, *_UPPER} - {"oh", "big", "little"},
    key=len, reverse=True)) + r")\b")
_CHAR_HINT = lazy_pattern(r"[A-Za-z0-9](?:[ \t]*[,;.\-–—·][ \t]*\S|[ \t]+[A-Za-z0-9](?![\w-]))")


def may_hold(text: str) -> bool:
    """Whether ``text`` may spell a value at all (one or two searches)."""
    return bool(_CHAR_HINT.search(text) or _WORD_HINT.search(text.lower()))


def _names_digits(low: str) -> bool:
    """``low`` (a line in small letters) names two digits or more in a row, in a script
    `may_hold` does not search (``পাঁচ দুই আট``)."""
    words = low.split()
    return any(a in _DIGITS and b in _DIGITS for a, b in pairwise(words))


def _char(word: str, case: str | None) -> str | None:
    """The character ``word`` spells (after a word giving its case), or None."""
    low = word.lower()
    if len(word) == 1 and (word.isalnum() or word in _SYMBOL_CHARS):
        c = word
    elif low in _ALPHABET:
        c = _ALPHABET[low]
        case = case or "upper"
    elif low in _DIGITS and case is None:
        return _DIGITS[low]
    elif low in _SYMBOLS and case is None:
        return _SYMBOLS[low]
    else:
        return None
    return c.lower() if case == "lower" else c.upper() if case == "upper" else c


def _unit(words: list[str], loose: bool) -> str | None:
    """The character a unit of ``words`` spells. ``loose`` (units between commas): a
    letter and a few words saying more of it (never a digit: ``8 chars, 1 digit`` is a
    rule, not a value) (``m minuscule``, ``K comme Kilo``, ``K as
    in kilo``) is that character, as written."""
    words = [w for w in words if w.lower() not in _FILLER] or words
    if not words:
        return None
    case = None
    if len(words) > 1 and words[0].lower() in _LOWER | _UPPER:
        case = "lower" if words[0].lower() in _LOWER else "upper"
        words = words[1:]
    if len(words) == 1 and case is None and "-" in words[0].strip("-"):
        digits = [_DIGITS.get(part.lower()) for part in words[0].split("-")]
        if all(digits):  # ``kaks-üks-neli``: a group of digits read aloud
            return "".join(d for d in digits if d)
    if len(words) == 1:
        return _char(words[0], case)
    if loose and case is None and len(words[0]) == 1 and words[0].isalpha() and len(words) <= 4:
        return words[0]
    if loose and case is None and len(words) == 2 and len(words[1]) == 1 and words[1].isalpha():
        return words[1]  # ``groß K``, ``klein m``: a word of the case before the letter
    return None


#: A unit no character was read from: one word of letters (a digit's or a symbol's name in
#: another language: ``sieben``, ``Raute``), kept inside a sequence whose units are mostly
#: characters.
_UNKNOWN = "\x00"


def _units(region: str, base: int, blank: bool = False) -> list[tuple[int, int, str | None]]:
    """(start, end, character or None) of each unit of a region of a line (``blank``: the
    units set apart by blanks, whatever else the region holds)."""
    if blank:
        pattern, loose = _BLANK_UNIT, False
    elif _DASHED_RUN.search(region):  # (``R - 7 - k - W, großes R``: commas end the run)
        pattern, loose = _DASH_UNIT, False
    elif any(c in region for c in ",;、，"):
        pattern, loose = _COMMA_UNIT, True
    elif _DASHED.search(region):
        pattern, loose = _DASH_UNIT, False
    else:
        pattern, loose = _BLANK_UNIT, False
    out: list[tuple[int, int, str | None]] = []
    last = -1
    for m in pattern.finditer(region):
        gap = region[last:m.start()] if last >= 0 else None
        last = m.end()
        if pattern is _DASH_UNIT and gap is not None:
            if not gap.strip() or any(c in gap for c in ",;、，"):
                # blanks alone or a comma: no unit's separator
                out.append((base + m.start(), base + m.start(), None))
            elif (gap[:1].isspace() and gap.endswith("-")) or \
                    (out and out[-1][2] is None and gap == gap.strip()):
                # an option's dash (`` -U``), or glued to a part no character was read
                # from (``10.0.0.5``, ``v1.2.3``): no unit
                out.append((base + m.start(), base + m.end(), None))
                continue
        text = m.group(0)
        if pattern is _COMMA_UNIT and len(text.strip()) > 1:
            text = text.rstrip().rstrip(".…")  # the sentence's end after the last unit
        elif pattern is _BLANK_UNIT and len(text) > 1:
            text = text.rstrip(",.;…")  # (``… tre fem, ikke``: the clause's mark)
        if not text.strip():
            continue
        lead = len(text) - len(text.lstrip())
        start, end = base + m.start() + lead, base + m.start() + len(text.rstrip())
        words = text.split()
        if pattern is _BLANK_UNIT and words[0].lower() in _LOWER | _UPPER:
            out.append((start, end, "case:" + words[0].lower()))
            continue
        got = _unit(words, loose) if not (pattern is _BLANK_UNIT and text in "-.") else text
        if got is None and pattern is not _BLANK_UNIT and len(words) == 1 and \
                words[0].isalpha() and len(words[0]) <= 12:
            got = _UNKNOWN
        out.append((start, end, got))
    if pattern is _COMMA_UNIT:
        out = _initials(region, base, out)
    if pattern is _BLANK_UNIT:  # a case word gives its case to the next word
        merged: list[tuple[int, int, str | None]] = []
        case = None
        for start, end, c in out:
            if c and c.startswith("case:"):
                if case is not None:
                    merged.append((case[0], case[1], None))
                case = (start, end, c[5:])
                continue
            if case is not None:
                word = region[start - base:end - base]
                got = _char(word, "lower" if case[2] in _LOWER else "upper")
                merged.append((case[0], end, got))
                case = None
                continue
            merged.append((start, end, c))
        if case is not None:
            merged.append((case[0], case[1], None))
        out = merged
    return out


def _initials(region: str, base: int, out: list[tuple[int, int, str | None]]
              ) -> list[tuple[int, int, str | None]]:
    """A spelling alphabet of names (``Kalle, Oskari, Tyyne, Iivari, kaksi, yksi``; ``Dora,
    Anton, Nordpol, …, eins, neun``: a country's own, any country's): among units read as
    characters (a digit's name, an ICAO word), four or more capitalised words no character
    was read from each stand for their initial."""
    def titled(a: int, b: int) -> bool:
        w = region[a - base:b - base]
        return len(w) >= 3 and w[0].isupper() and w[1:].islower() and w.isalpha()

    names = [u for u in out if u[2] == _UNKNOWN and titled(u[0], u[1])]
    if len(names) < 4 or not any(u[2] not in (None, _UNKNOWN) for u in out):
        return out
    return [(a, b, region[a - base] if c == _UNKNOWN and titled(a, b) else c)
            for a, b, c in out]


def runs(line: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, value) of each spelled sequence of ``line``: four units at least, most
    of them characters read (a unit not read stands for a character of its own: ``#``)."""
    for region in _REGION.finditer(line):
        got = list(_read(_units(region.group(0), region.start())))
        if not got and (_SINGLES.search(region.group(0)) or
                        _names_digits(region.group(0).lower())):
            # ``পিন হলো পাঁচ দুই আট শূন্য এক — …``: digits named between blanks in a region
            # a dash or a comma elsewhere would have read by another separator; ``F j o r d
            # - s 2 0 2 5``: characters alone between blanks, a dash among them
            got = list(_read(_units(region.group(0), region.start(), blank=True)))
        yield from got


def _read(units: list[tuple[int, int, str | None]]) -> Iterator[tuple[int, int, str]]:
    run: list[tuple[int, int, str]] = []
    for a, b, c in [*units, (0, 0, None)]:
        if c is not None:
            run.append((a, b, c))
            continue
        while run and run[-1][2] == _UNKNOWN:
            run.pop()
        while run and run[0][2] == _UNKNOWN:
            run.pop(0)
        read = sum(len(u[2]) for u in run if u[2] != _UNKNOWN)  # (a group read aloud:
        size = read + sum(u[2] == _UNKNOWN for u in run)  # its digits)
        if size >= 4 and read >= 3 and 2 * read >= size and \
                (len(run) >= 4 or all(u[2].isdigit() for u in run)):
            yield run[0][0], run[-1][1], "".join(
                "#" if u[2] == _UNKNOWN else u[2] for u in run)
        run = []


def _slot(lines: list[str], i: int, start: int) -> lexicon.Word | None:
    """The credential word binding a value at ``start`` of line ``i``: before it on its line,
    or on the line above when that line ends in a colon."""
    words = [w for w in lexicon.words(lines[i][:start]) if w.kind in lexicon.VALUE_KINDS]
    if words:
        return words[-1]
    above = lines[i - 1].rstrip() if i else ""
    if i and lines[i][:start].strip(" \t>-*\"'“„«`") == "" and above.endswith((":", "：")):
        words = [w for w in lexicon.words(above) if w.kind in lexicon.VALUE_KINDS]
        return words[-1] if words else None
    return None


def spelled_values(lines: list[str], hints: tuple[str, ...] | list[str] = ()
                   ) -> Iterator[Labelled]:
    """Each spelled sequence of ``lines`` in a credential's slot, with why it is one.
    ``hints``: the label words' hints the text holds (small letters, ``memtui.core.creds.
    detector``'s first look); a line holding none, under a line holding none, has no slot
    and is not read."""
    above = False  # the line above ends in a colon and holds a hint
    for i, line in enumerate(lines):
        low = line.lower()
        here = not hints or any(h in low for h in hints)
        slot, above = here or above, here and line.rstrip().endswith((":", "："))
        if not slot or not (may_hold(line) or _names_digits(low)):
            continue
        for start, end, value in runs(line):
            run = line[start:end]
            if run == value and not value.isdigit():
                continue  # a word, not a spelled value
            if value.isdigit() and (value in "0123456789" or "." in run):
                continue  # ``1, 2, 3, 4``: a count; ``2.5.0.1``: a version, an address
            word = _slot(lines, i, start)
            if word is None:
                continue
            shape = values.secret_shape(value, strong=True, password_word=True, quoted=True)
            if not shape and values.char_kinds(value.replace("#", "")) >= 2:
                shape = f"{len(value)} characters of two kinds or more"  # ``K#mQ``: spelled
                # out, a value of any length is one the writer meant to be typed
            if not shape and not (value.isdigit() and 4 <= len(value) <= 12):
                continue
            yield Labelled(i, start, end, run,
                           f'{word.kind} label "{word.text}" + a spelled value '
                           f"({len(value)} characters: {shape or 'a code'})")
