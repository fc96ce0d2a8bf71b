"""Credentials by where a value sits and what it looks like, whatever the words around it.

The labelled forms (`memtui.core.creds.structure`) know a password or a key by its label's
word, in the languages the lexicon holds; a label in any other language, or a key labelled
only by its service's name, was missed however plainly it was written (session 33: half
the credentials of unseen sets). These rules read no word of a label:

- **a vendor's prefix shape**, anywhere: a short lower-case prefix of one to four parts
  each ending in ``-`` or ``_`` (``xxx_``, ``xx-yy-v1-``), then a run of 30 characters or
  more of three kinds (small, capital letters, digits) and high entropy — the form of every
  provider's key, whether or not a rule set knows the provider. A prefix and a shorter run
  is an object's id (``cus_…``, ``req_…``), never taken by the rules below either;
- **a key-shaped value in a slot**: the whole value of a ``label: value`` line (any label,
  any script), a whole table cell, or a whole span of inline code after words of prose,
  outside fenced blocks;
- **a key-shaped string literal** in a fenced block: the whole of a quoted string.

Key-shaped: a run of a key's characters that is machine-made (16 or more, small and
capital letters and digits, entropy of 3.5 bits a character or more) or typed like a
password (10 to 64, small and capital letters and digits; letters that are words in
CamelCase only with three digits or more). Never: what any form rules out
(`memtui.core.creds.values.not_a_value`), words, versions and names joined
(``qwen2.5-coder-7b``, ``Office-5G``), hex (a digest or an id unless a prefix or a rule says
otherwise), a UUID, base64 of readable text (a fixture, a JSON object), base58 of an
address's length, an encrypted message (``…--…--…``), a value holding a label's word
(``Password123!``). A slot whose label (its column's header or row's first cell, the three
words before inline code, the code before a literal) says id, hash, digest, user, public,
address and the like, or holds a negator of the lexicon (an example, a public key), is
left alone.
"""

from __future__ import annotations

import base64
import binascii
import bisect
from collections.abc import Iterator

from memtui.core.creds import lexicon, values
from memtui.core.creds.reading import Labelled
from memtui.core.creds.slots import COLON, LABEL, LEAD, table_cells
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: A token that may be a key (``t``): starts with a letter or digit, holds a digit and a capital
#: (or is 35 characters or more: ``sk-`` and hex), 10 to 200 characters of a key's alphabet,
#: maybe in bold, and starts a run of those characters (so each run is read once: a text of
#: ``a!a!a!…`` costs linear time, not quadratic).
_TOKEN_CHAR = r"[A-Za-z0-9_\-+/=!@#$%^&*~.]"
_TOKEN = lazy_pattern(
    r"(?<![\w\-+/=!@#$%^&*~.\\,;:?])\**(?P<t>(?=[A-Za-z0-9])(?=" + _TOKEN_CHAR + r"{10})"
    r"(?=" + _TOKEN_CHAR + r"*\d)(?:(?=" + _TOKEN_CHAR + r"*[A-Z])|(?=" + _TOKEN_CHAR + r"{35}))"
    + _TOKEN_CHAR + r"{10,200})")
#: The whole of a value of a key's alphabet (``=`` only as base64's padding).
_KEY_CHARS = lazy_pattern(r"[A-Za-z0-9_\-+/.!@#$%^&*~]{10,200}={0,2}")  # (``$…``: a hash)
#: A vendor's prefix: one to four short lower-case parts, each ending in ``-`` or ``_``.
_PREFIX = lazy_pattern(r"[a-z][a-z0-9]{1,7}[-_](?:[a-z0-9]{1,6}[-_]){0,3}")
_RUN = lazy_pattern(r"[A-Za-z0-9]+")
_LOWER_RUN = lazy_pattern(r"[a-z0-9]+")
_BASE58 = lazy_pattern(r"[1-9A-HJ-NP-Za-km-z]+")
_UUID = lazy_pattern(r"(?i)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_BASE64 = lazy_pattern(r"[A-Za-z0-9+/_-]{16,}={0,2}")
#: A label line: maybe a list marker, a label (any script, no code, no colon), a colon, the
#: value alone, maybe a note in brackets, maybe the sentence's stop.
_LABEL_LINE = lazy_pattern(
    LEAD + r"(?P<label>" + LABEL + r")" + COLON +
    r"(?:\*\*)?(?P<q>`?)(?P<v>[^\s`\"']{10,200})(?P=q)(?:\*\*)?"
    r"(?:[ \t]*[(（][^()（）\n]{0,80}[)）])?[ \t]*[.;,。]?[ \t]*$")
#: A line of configuration in a fenced block: a name, ``=`` or ``:``, the value alone.
_CONFIG_LINE = lazy_pattern(r"^[ \t]*(?:export[ \t]+)?(?P<name>[A-Za-z_][\w.-]{0,60})[ \t]*[=:]"
                            r"[ \t]*(?P<v>[^\s\"'`]{10,200})[ \t]*$")
_CODE = lazy_pattern(r"`(?P<v>[^\s`]{10,200})`")
#: A label and its value as an aside in brackets (``Poczta (xyzq: Qz7Lm2025!) …``): a
#: label line set inside a sentence, its value the whole rest of the brackets.
_ASIDE = lazy_pattern(r"[(（](?P<label>[^\W\d_][^()（）:：\n]{0,30}?)[ \t]*[:：][ \t]*"
                      r"(?P<v>[^\s()（）`\"']{10,64})[)）]")
_QUOTED = lazy_pattern(r"(?P<q>[\"'])(?P<v>[^\s\"'\\]{10,200})(?P=q)")
_CODE_SPAN = lazy_pattern(r"`[^`]*`")
_CLAUSE = lazy_pattern(r"[,;.:()（），。；：、]")
_FENCE = lazy_pattern(r"^[ \t]*(?:```|~~~)")
#: Words that say a value is not a secret: an id, a hash, a user, a public thing.
_NOT_SECRET = lazy_pattern(
    r"(?i)(?<![a-z])(?:(?:open|union|app|user|client|corp|agent|tenant|org|project|device|"
    r"chat|group|session|account|merchant|partner|member|customer|player|mini)[-_]?ids?|"
    r"ids?|uuid|guid|hash(?:es)?|sha\d*|md5|digest|checksum|fingerprint|"
    r"integrity|commit|rev(?:ision)?|p[uú]blic\w*|publishable|site|username|user|login|"
    r"account|e-?mail|address|wallet|order|invoice|tracking|serial|version|build|request|"
    r"trace|cursor|page|model|sku|ref|slug|name|host|url|path|file|channel|video|image|tag|"
    r"region|zone|bucket|nonce|state|salt|iv|encrypted|s?sid)(?![a-z])")
_CAMEL_SPLIT = lazy_pattern(r"(?<=[a-z])(?=[A-Z])")
_SENTENCE_WORDS = lazy_pattern(r"[^\W\d_]+")
#: Letters that are words in CamelCase (``WelcomeHome``, ``iPhonePro``), each word after
#: the first of two letters or more with a vowel (``WbPiVuMmjAr`` is none).
_CAMEL_PARTS = lazy_pattern(r"[A-Z]?[a-z]+")
_VOWEL = lazy_pattern(r"(?i)[aeiouy]")
#: A type's name: an acronym, capitalised words, maybe a version (``OCNMPSTokenStoreV3``).
_CLASS_NAME = lazy_pattern(r"[A-Z]{2,8}(?:[A-Z][a-z]{2,})+(?:V?\d{1,2})?")
_WORD = lazy_pattern(r"[A-Z][a-z]{2,}")
_VERSIONED = lazy_pattern(r"^([A-Za-z]{6,})[Vv]\d{1,2}$")


def _camel(letters: str) -> bool:
    parts = _CAMEL_PARTS.findall(letters)
    if not parts or "".join(parts) != letters:
        return False
    return all(len(p) >= 2 and _VOWEL.search(p) for p in parts[1:]) and \
        (len(parts[0]) <= 2 or bool(_VOWEL.search(parts[0])))


def may_hold(text: str) -> bool:
    """Whether ``text`` holds a token these rules could take (one search, no line read)."""
    return bool(_TOKEN.search(text))


def _kinds(v: str) -> bool:
    """Small and capital letters, and a digit, a symbol, or capitals where no word starts."""
    if sum(c.islower() for c in v) < 2 or not any(c.isupper() for c in v):
        return False
    if any(c.isdigit() for c in v) or any(not c.isalnum() for c in v[1:-1]):
        return True
    return sum(c.isupper() for c in v) >= 3 and not _camel(v)


def _readable_base64(v: str) -> bool:
    """``v`` is base64 of text (a JSON object, a fixture): data written down, not a key."""
    if not _BASE64.fullmatch(v):
        return False
    try:
        raw = base64.b64decode(v.replace("-", "+").replace("_", "/") + "=" * (-len(v) % 4))
    except (binascii.Error, ValueError):
        return False
    return len(raw) >= 8 and sum(32 <= b < 127 for b in raw) >= 0.65 * len(raw)


def _address(v: str) -> bool:
    """32 to 44 characters of base58 alone (no ``0 O I l``): a wallet's or a mint's public
    address (Solana, Bitcoin's legacy form), not a key."""
    return 32 <= len(v) <= 44 and bool(_BASE58.fullmatch(v))


def _object_id(v: str) -> bool:
    """A prefix and a short run: an object's id (``cus_…``, ``req_…``, ``ami-…``)."""
    m = _PREFIX.match(v)
    return bool(m) and len(v) - m.end() < 30


def _camel_versioned(v: str) -> bool:
    """Words in CamelCase and a version (``FinancialPlanContentV2``): a code identifier."""
    got = _VERSIONED.match(v)
    return bool(got) and _camel(got.group(1))


def _code_name_after(label: str, v: str) -> bool:
    """``v`` is a class's or a method's name (``Qwen2ForCausalLM``) and ``label`` names no
    password: code the note names, not a token (under a password word, words a person
    chose stay: ``CorrectHorseBatteryStaple``)."""
    return values.class_name(v) and \
        not any(w.kind == "password" for w in lexicon.words(label))


#: A part of a device's or a network's name: a word (capitalised, all capitals, small or
#: words in CamelCase: ``BaanCafe``, with a vowel unless an acronym of two to twelve
#: capitals) or a tag of capitals and digits.
_NAME_WORD = lazy_pattern(r"(?:[A-Z]?[a-z]{2,})+|[A-Z]{2,12}")
_NAME_TAG = lazy_pattern(r"(?=[A-Z0-9.]*[A-Z])(?=[A-Z0-9.]*\d)(?:[0-9A-F]{2,6}|\d{1,4}[A-Z]|"
                         r"[A-Z]{1,8}\d{1,4}|\d\.\dG)")


def device_name(v: str) -> bool:
    """``v`` names a thing, it opens nothing: words joined by ``_`` or ``-`` and a short tag
    of capitals and digits (``STC_Home_8E21``, ``MOVISTAR_8C21``, ``TP-Link_5G``,
    ``STC_Home_8E21_EXT``, ``HUAWEI-B535-8F2C``, ``Livebox-A1B2``) — the form a router or a
    device gives its network's or its own name. A made-up value mixes cases inside its
    parts or glues digits to a word (``Gyumri_cam8``, ``Shelly_Novak3``): no such name
    (set28's SSIDs beside a label of any language)."""
    parts = v.replace("-", "_").split("_")
    if len(parts) < 2 or not all(parts):
        return False
    words = [p for p in parts if _NAME_WORD.fullmatch(p) and
             (p.isupper() or _VOWEL.search(p))]
    tags = [p for p in parts if not _NAME_WORD.fullmatch(p) and _NAME_TAG.fullmatch(p)]
    return bool(words) and bool(tags) and len(words) + len(tags) == len(parts) and \
        any(len(w) >= 3 for w in words)


def key_shaped(v: str) -> bool:
    """``v`` looks made by a machine or typed as a password, and nothing says it is not."""
    if not (v.isascii() and _KEY_CHARS.fullmatch(v) and _kinds(v)) or v[0] == "$":
        return False
    n = len(v)
    longest = max((len(r) for r in _RUN.findall(v)), default=0)
    machine = n >= 16 and longest >= 12 and values.entropy(v) >= 3.5
    letters = "".join(c for c in v if c.isalpha())
    typed = n <= 64 and (not _camel(letters) or sum(c.isdigit() for c in v) >= 3)
    if not (machine or typed) or _camel_versioned(v) or (not machine and device_name(v)):
        return False
    return not (values.not_a_value(v) or values.plain_name(v) or _UUID.search(v)
                or values.HEX_ID.match(v) or _object_id(v) or "--" in v
                or _readable_base64(v) or _address(v) or values.holds_label_word(v))


def _prefixed(v: str) -> bool:
    """A vendor's prefix shape and a long random run after it (or a long hex key)."""
    m = _PREFIX.match(v)
    if not m or says_not_secret(v[:m.end()]) or values.public_id(v):
        return False
    run = v[m.end():]
    if len(run) >= 32 and values.HEX_ID.match(run) and \
            all(len(p) <= 3 for p in v[:m.end() - 1].replace("_", "-").split("-")):
        return True  # ``sk-`` (or parts as short: ``sk-xx-v1-``) and 32 hex digits or more
    if len(run) >= 40 and _LOWER_RUN.fullmatch(run) and \
            all(len(p) <= 4 for p in v[:m.end() - 1].replace("_", "-").split("-")) and \
            values.entropy(run) >= 4.2 and sum(c in "aeiou" for c in run) < 0.3 * len(run):
        return True  # ``sk-`` and a long run of one case: random, no word's share of vowels
    return len(run) >= 30 and run[0].isalnum() and _kinds(run) and \
        values.entropy(run) >= 4.0 and not values.not_a_value(v) and not _readable_base64(run)


def says_not_secret(text: str) -> bool:
    """The label says id, hash, user, public…, or holds one of the lexicon's negators (the
    words, in each language it knows, that make a credential word something else: an
    example, a public key, an id)."""
    return bool(_NOT_SECRET.search(_CAMEL_SPLIT.sub(" ", text))) or \
        (bool(text) and lexicon.negated(text))


def _words_before(line: str, at: int, n: int = 3) -> str:
    """The last ``n`` words of the clause before ``at`` (code spans, a user name say, left
    out; the last clause holding words, from a comma, colon, stop or bracket)."""
    for clause in reversed(_CLAUSE.split(_CODE_SPAN.sub(" ", line[:at]))):
        words = _SENTENCE_WORDS.findall(clause)
        if words:
            return " ".join(words[-n:])
    return ""


def _own_clause(before: str) -> str:
    """The text before a literal, from the last ``,``, ``;`` or ``{``: its own member or
    argument (``"model": "glm-4", "key": "…"``: the key's name is ``key``; a call's name,
    ``user_id("…")``, stays its argument's)."""
    cut = max(before.rfind(c) for c in ",;{")
    return before[cut + 1:]


def _header(line: str) -> list[str]:
    return [c.strip() for _, _, c in table_cells(line)]


def shaped_values(lines: list[str]) -> Iterator[Labelled]:
    """The credentials of ``lines`` by shape and place (see the module)."""
    fence = False
    header: list[str] | None = None
    sealed: set[int] | None = None
    text = "\n".join(lines)
    starts: list[int] = []  # each line's offset in ``text``
    at = 0
    for line in lines:
        starts.append(at)
        at += len(line) + 1
    tokened = {bisect.bisect_right(starts, m.start()) - 1 for m in _TOKEN.finditer(text)}
    if not tokened:
        return
    for i, line in enumerate(lines):
        if _FENCE.match(line):
            fence = not fence
            header = None
            continue
        row = line.lstrip().startswith("|")
        if i in tokened:
            if fence and sealed is None:
                from memtui.core.creds.structure import encrypted_lines

                sealed = encrypted_lines(lines)  # (``encryptedData:``'s children)
            if not (fence and sealed and i in sealed):
                yield from _line(line, i, fence, header if row else None)
        if not row:
            header = None
        elif header is None:
            header = _header(line)


def _line(line: str, i: int, fence: bool, header: list[str] | None) -> Iterator[Labelled]:
    done: list[tuple[int, int]] = []
    for m in _TOKEN.finditer(line):
        v = m.group("t").rstrip(".,;!*")
        at = m.start("t")
        if _prefixed(v) and not says_not_secret(_words_before(line, at)):
            done.append((at, at + len(v)))
            yield Labelled(i, at, at + len(v), v,
                           f"a vendor's prefix shape + {len(v)}-character random run")
    if fence:
        got = _CONFIG_LINE.match(line)
        if got and key_shaped(got.group("v")) and not says_not_secret(got.group("name")):
            start = got.start("v")
            done.append((start, got.end("v")))
            yield Labelled(i, start, got.end("v"), got.group("v"),
                           f"a configuration line's whole value, of a key's shape "
                           f"({len(got.group('v'))} characters)")
        for m in _QUOTED.finditer(line):
            v = m.group("v")
            start = m.start("v")
            if any(s <= start < e for s, e in done) or not key_shaped(v) or \
                    says_not_secret(_own_clause(line[max(0, m.start() - 40):m.start()])):
                continue
            yield Labelled(i, start, start + len(v), v,
                           f"a whole string literal of a key's shape ({len(v)} characters)")
        return
    if header is not None:
        yield from _cells(line, i, header, done)
        return
    got = _LABEL_LINE.match(line)
    if got:
        v = got.group("v").rstrip(".,;!")
        start = got.start("v")
        taken = any(s <= start < e for s, e in done)
        done.append((start, start + len(v)))  # (judged here, whatever the verdict)
        if not taken and key_shaped(v) and not says_not_secret(got.group("label")) and \
                not _code_name_after(got.group("label"), v):
            yield Labelled(i, start, start + len(v), v,
                           f"a label line's whole value, of a key's shape ({len(v)} characters)")
    for m in _ASIDE.finditer(line) if "(" in line or "（" in line else ():
        v = m.group("v")
        start = m.start("v")
        if not any(s <= start < e for s, e in done) and key_shaped(v) and \
                not says_not_secret(m.group("label")):
            done.append((start, start + len(v)))
            yield Labelled(i, start, start + len(v), v,
                           f"a label's whole value in brackets, of a key's shape ({len(v)} "
                           "characters)")
    for m in _CODE.finditer(line):
        v = m.group("v")
        start = m.start("v")
        if any(s <= start < e for s, e in done) or not key_shaped(v) or \
                not _SENTENCE_WORDS.search(line[:m.start()]) or \
                (line[m.start() - 1:m.start()] == "(" and line[m.end():m.end() + 1] == ")") or \
                says_not_secret(_words_before(line, m.start())):
            continue
        yield Labelled(i, start, start + len(v), v,
                       f"inline code in prose, of a key's shape ({len(v)} characters)")


def _cells(line: str, i: int, header: list[str], done: list[tuple[int, int]]
           ) -> Iterator[Labelled]:
    """A table cell whose whole content is of a key's shape, unless its row's first cell or
    its column's header says id, hash, user or public."""
    cells = [(a, part) for a, _, part in table_cells(line)]
    if not cells:
        return
    first = cells[0][1]
    alone = len(cells) == 1 and not line.rstrip().endswith("|")  # ``| value`` (no end mark)
    for n, (a, part) in enumerate(cells):
        v = part.strip().strip("`")
        if not v or (n == 0 and not alone):
            continue
        start = a + part.index(v)
        if any(s <= start < e for s, e in done) or not key_shaped(v):
            continue
        if says_not_secret(header[n] if n < len(header) else "") or says_not_secret(first):
            continue
        if "`" in part and _CLASS_NAME.fullmatch(v) and \
                all(_VOWEL.search(w) for w in _WORD.findall(v)):
            continue  # ``| `OCNMPSBridgeV2` |``: a class's name in code font, words after
            # an acronym (each with a vowel), maybe a version
        yield Labelled(i, start, start + len(v), v,
                       f"a table cell of a key's shape ({len(v)} characters)")
