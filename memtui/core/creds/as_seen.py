"""A text as its reader sees it, for the credential check (newuser29 #45 #46).

What a pattern stops at but a person or a model reads through can hide a credential from
the check, so it is taken away first, and every hit is given back as written:

- a format character (zero-width space, joiner or non-joiner, word joiner, soft hyphen,
  byte-order mark, a direction mark) between two visible ASCII characters is dropped
  (``A\\u200bKIA…`` is ``AKIA…``); elsewhere (a Persian or Indic word's joiner) it stays;
- a no-break, figure or narrow no-break space is a space (``password:\\u00a0value``);
- a full-width ASCII letter or digit is that letter or digit (``ｐａｓｓｗｏｒｄ``);
- in a line holding JSON inside a JSON string (an escaped key, ``\\"password\\":``), the
  backslash before each quote is dropped: the inner object reads as JSON;
- a script's own colon (Ethiopic ``፥`` ``፦``, Khmer ``៖``, Mongolian ``᠄``, the ratio and
  small colons ``∶`` ``﹕``) is a colon: a label ends at it as at ``:``;
- an HTML character reference is the character it stands for (``&#112;assword``,
  ``pass&shy;word``, ``&amp;``: what a rendered page shows and a model reads through);
- in a word mixing Latin letters with Cyrillic or Greek ones, a Cyrillic or Greek letter
  drawn like a Latin one is that Latin letter (``pаssword`` with a Cyrillic ``а``); a word
  all in one script is left as it is.

Lines stay lines (no line break is added or removed), so a hit's line is where it is
written; its value is the span as written (the invisible characters kept), so masking and
``fix redact`` take what the file holds.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from memtui.core.native import native_module

_FORMAT = "\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
_SPACES = "\u00a0\u2007\u202f"
_WIDE = "\uff10-\uff19\uff21-\uff3a\uff41-\uff5a"
_OTHER = "\u0370-\u03ff\u0400-\u04ff"
_COLONS = "\u1365\u1366\u17d6\u1804\u2236\ufe55"
#: Whether a text holds anything `seen` would change (a text without is read as it is).
DISGUISE = re.compile(f"[{_FORMAT}{_SPACES}{_WIDE}{_COLONS}]|[A-Za-z][{_OTHER}]|[{_OTHER}][A-Za-z]")
_WORD = re.compile(f"[A-Za-z{_OTHER}]+")
#: Cyrillic and Greek letters drawn like Latin ones.
_LATIN = str.maketrans(
    "АВЕЅІЈКМНОРСТХУаеіјорсхуѕԁɡһԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧαικνορτυχ",
    "ABESIJKMHOPCTXYaeijopcxysdghqwABEZHIKMNOPTYXaikvoptux")


#: An HTML character reference: numeric, or named (`html.unescape` knows which names).
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")


#: ``memtui_native.disguise`` (`DISGUISE`'s search, compiled: ~8 % of a cold audit at 10,000
#: memories through ``re``, issue 35), or None where the C extension is not built or is
#: turned off (``MEMTUI_PURE_PYTHON=1``): the same answer (tests/core/test_creds_compiled.py).
COMPILED: Callable[[str], bool] | None = getattr(native_module(), "disguise", None)


def disguised(text: str) -> bool:
    """Whether ``text`` holds a character `seen` reads otherwise."""
    if "&" in text and _ENTITY.search(text) is not None:
        return True
    if '\\"' in text and _ESCAPED_KEY.search(text) is not None:
        return True
    if text.isascii():
        return False
    compiled = COMPILED
    return compiled(text) if compiled is not None else DISGUISE.search(text) is not None


def _references(line: str) -> dict[int, tuple[int, str]]:
    """The HTML character references of ``line``: start → (end, what it stands for)."""
    out: dict[int, tuple[int, str]] = {}
    for m in _ENTITY.finditer(line):
        got = html.unescape(m.group())
        if got != m.group():
            out[m.start()] = (m.end(), got)
    return out


def seen(line: str) -> tuple[str, list[int]]:
    """``line`` as read (see the module), and for each of its characters (and its end) the
    index in ``line`` it comes from."""
    chars: list[str] = []
    where: list[int] = []
    n = len(line)
    dropped: set[int] = set()  # each run of format characters looked at once (linear)
    for m in _FORMAT_RUN.finditer(line):
        if _visible(line[m.start() - 1] if m.start() else " ") and \
                _visible(line[m.end()] if m.end() < n else " "):
            dropped.update(range(m.start(), m.end()))
    refs = _references(line) if "&" in line else {}
    if '\\"' in line and _ESCAPED_KEY.search(line) is not None:
        dropped.update(m.start() for m in _ESCAPED_QUOTE.finditer(line))
    i = 0
    while i < n:
        if i in refs:  # a reference: each character it stands for comes from its "&"
            end, got = refs[i]
            for c in got:
                chars.append(" " if c in _SPACES else c)
                where.append(i)
            i = end
            continue
        c = line[i]
        if i not in dropped:
            if c in _SPACES:
                c = " "
            elif c in _COLONS:
                c = ":"
            elif _WIDE_ONE.match(c):
                c = chr(ord(c) - 0xFEE0)
            chars.append(c)
            where.append(i)
        i += 1
    where.append(n)
    out = "".join(chars)
    if refs:  # a soft hyphen or a format character written as a reference
        out, where = _drop_format(out, where)
    if _MIXED.search(out):
        out = _WORD.sub(_fold, out)
    return out, where


_FORMAT_RUN = re.compile(f"[{_FORMAT}]+")
#: An object's key inside a JSON string: ``\\"name\\":``.
_ESCAPED_KEY = re.compile(r'\\"[\w.-]{1,64}\\"\s*:')
#: A backslash escaping a quote (the backslash alone, one level of escaping).
_ESCAPED_QUOTE = re.compile(r'(?<!\\)\\(?=")')

_WIDE_ONE = re.compile(f"[{_WIDE}]")
_MIXED = re.compile(f"[A-Za-z][{_OTHER}]|[{_OTHER}][A-Za-z]")


def _visible(c: str) -> bool:
    """A visible ASCII character (no blank)."""
    return "!" <= c <= "~"


def _fold(m: re.Match[str]) -> str:
    word = m.group()
    return word.translate(_LATIN) if _MIXED.search(word) else word


def as_written(line: str, read: str, where: list[int], value: str) -> str:
    """``value``, found in ``read`` (``line`` as `seen` read it), as ``line`` writes it;
    ``value`` itself when it is not there."""
    at = read.find(value)
    if at < 0 or not value:
        return value
    last = where[at + len(value) - 1]
    ref = _ENTITY.match(line, last) if line[last] == "&" else None
    return line[where[at]:ref.end() if ref is not None else last + 1]


def _drop_format(read: str, where: list[int]) -> tuple[str, list[int]]:
    """``read`` without the format characters references stood for (``pass&shy;word``),
    between two visible ASCII characters, and ``where`` to match."""
    keep = [k for k, c in enumerate(read)
            if not (_FORMAT_RUN.match(c) and 0 < k < len(read) - 1
                    and _visible(read[k - 1]) and _visible(read[k + 1]))]
    if len(keep) == len(read):
        return read, where
    return "".join(read[k] for k in keep), [where[k] for k in keep] + [where[-1]]
