"""Credentials by their form on the page, whatever the language of the words around them.

Session 33's second round (held-out set21): the labelled forms know a password by its
label's word, and `memtui.core.creds.shaped` a key by its characters; these forms are
neither, and each is known by its structure alone:

- **a list of one-time codes**: three or more lines in a row, each only one code (maybe a
  list marker, maybe in backticks), every code of the same shape (the same groups' lengths
  and separators, the same case), each mixing letters and digits, none repeated, under a
  line that introduces them (ending in a colon, or a heading). Each code is a value;
- **a base32 seed** (a TOTP secret): 16, 26, 32, 52 or 64 capitals and digits 2–7 with
  three digits or more and high entropy, as the whole of a line, of inline code or of a
  label line's value;
- **a keypad code**: a label line whose whole value is three to ten digits then the
  keypad's ``*`` or ``#``;
- **a login line**: a user name, one space, a password (letters and a digit or a symbol),
  alone on a line, where the user name appeared as ``user@host`` just above (``ssh …``);
  or after a label's colon, in any language (``Router: admin Fjord!Lake5``, ``ssh: root
  …``), where the password mixes all four kinds of character (small, capital, digit,
  symbol): what a login line looks like, whatever its label says — the pair maybe one
  code span (``вход: `root …```), or joined by a slash (``label: user/Password!x``, a
  password of both cases and a symbol);
- **a value shown masked, then written out**: a label's value masked (``Passwort: ●●●●●●``,
  ``PIN: ****``), and in the rest of that line or the next one a token mixing all four kinds
  of character (small, capital, digit, symbol): what the mask hid, said plainly;
- **two pairs in one sentence**: a word followed by a value at the end of a clause, and the
  same word followed by another value later in the same line (``W v1; X W v2.``): a
  label repeated is a label, whatever its language. Each value must be password-like.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator

from memtui.core.creds import values
from memtui.core.creds.reading import Labelled
from memtui.core.creds.slots import CODE_TEXT, COLON, LABEL, LEAD
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: A line that is one code: maybe a list marker, maybe backticks, groups of letters/digits.
_CODE_LINE = lazy_pattern(LEAD + r"(?P<q>`?)(?P<c>" + CODE_TEXT + r")(?P=q)[ \t]*$")
_GROUP = lazy_pattern(r"[A-Za-z0-9]+|[- ]")
_BASE32 = lazy_pattern(r"^[A-Z2-7]+$")
_B32_LENGTHS = frozenset({16, 26, 32, 52, 64})
_B32_PLACE = lazy_pattern(LEAD + r"(?:" + LABEL + COLON + r")?(?P<q>`?)(?P<v>[A-Z2-7]{16,64})"
                          r"(?P=q)[ \t]*$|`(?P<c>[A-Z2-7]{16,64})`")
_KEYPAD = lazy_pattern(LEAD + LABEL + COLON + r"(?:\*\*)?`?(?P<v>\d{3,10}[*#])`?(?:\*\*)?[ \t]*$")
_LOGIN = lazy_pattern(r"^[ \t>]*(?P<u>[a-z_][a-z0-9_.-]{0,31}) (?P<v>\S{6,64})[ \t]*$")
#: A login after a label: ``label: user password`` (maybe a list marker), the line's end;
#: the pair maybe one code span (``вход: `root …```, session 36: set24's three were).
_LABEL_LOGIN = lazy_pattern(LEAD + LABEL + COLON + r"(?P<q>`?)(?P<u>[a-z_][a-z0-9_.-]{1,31}) "
                            r"(?P<v>[^\s`]{8,64})(?P=q)[ \t]*$")
#: The same with the user and password joined by a slash (``Suíomh: rúnaí/…``): a user of
#: small letters of any script, one slash, the password to the line's end.
_LABEL_SLASH = lazy_pattern(LEAD + LABEL + COLON + r"(?P<q>`?)(?P<u>[^\W\d_][\w.-]{0,31})/"
                            r"(?P<v>[^\s`/]{8,64})(?P=q)[ \t]*$")
_AT_USER = lazy_pattern(r"(?<![\w.+-])(?P<u>[a-z_][a-z0-9_.-]{0,31})@[\w-]")
#: A word (any script) then one value that ends its clause.
_PAIR = lazy_pattern(r"(?<![\w`])(?=(?P<w>[^\W\d_]{3,30}) (?P<v>[^\s`;,，；]{6,64}?)"
                     r"(?:[;,，；]|\.?(?:\s|$)))")
_AT_HOST = lazy_pattern(r"@[\w-]+\.[\w-]")
_HEADING = lazy_pattern(r"^[ \t]*#{1,6} ")
#: The cheap looks, one per form, each a search of the whole text (a text that holds none
#: costs these searches and nothing else).
_CODE_L = (LEAD[1:] + r"`?[A-Za-z0-9]{3,10}[- ][A-Za-z0-9]{3,10}"
           r"(?:[- ][A-Za-z0-9]{3,10}){0,2}`?[ \t]*")
_MAY_CODES = lazy_pattern(r"\n" + _CODE_L + r"\n" + _CODE_L + r"\n" + _CODE_L + r"(?:\n|\Z)")
#: (a base32 seed holds three digits and capitals: the detector's search for a token the
#: shape rules could take found it, `run_values`'s ``shaped``)
_MAY_SEED = lazy_pattern(r"[A-Z2-7]{16}")
#: (each starts with its literal character: ``re`` skips to it, as a class it cannot)
_MAY_STAR = lazy_pattern(r"\*(?<=\d\d\d\*)(?:`|\*\*)?[ \t]*(?:\n|\Z)")
_MAY_HASH = lazy_pattern(r"#(?<=\d\d\d#)(?:`|\*\*)?[ \t]*(?:\n|\Z)")
_MAY_LOGIN = lazy_pattern(r"(?m)^[ \t>]*[a-z_][a-z0-9_.-]{0,31} \S{6,64}[ \t]*$")
#: (``:`` first, a literal ``re`` skips to; the full-width colon only where the text has one)
#: (the password's digit, capital and symbol looked for ahead, where the rest matched)
_LOGIN_TAIL = (r"[ \t]*`?[a-z_][a-z0-9_.-]{1,31} (?=\S{0,63}\d)(?=\S{0,63}[A-Z])"
               r"(?=\S{0,63}[^\w\s])\S{8,64}[ \t]*(?:\n|\Z)")
_MAY_LABEL_LOGIN = lazy_pattern(":" + _LOGIN_TAIL)
_MAY_LABEL_LOGIN_WIDE = lazy_pattern("：" + _LOGIN_TAIL)
#: (the slash's form: ``/`` first, a literal ``re`` skips to, then a password of both cases
#: to the line's end; `_slash_login` reads the label and the user)
_MAY_SLASH_LOGIN = lazy_pattern(r"/(?<=[^\W\d_]/)(?=[^\s/]{0,63}[A-Z])(?=[^\s/]{0,63}[a-z])"
                                r"[^\s`/]{8,64}`?[ \t]*(?:\n|\Z)")
#: A masked value after a label's colon (dots, bullets or asterisks, four or more).
_MASKED = lazy_pattern(r"[:：][ \t]*[\"'„“«`]?(?:[●•⏺*]{4,}|(?:\\\*){4,})")
_VERSION_HEAD = lazy_pattern(r"[vV]?\d+\.\d")  # ``v2.4-Beta!``: a version, not a password
_LABELLED = lazy_pattern(LEAD + LABEL + COLON)
_PLAIN_TOKEN = lazy_pattern(r"(?<![\w!@#$%^&*+=/.-])(?P<v>[!-~]{8,64}?)[.,;:)»“”\"']*(?=\s|$)")
_MAY_PAIRS = lazy_pattern(r"(?m)^[^\n;]{8,}[;；][^\n]{8,}$")
_RUN_MAX = 16


def _label_login(text: str) -> Iterator[int] | None:
    """The offsets of the lines that may be a login after a label, or None."""
    found = [m.start() for m in _MAY_LABEL_LOGIN.finditer(text)] if ":" in text else []
    if "：" in text:
        found += [m.start() for m in _MAY_LABEL_LOGIN_WIDE.finditer(text)]
    if "/" in text and (":" in text or "：" in text):
        found += [m.start() for m in _MAY_SLASH_LOGIN.finditer(text)]
    return iter(found) if found else None


def _keypad(text: str) -> bool:
    return ("*" in text and _MAY_STAR.search(text) is not None) or \
        ("#" in text and _MAY_HASH.search(text) is not None)


def may_hold(text: str, shaped: bool) -> bool:
    """Whether any form may be in ``text`` (``shaped``: the detector found a token of a
    key's characters holding a digit and a capital)."""
    return bool(_MAY_CODES.search(text) or (shaped and _MAY_SEED.search(text)) or
                (("●" in text or "••••" in text or "****" in text) and _MASKED.search(text)) or
                _keypad(text) or ("@" in text and _MAY_LOGIN.search(text)) or
                (":" in text and _MAY_LABEL_LOGIN.search(text) is not None) or
                ("：" in text and _MAY_LABEL_LOGIN_WIDE.search(text) is not None) or
                ("/" in text and (":" in text or "：" in text) and
                 _MAY_SLASH_LOGIN.search(text) is not None) or
                ((";" in text or "；" in text) and _MAY_PAIRS.search(text)))


def _shape(code: str) -> tuple[tuple[int, ...], str, bool]:
    parts = _GROUP.findall(code)
    lengths = tuple(len(p) if p not in "- " else -1 for p in parts)
    seps = "".join(p for p in parts if p in ("-", " "))
    return lengths, seps, any(c.isupper() for c in code)


def _mixed(code: str) -> bool:
    digits = sum(c.isdigit() for c in code)
    letters = sum(c.isalpha() for c in code)
    mixed_case = any(c.islower() for c in code) and any(c.isupper() for c in code)
    return digits >= 2 and letters >= 2 and not mixed_case


def same_shaped_codes(codes: list[str]) -> bool:
    """3 to 16 codes of 8 to 30 characters, none repeated, all of one shape (the same groups'
    lengths and separators, the same case), each mixing letters and digits, random together:
    a run of one-time codes, whether on lines of their own or down a table's column."""
    if not 3 <= len(codes) <= _RUN_MAX or len(set(codes)) != len(codes) or \
            not 8 <= len(codes[0]) <= 30:
        return False
    return len({_shape(c) for c in codes}) == 1 and all(_mixed(c) for c in codes) and \
        values.entropy("".join(codes)) >= 3.5


def _introduced(lines: list[str], i: int) -> bool:
    k = i - 1
    while k >= 0 and not lines[k].strip():
        k -= 1
    if k < 0 or i - k > 2:
        return False
    above = lines[k].rstrip()
    return above.endswith((":", "：")) or bool(_HEADING.match(above))


def _code_runs(lines: list[str]) -> Iterator[Labelled]:
    i = 0
    n = len(lines)
    while i < n:
        m = _CODE_LINE.match(lines[i]) if len(lines[i]) <= 80 else None
        if not m:
            i += 1
            continue
        run = [(i, m)]
        j = i + 1
        while j < n and len(run) < _RUN_MAX + 1:
            got = _CODE_LINE.match(lines[j]) if len(lines[j]) <= 80 else None
            if not got:
                break
            run.append((j, got))
            j += 1
        i = j
        codes = [g.group("c") for _, g in run]
        if not same_shaped_codes(codes) or not _introduced(lines, run[0][0]):
            continue
        for k, g in run:
            yield Labelled(k, g.start("c"), g.end("c"), g.group("c"),
                           f"one of {len(codes)} same-shaped one-time codes under their label")


def _base32(v: str) -> bool:
    return len(v) in _B32_LENGTHS and bool(_BASE32.match(v)) and \
        sum(c.isdigit() for c in v) >= 3 and sum(c.isalpha() for c in v) >= len(v) // 2 and \
        values.entropy(v) >= 3.5 and not values.not_a_value(v)


def _seeds(line: str, i: int) -> Iterator[Labelled]:
    for m in _B32_PLACE.finditer(line):
        key = "v" if m.group("v") else "c"
        v = m.group(key)
        if _base32(v):
            yield Labelled(i, m.start(key), m.end(key), v,
                           f"a base32 seed ({len(v)} characters) standing alone")


def _password_like(v: str, digit: bool = True, ascii_only: bool = True) -> bool:
    """Letters and a digit or a symbol, no address, path, name or id; ``ascii_only``: no
    letter of another script (a login line's password is vouched for by its four kinds of
    character, ``Pärnu2023!``, and may hold one)."""
    v = v.rstrip(".")
    if not v or "://" in v or "/" in v or _AT_HOST.search(v) or v.startswith("-"):
        return False
    letters = sum(c.isalpha() for c in v)
    others = len(v) - letters
    return letters >= 2 and others >= 1 and (v.isascii() or not ascii_only) and \
        (not digit or any(c.isdigit() for c in v)) and not values.not_a_value(v) and \
        not values.plain_name(v) and not values.HEX_ID.match(v)


def _two_pairs(line: str, i: int) -> Iterator[Labelled]:
    if len(line) > 400:
        return
    by_word: dict[str, list[tuple[int, str]]] = {}
    for m in _PAIR.finditer(line):
        by_word.setdefault(m.group("w").lower(), []).append((m.start("v"), m.group("v")))
    for found in by_word.values():
        vals = [(a, v) for a, v in found if _password_like(v)]
        if len(found) < 2 or len(vals) != len(found) or len({v for _, v in vals}) != len(vals):
            continue
        for a, v in vals:
            yield Labelled(i, a, a + len(v), v,
                           "one of two values after the same word in one sentence")


def _unmasked(lines: list[str]) -> Iterator[Labelled]:
    """The value a mask hid, written out after it on its line or the next (see the module)."""
    for i, line in enumerate(lines):
        m = _MASKED.search(line) if len(line) <= 400 else None
        if not m:
            continue
        for k, at in ((i, m.end()), (i + 1, 0)):
            if k >= len(lines) or len(lines[k]) > 400 or (k > i and _LABELLED.match(lines[k])):
                break  # (the next line another label's: ``Version: v2.4.1-RC!``)
            got = next((t for t in _PLAIN_TOKEN.finditer(lines[k], at)
                        if values.char_kinds(t.group("v")) == 4 and
                        _password_like(t.group("v")) and
                        not values.holds_label_word(t.group("v"))), None)
            if got:
                yield Labelled(k, got.start("v"), got.end("v"), got.group("v"),
                               "the value a mask hid, written out after it")
                break


def _slash_login(line: str, i: int) -> Labelled | None:
    """``label: user/password`` to the line's end (session 36): a user of small letters, a
    password of small and capital letters and a symbol — not a path, a model's or an
    image's name (one case, or words in CamelCase and digits: ``acme/LedgerService2``), a
    version, a digest or a reference."""
    m = _LABEL_SLASH.match(line)
    if m is None or not m.group("u").islower():
        return None
    v = m.group("v")
    if not (any(c.isupper() for c in v) and any(c.islower() for c in v)) or \
            not any(not c.isalnum() and c not in ".-" for c in v) or \
            not _password_like(v, digit=False, ascii_only=False) or \
            values.holds_label_word(v) or _VERSION_HEAD.match(v) or ":" in v:
        return None
    return Labelled(i, m.start("v"), m.end("v"), v,
                    "a password after its user and a slash on a labelled login line")


def _line_of(starts: list[int], at: int) -> int:
    return bisect.bisect_right(starts, at) - 1


def run_values(lines: list[str], text: str, shaped: bool) -> Iterator[Labelled]:
    """The credentials of ``lines`` by the forms above (``text``: the lines joined;
    ``shaped`` as `may_hold` says)."""
    codes = _MAY_CODES.search(text) is not None
    if codes:
        yield from _code_runs(lines)
    if ("●" in text or "••••" in text or "****" in text) and _MASKED.search(text):
        yield from _unmasked(lines)
    starts: list[int] = []
    at = 0
    for line in lines:
        starts.append(at)
        at += len(line) + 1
    wanted: set[int] = set()
    for pattern, present in ((_MAY_SEED, shaped), (_MAY_STAR, "*" in text),
                             (_MAY_HASH, "#" in text),
                             (_MAY_PAIRS, ";" in text or "；" in text)):
        if present:
            wanted.update(_line_of(starts, m.start()) for m in pattern.finditer(text))
    logins = {_line_of(starts, m.start()) for m in _MAY_LOGIN.finditer(text)} \
        if "@" in text else set()
    labelled = {_line_of(starts, at) for at in _label_login(text) or ()}
    if not wanted and not logins and not labelled:
        return
    fence = False
    users: dict[str, int] = {}  # a user name seen as ``user@host`` → its line
    for i, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
            continue
        if len(line) > 400:
            continue
        if logins and "@" in line:
            for m in _AT_USER.finditer(line):
                users[m.group("u")] = i
        if i in logins:
            m = _LOGIN.match(line)
            if m and i - users.get(m.group("u"), -9) <= 3 and \
                    _password_like(m.group("v"), digit=False):
                yield Labelled(i, m.start("v"), m.end("v"), m.group("v"),
                               "a password after the user name on a login line")
        if i in labelled:
            m = _LABEL_LOGIN.match(line)
            v = m.group("v") if m else ""
            if m and values.char_kinds(v) == 4 and _password_like(v, ascii_only=False) and \
                    not values.holds_label_word(v) and not _VERSION_HEAD.match(v):
                yield Labelled(i, m.start("v"), m.end("v"), v,
                               "a password after the user name on a labelled login line")
            elif "/" in line:
                got = _slash_login(line, i)
                if got:
                    yield got
        if i not in wanted:
            continue
        if any(c.isupper() for c in line):
            yield from _seeds(line, i)
        if line.rstrip()[-1:] in ("*", "#", "`"):
            m = _KEYPAD.match(line)
            if m and not values.not_a_value(m.group("v")[:-1]):
                yield Labelled(i, m.start("v"), m.end("v"), m.group("v"),
                               "a keypad code (digits and the enter key) under its label")
        if not fence and (";" in line or "；" in line):
            yield from _two_pairs(line, i)
