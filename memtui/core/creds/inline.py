"""Credentials by their form inside a sentence, whatever the language of its words.

Session 35 (held-out set23): each form is known by its structure, reading no label word:

- **a keypad code in prose**: four to eight digits glued to the keypad's ``#`` or ``*``
  and ending its clause (``… 8352# after ten``, ``…: 61740*.``) — a code keyed on a door's,
  gate's or alarm's pad. Not a year (``2024*``), a price (a currency sign or code beside
  it), a phone number's last group (digits and a blank or dash before it) or a line
  holding a phone number (``+49 …``: what follows is dialled), a USSD code (``*100#``), a
  number with separators (``1.250*``) or the building numbers CJK text glues onto ``#``
  (``12#楼``); never in a code block;
- **a login after a host**: a host name, at most three words, then ``user / password``
  (``files.example.org with bodega / Lantern2024x``): a user of small letters and a password
  of small and capital letters and a digit (or a symbol), no name or version;
- **a login line under its introduction**: a line that is only ``user password`` (a user of
  small letters, a password of three kinds of character or more), right under a line of
  prose that does not end its sentence (``… log in with``, ``…:``) and above no line of the
  same form (a block of settings, ``host db01`` / ``port 5432``, is no login).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memtui.core.creds import lexicon, values
from memtui.core.creds.reading import Labelled
from memtui.core.scanner.lazy_pattern import lazy_pattern

_KEYPAD = lazy_pattern(r"(?<![\w*#+$€£¥₹.,/'-])(?<!\d[ -])(?P<v>\d{4,8}[#*])(?![\w*#])"
                       r"(?=[ \t]*(?:[.,;:!?)\]，。、；）]|$|\s))")
#: (``#`` or ``*`` first, each its own literal ``re`` skips to — a class it cannot —, then a
#: look behind for the digits)
_MAY_HASH = lazy_pattern(r"#(?<=\d\d\d\d#)")
_MAY_STAR = lazy_pattern(r"\*(?<=\d\d\d\d\*)")
_YEAR = lazy_pattern(r"^(?:19|20)\d\d[#*]$")
#: A phone number on the line (``+49 30 1234 5678``): a ``#`` or ``*`` there is dialled.
_PHONE = lazy_pattern(r"\+\d[\d \-()]{6,}")
_CURRENCY = lazy_pattern(r"[$€£¥₹]|\b(?:USD|EUR|GBP|JPY|CNY|RMB|INR|CHF|RUB|TRY|BRL|"
                         r"[Rr]s\.?|[Kk][čr]|zł|lei|руб|грн|元|円)\b")
_HOST_PAIR = lazy_pattern(
    r"(?<![\w.@/-])(?:[a-z0-9][a-z0-9-]*\.)+[a-z]{2,12}(?::\d{2,5})?"
    r"(?:[ \t]+[^\W\d_]{1,12}){0,3}[ \t]+(?P<u>[a-z][a-z0-9_.-]{1,31})[ \t]*/[ \t]*"
    r"(?P<v>[^\s/`'\",;()]{8,64}?)[.,;:)]?(?=\s|$)")
_MAY_HOST_PAIR = lazy_pattern(r" / (?<=[a-z0-9] / )")
_LOGIN_LINE = lazy_pattern(r"^[ \t]*(?P<u>[a-z][a-z0-9_.-]{1,31}) (?P<v>\S{8,64})[ \t]*$")
#: (the password's digit looked for ahead, where the user and one blank matched)
_MAY_LOGIN = lazy_pattern(r"\n[ \t]*[a-z][a-z0-9_.-]{1,31} (?=\S{0,63}\d)\S{8,64}[ \t]*(?:\n|\Z)")
#: A name and one value alone on a line (``port 5432``): a line of a block of settings.
_SETTING_LINE = lazy_pattern(r"^[ \t]*[a-z][\w.-]{1,31}[ \t]+\S+[ \t]*$")
_SENTENCE_ENDS = (".", "!", "?", "。", "！", "？", "…", ")", "）", "`", "|")
_FENCE = ("```", "~~~")


#: A Latin token of eight characters or more standing apart (maybe in quotes or a bracket),
#: both cases, two digits and a symbol in it.
_T = r"[!#$%&()*+,\-.0-9;?A-Z^_a-z|~]"  # (no quote, slash, colon, bracket, ``@``, ``=``)
_LATIN_TOKEN = lazy_pattern(
    r"(?<![!-~])[«“„\"'(]?(?P<t>[A-Za-z](?:(?<=[A-Z])|(?=" + _T + r"{0,62}?[A-Z]))"
    r"(?:(?<=[a-z])|(?=" + _T + r"{0,62}?[a-z]))(?=" + _T + r"{0,62}?[0-9]" + _T +
    r"{0,62}?[0-9])(?=" + _T + r"{0,62}?[!#$%&()*+,\-.;?^_|~])" + _T + r"{7,63})(?![!-~])")


def may_hold(text: str) -> bool:
    """Whether any form may be in ``text``: a cheap look, a search each."""
    return _may_keypad(text) or \
        (" / " in text and _MAY_HOST_PAIR.search(text) is not None) or _may_login(text) or \
        _may_type(text)


def _may_type(text: str) -> bool:
    """``text`` is written (first) in a script with spaces other than Latin and holds a
    token the form reads: a text of a script written without spaces (CJK, Thai: a Latin name
    glued among its words) costs a look at its first letters."""
    if text.isascii():
        return False
    first = next((c for c in text if c.isalpha() and ord(c) > 0x24F), "")
    return bool(first) and not any(a <= ord(first) <= b for a, b in lexicon.NO_SPACE_RANGES) \
        and any(_typed_token(text, m) for m in _LATIN_TOKEN.finditer(text))


def _typed_token(line: str, m: re.Match[str]) -> str | None:
    """The token ``m`` of ``line`` without its sentence's mark, when it has every kind of
    character a typed password has (both cases, two digits, a symbol)."""
    v = m.group("t").rstrip(".,;:?)»”\"'")
    if v[-1:] == "!" and not (v[-2:-1].isalnum() and any(c.isdigit() for c in v)):
        v = v[:-1]  # the sentence's mark; ``Sagarmatha8848!`` keeps its own
    if sum(c.isdigit() for c in v) < 2 or v.isalnum() or v.lower() == v or v.upper() == v or \
            any(c in v for c in "@/\\:=<>{}[]`"):
        return None
    return v


def _typed_in_another_script(line: str, i: int) -> Iterator[Labelled]:
    """``…वाइफाइमा जोडिन Sagarmatha8848! टाइप गर्न भन्नू``, ``… улази са Fruska.Gora88 и …``: in a
    sentence written in another script, a Latin token with every kind of character a typed
    password has (both cases, a digit, a symbol) is typed, not said — a value the sentence
    gives, whatever its words (their language need not be known)."""
    for m in _LATIN_TOKEN.finditer(line):
        v = _typed_token(line, m)
        if not v:
            continue
        from memtui.core.creds.shaped import device_name  # (imported when a token is read)

        if values.char_kinds(v) == 4 and sum(c.isalpha() for c in v) >= 4 and \
                not _FILE_NAME.search(v) and not values.not_a_value(v) and \
                not values.holds_label_word(v) and not values.HEX_ID.match(v) and \
                not device_name(v) and _another_script(line) and \
                not _named_none(line, m.start("t"), m.start("t") + len(v)):
            yield Labelled(i, m.start("t"), m.start("t") + len(v), v,
                           f"a typed {len(v)}-character value in a sentence of another script")


def _named_none(line: str, start: int, end: int) -> bool:
    """``line`` names its value (at ``start:end``) by credential words, each made something
    else by a negator beside it (``العام كلمة المرور``, "the public key"): what it gives is
    no credential."""
    from memtui.core.creds.prose import negated_here

    found = [w for w in lexicon.words(line)
             if w.kind in lexicon.VALUE_KINDS and (w.end <= start or w.start >= end)]
    return bool(found) and all(negated_here(line, w) for w in found)


def _another_script(line: str) -> bool:
    """Most of ``line``'s letters (and a dozen at least) are of a script other than Latin."""
    letters = [c for c in line if c.isalpha()]
    foreign = sum(not ("A" <= c <= "z" or "\u00c0" <= c <= "\u024f") for c in letters)
    return foreign >= 12 and 2 * foreign >= len(letters)


_FILE_NAME = lazy_pattern(r"\.[A-Za-z]{1,4}\d?$")


def _may_keypad(text: str) -> bool:
    return ("#" in text and _MAY_HASH.search(text) is not None) or \
        ("*" in text and _MAY_STAR.search(text) is not None)


def _may_login(text: str) -> bool:
    return "\n" in text and _MAY_LOGIN.search(text) is not None


def _keypad(line: str, i: int) -> Iterator[Labelled]:
    if "+" in line and _PHONE.search(line):
        return
    for m in _KEYPAD.finditer(line):
        v = m.group("v")
        near = line[max(0, m.start() - 4):m.end() + 6]
        if _YEAR.match(v) or _CURRENCY.search(near) or values.not_a_value(v[:-1]) == "placeholder":
            continue
        if v.endswith("*") and line.count("*", 0, m.start("v")) % 2 == 1:
            continue  # ``*… pages: 2162695, …, 2424891*``: the star closes the emphasis the
            # line opened, no enter key
        yield Labelled(i, m.start("v"), m.end("v"), v,
                       "a keypad code (digits and the enter key) in a sentence")


def _strong_password(v: str) -> bool:
    """Small and capital letters and a digit, or letters, a digit and a symbol; no name, no
    version, no path or address, no label's word."""
    return values.char_kinds(v) >= 3 and any(c.isdigit() for c in v) and \
        sum(c.isalpha() for c in v) >= 3 and v.isascii() and \
        not any(c in v for c in "@\\<>{}[]=") and not v[0].isdigit() and \
        not values.not_a_value(v) and not values.plain_name(v) and \
        not values.holds_label_word(v) and not values.HEX_ID.match(v)


def _host_pair(line: str, i: int) -> Iterator[Labelled]:
    for m in _HOST_PAIR.finditer(line):
        v = m.group("v")
        if _strong_password(v):
            yield Labelled(i, m.start("v"), m.end("v"), v,
                           "a password after its user, after a host name")


def _login_line(lines: list[str], i: int) -> Labelled | None:
    m = _LOGIN_LINE.match(lines[i])
    if not m or not _strong_password(m.group("v")) or any(c in m.group("v") for c in ".,/:()"):
        return None  # (``cd Build/2024``, ``open Report.v2``: a command and its argument)
    below = lines[i + 1].lstrip() if i + 1 < len(lines) else ""
    if below[:1].islower():
        return None  # a paragraph wrapped, going on under the line
    above = lines[i - 1].rstrip() if i else ""
    if not above.strip() or above.endswith(_SENTENCE_ENDS) or above.lstrip().startswith("#"):
        return None
    if _SETTING_LINE.match(above) or (i + 1 < len(lines) and _SETTING_LINE.match(lines[i + 1])):
        return None  # a block of settings, one name and its value a line
    return Labelled(i, m.start("v"), m.end("v"), m.group("v"),
                    "a password after its user, alone on a line under its introduction")


def inline_values(lines: list[str], text: str) -> Iterator[Labelled]:
    """The credentials of ``lines`` by the forms above (``text``: the lines joined)."""
    keypad = _may_keypad(text)
    hosts = " / " in text and _MAY_HOST_PAIR.search(text) is not None
    logins = _may_login(text)
    scripts = _may_type(text)
    if not keypad and not hosts and not logins and not scripts:
        return
    fence = False
    for i, line in enumerate(lines):
        if line.lstrip().startswith(_FENCE):
            fence = not fence
            continue
        if fence or len(line) > 400:
            continue
        if keypad:
            yield from _keypad(line, i)
        if hosts and " / " in line:
            yield from _host_pair(line, i)
        if logins and i:
            got = _login_line(lines, i)
            if got:
                yield got
        if scripts and not line.isascii():
            yield from _typed_in_another_script(line, i)
