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
one character or a spelling word: a sentence's words are no sequence.
"""

from __future__ import annotations

from collections.abc import Iterator

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
_SYMBOLS = {"hash": "#", "pound": "#", "at": "@", "dash": "-", "hyphen": "-", "minus": "-",
            "underscore": "_", "dot": ".", "period": ".", "point": ".", "bang": "!",
            "exclamation": "!", "star": "*", "asterisk": "*", "dollar": "$", "percent": "%",
            "ampersand": "&", "plus": "+", "equals": "=", "slash": "/", "tilde": "~",
            "caret": "^", "question": "?", "colon": ":", "comma": ","}
_LOWER = frozenset({"lowercase", "lower", "small", "little"})
_UPPER = frozenset({"capital", "uppercase", "upper", "cap", "big"})
_FILLER = frozenset({"mark", "sign", "case", "letter"})
#: A unit written in one token: a character alone, or characters joined by dots or dashes
#: (``x.7.Q.2``, ``5-5-0-9``).
_JOINED = lazy_pattern(r"[A-Za-z0-9!#$%&*+=?@^~](?:[.\-][A-Za-z0-9!#$%&*+=?@^~]){3,40}")
_TOKEN = lazy_pattern(r"[^\s,;、，]+")
_OPEN = "\"'“”„«»‘’`(「"
_CLOSE = "\"'“”«»‘’`)」.:!?"
_DASHES = frozenset({"-", "–", "—", "/"})
_HINT = lazy_pattern(
    r"(?i)(?<![a-z])(?:" + "|".join(sorted({*_ALPHABET, *_DIGITS, *_LOWER, *_UPPER}
                                           - {"oh", "big", "little"}, key=len, reverse=True))
    + r")(?![a-z])|(?<![\w-])[A-Za-z0-9](?:[ \t]*[,.\-][ \t]*|[ \t]+)[A-Za-z0-9](?![\w-])")


def may_hold(text: str) -> bool:
    """Whether ``text`` may spell a value at all (one search)."""
    return bool(_HINT.search(text))


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


_SYMBOL_CHARS = frozenset("!#$%&*+=?@^~_")


def runs(line: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, value) of each spelled sequence of ``line``: four characters at least."""
    chars: list[str] = []
    start = end = -1
    case: str | None = None

    def flush() -> Iterator[tuple[int, int, str]]:
        if len(chars) >= 4:
            yield start, end, "".join(chars)

    for m in _TOKEN.finditer(line):
        raw = m.group(0)
        lead = len(raw) - len(raw.lstrip(_OPEN))
        word = raw[lead:].rstrip(_CLOSE) if len(raw) > 1 else raw
        closes = len(word) + lead < len(raw)
        at = m.start() + lead
        if word in _DASHES and chars:
            continue  # ``K - 7 - m``: a dash between units
        low = word.lower()
        if low in _FILLER and chars and not closes:
            continue  # ``hash sign``, ``exclamation mark``
        if low in _LOWER or low in _UPPER:
            if case is None and not closes:
                case = "lower" if low in _LOWER else "upper"
                if not chars:
                    start = at
                continue
        got = _char(word, case)
        if got is None and case is None and not chars and _JOINED.fullmatch(word):
            yield at, at + len(word), word.replace(".", "").replace("-", "")
            continue
        if got is None:
            yield from flush()
            chars, case = [], None
            continue
        if not chars and case is None:
            start = at
        chars.append(got)
        end = at + len(word)
        case = None
        if closes and raw.rstrip()[-1:] in _CLOSE:
            yield from flush()
            chars = []
    yield from flush()


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


def spelled_values(lines: list[str]) -> Iterator[Labelled]:
    """Each spelled sequence of ``lines`` in a credential's slot, with why it is one."""
    for i, line in enumerate(lines):
        if not may_hold(line):
            continue
        for start, end, value in runs(line):
            run = line[start:end]
            if run == value and not value.isdigit():
                continue  # a word, not a spelled value
            if value.isdigit() and value in "0123456789":
                continue  # ``1, 2, 3, 4``: a count
            word = _slot(lines, i, start)
            if word is None:
                continue
            shape = values.secret_shape(value, strong=True, password_word=True, quoted=True)
            if not shape and not (value.isdigit() and 4 <= len(value) <= 12):
                continue
            yield Labelled(i, start, end, run,
                           f'{word.kind} label "{word.text}" + a spelled value '
                           f"({len(value)} characters: {shape or 'a code'})")
