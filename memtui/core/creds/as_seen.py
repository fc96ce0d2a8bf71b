"""A text as its reader sees it, for the credential check (newuser29 #45 #46).

What a pattern stops at but a person or a model reads through can hide a credential from
the check, so it is taken away first, and every hit is given back as written:

- a format character (zero-width space, joiner or non-joiner, word joiner, soft hyphen,
  byte-order mark, a direction mark) between two visible ASCII characters is dropped
  (``A\\u200bKIA…`` is ``AKIA…``); elsewhere (a Persian or Indic word's joiner) it stays;
- a no-break, figure or narrow no-break space is a space (``password:\\u00a0value``), and so
  is a blank the text's lines do not end at (a line or paragraph separator, NEL, a vertical
  tab, a form feed, an ASCII separator: redteam37);
- a full-width ASCII letter or digit is that letter or digit (``ｐａｓｓｗｏｒｄ``), and a
  token's full-width punctuation (``＿－＋／＝``) that mark; a mathematical letter or digit
  (``𝐠𝐡𝐩``) the ASCII one it is drawn from (redteam37);
- in a line holding JSON inside a JSON string (an escaped key, ``\\"password\\":``), the
  backslash before each quote is dropped: the inner object reads as JSON;
- a script's own colon (Ethiopic ``፥`` ``፦``, Khmer ``៖``, Mongolian ``᠄``, the ratio and
  small colons ``∶`` ``﹕``) is a colon: a label ends at it as at ``:``;
- an HTML character reference is the character it stands for (``&#112;assword``,
  ``pass&shy;word``, ``&amp;``: what a rendered page shows and a model reads through);
- a NUL is dropped wherever it stands: a terminal draws it as nothing, so ``cat`` shows a
  file written as UTF-16 or UTF-32 without a byte order mark (a repository's
  ``.gitattributes`` ``working-tree-encoding=UTF-32LE`` checks one out so) as its text,
  NULs between its letters (redteam40: such a checkout passed the gate);
- HTML a rendered page draws as nothing, between two visible ASCII characters, is dropped:
  a comment closed on its line (``ghp_Zq8m<!-- -->L2v…``) and the tags of the elements
  that draw no break of their own (``<span></span>``, ``<b>…</b>``, ``<wbr>``: HTML's
  phrasing elements), and markdown's empty link ``[](#)``, read in one pass (redteam40:
  each inside a token hid it);
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
import unicodedata
from collections.abc import Callable

from memtui.core.native import native_module

#: Format characters and the rest of Unicode's default-ignorable code points (drawn as
#: nothing: the combining grapheme joiner, Hangul fillers, Khmer and Mongolian inherent
#: vowels and selectors, variation selectors, the tag characters; redteam37: a token with
#: U+FE0F or U+E0020 between its characters passed).
_FORMAT = ("\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f"
           "\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufe00-\ufe0f\ufeff\uffa0"
           "\U0001bca0-\U0001bca3\U000e0000-\U000e0fff")
#: Blanks a reader reads as a space between a label and its value (a no-break space; the
#: line and paragraph separators and NEL, which `str.split("\\n")` leaves inside a line:
#: redteam37, ``password:\u2028value`` passed).
_SPACES = "\u00a0\u0085\u2007\u2028\u2029\u202f"
#: ASCII blanks of the same kind (vertical tab, form feed, the file/group/record/unit
#: separators): looked for in an ASCII text too (`disguised`).
_ASCII_BLANKS = "\x0b\x0c\x1c-\x1f"
_WIDE = "\uff10-\uff19\uff21-\uff3a\uff41-\uff5a"
#: A token's own punctuation written full-width (``ｇｈｐ＿…``): ``＿ － ＋ ／ ＝``.
_WIDE_MARKS = "\uff0b\uff0d\uff0f\uff1d\uff3f"
#: Mathematical letters and digits (bold, italic, script, double-struck …: ``𝐠𝐡𝐩``), read
#: as the ASCII letter or digit each stands for (their compatibility form).
_MATH = "\U0001d400-\U0001d7ff"
_OTHER = "\u0370-\u03ff\u0400-\u04ff"
_COLONS = "\u1365\u1366\u17d6\u1804\u2236\ufe55"
#: Whether a text holds anything `seen` would change (a text without is read as it is).
DISGUISE = re.compile(f"[{_FORMAT}{_SPACES}{_WIDE}{_WIDE_MARKS}{_MATH}{_COLONS}]"
                      f"|[A-Za-z][{_OTHER}]|[{_OTHER}][A-Za-z]")
_ASCII_DISGUISE = re.compile(f"[{_ASCII_BLANKS}]")
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
    if "\x00" in text:
        return True
    if "&" in text and _ENTITY.search(text) is not None:
        return True
    if ("<" in text or "[](" in text) and _GLUED_MARKUP.search(text) is not None:
        return True
    if '\\"' in text and _ESCAPED_KEY.search(text) is not None:
        return True
    if text.isascii():
        return _ASCII_DISGUISE.search(text) is not None
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
    n = len(line)
    if "\x00" in line:  # NULs dropped first, by runs: a sparse file's head of a million
        # NULs is no set of a million positions (tests/agent/test_tool_races.py)
        kept = [m.span() for m in _TEXT_RUN.finditer(line)]
        text, inner = seen("".join(line[a:b] for a, b in kept))
        at = [i for a, b in kept for i in range(a, b)]
        at.append(n)
        return text, [at[j] for j in inner]
    chars: list[str] = []
    where: list[int] = []
    dropped: set[int] = set()  # each run of format characters looked at once (linear)
    for m in _FORMAT_RUN.finditer(line):
        if _visible(line[m.start() - 1] if m.start() else " ") and \
                _visible(line[m.end()] if m.end() < n else " "):
            dropped.update(range(m.start(), m.end()))
    if "<" in line or "[](" in line:
        for start, end in _drawn_as_nothing(line):
            if start and end < n and _visible(line[start - 1]) and _visible(line[end]):
                dropped.update(range(start, end))
    refs = _references(line) if "&" in line else {}
    if '\\"' in line and _ESCAPED_KEY.search(line) is not None:
        dropped.update(m.start() for m in _ESCAPED_QUOTE.finditer(line))
    i = 0
    while i < n:
        if i in refs and i not in dropped:
            # a reference: each character it stands for comes from its "&"
            end, got = refs[i]
            for c in got:
                chars.append(" " if c in _SPACES else c)
                where.append(i)
            i = end
            continue
        c = line[i]
        if i not in dropped:
            if c in _SPACES or c in _ASCII_SPACE:
                c = " "
            elif c in _COLONS:
                c = ":"
            elif _full_width_here(line, i, c):
                c = chr(ord(c) - 0xFEE0)
            elif "\U0001d400" <= c <= "\U0001d7ff":
                c = _math(c)
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
_TEXT_RUN = re.compile("[^\x00]+")
#: HTML's phrasing elements that draw no line break or box of their own: their tags
#: between two characters leave the two side by side on a rendered page.
_INLINE = frozenset({
    "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "font",
    "i", "ins", "kbd", "mark", "q", "s", "samp", "small", "span", "strike", "strong",
    "sub", "sup", "time", "tt", "u", "var", "wbr"})
#: A tag from its ``<`` to its ``>``: attributes bare, quoted or unquoted (a quoted value
#: may hold ``>``), possessive throughout (no backtracking), never past a ``<`` outside a
#: quote, so a failed attempt ends at the next tag's start.
_TAG = re.compile(r"</?+([A-Za-z][A-Za-z0-9]*+)(?:[\s/]++(?:[^\s\"'<>/=]++(?:\s*+=\s*+"
                  r"(?:\"[^\"\n]*+\"|'[^'\n]*+'|[^\s\"'<>`]++))?+)?+)*+>")
#: A text that may hold such markup glued to a visible character (`disguised`'s look).
_GLUED_MARKUP = re.compile(r"[!-~](?:<!--|\[\]\(|</?(?i:" + "|".join(
    sorted(_INLINE, key=len, reverse=True)) + r")[\s/>])")
#: Markdown's empty link, ``[](dest)`` or ``[](<dest> "title")``: an anchor with no text.
_EMPTY_LINK = re.compile(r"\[\]\((?:[^()\s<>]*+|<[^<>\n]*+>)(?:\s++(?:\"[^\"\n]*+\"|"
                         r"'[^'\n]*+'))?+\s*+\)")


def _drawn_as_nothing(line: str) -> list[tuple[int, int]]:
    """The runs of ``line`` a rendered page draws as nothing (see the module), adjacent
    ones joined, in one pass: each ``<`` is looked at once, a comment closes at the first
    ``-->`` after it, and past a comment no ``-->`` closes, none is looked for again."""
    out: list[tuple[int, int]] = []
    i = line.find("<")
    while i >= 0:
        end = -1
        if line.startswith("<!--", i):
            close = line.find("-->", i + 4)
            if close < 0:  # no comment closes on this line: tags may still follow
                i = line.find("<", i + 4)
                while i >= 0 and line.startswith("<!--", i):
                    i = line.find("<", i + 4)
                continue
            end = close + 3
        else:
            m = _TAG.match(line, i)
            if m is not None and m.group(1).lower() in _INLINE:
                end = m.end()
        if end < 0:
            i = line.find("<", i + 1)
            continue
        out.append((i, end))
        i = line.find("<", end)
    if "[](" in line:
        out.extend(m.span() for m in _EMPTY_LINK.finditer(line))
        out.sort()
    joined: list[tuple[int, int]] = []
    for start, end in out:
        if joined and start <= joined[-1][1]:
            joined[-1] = (joined[-1][0], max(end, joined[-1][1]))
        else:
            joined.append((start, end))
    return joined


def hidden_breaks(text: str) -> list[tuple[int, int]]:
    """The spans of ``text`` a rendered page draws as nothing (`_drawn_as_nothing`: a
    comment, an inline element's tags) that hold a line break, between two visible ASCII
    characters: ``ghp_Zq8m<!--⏎x⏎-->L2v…`` is drawn as the token whole, as one closed on its
    line is (redteam41: it passed ``--fail-on error``). `seen` keeps lines as lines, so the
    reading that joins the lines a text marks as one
    (`memtui.core.scanner.continued_lines`) joins these; one pass, as `seen`'s."""
    if "<" not in text or "\n" not in text or _GLUED_MARKUP.search(text) is None:
        return []
    n = len(text)
    return [(a, b) for a, b in _drawn_as_nothing(text)
            if a > 0 and b < n and _visible(text[a - 1]) and _visible(text[b])
            and text.find("\n", a, b) >= 0]


#: An object's key inside a JSON string: ``\\"name\\":``.
_ESCAPED_KEY = re.compile(r'\\"[\w.-]{1,64}\\"\s*:')
#: A backslash escaping a quote (the backslash alone, one level of escaping).
_ESCAPED_QUOTE = re.compile(r'(?<!\\)\\(?=")')

_WIDE_ONE = re.compile(f"[{_WIDE}{_WIDE_MARKS}]")
_ASCII_SPACE = frozenset("\x0b\x0c\x1c\x1d\x1e\x1f")


def _full_width_here(line: str, i: int, c: str) -> bool:
    """Whether the character ``c`` at ``i`` reads as its ASCII one: a full-width letter or
    digit, or a token's mark or a password's symbol inside a full-width token."""
    if _WIDE_ONE.match(c):
        return c not in _WIDE_MARKS or _in_wide_token(line, i)
    return c in _WIDE_SYMBOLS and _in_wide_token(line, i, both=c in _WIDE_STOPS)


def _in_wide_token(line: str, i: int, *, both: bool = False) -> bool:
    """Whether the full-width mark at ``i`` is a full-width token's own (a full-width letter
    or digit beside it: ``ｇｈｐ＿…``; ``both``: on each side), not a separator typed in CJK
    text between ASCII words (``Cangku-2F／Kq7zPm2Xw!``: a network and its password, the
    pair rule's)."""
    before = i > 0 and "\uff10" <= line[i - 1] <= "\uff5a" and _WIDE_LETTER.match(line[i - 1])
    after = i + 1 < len(line) and "\uff10" <= line[i + 1] <= "\uff5a" and \
        _WIDE_LETTER.match(line[i + 1])
    return bool(before and after) if both else bool(before or after)


_WIDE_LETTER = re.compile(f"[{_WIDE}]")
#: A password's symbols typed with a CJK input method left in full-width mode
#: (``Ｈｕ７＃ｋｄ９２！ｘｑＬｍ``, newuser37 #24): ``！ ＃ ＄ ％ ＆ ＊ ． ？ ＠ ＾ ～``, each read
#: as its ASCII mark inside a full-width token (a full-width letter or digit beside it;
#: the sentence marks ``！ ． ？`` only between two, so ``ＯＫ！`` ending a sentence stays).
_WIDE_SYMBOLS = frozenset("！＃＄％＆＊．？＠＾～")
_WIDE_STOPS = frozenset("！．？")


def _math(c: str) -> str:
    """A mathematical letter or digit as its ASCII letter or digit (itself otherwise)."""
    plain = unicodedata.normalize("NFKC", c)
    return plain if len(plain) == 1 and plain.isascii() and plain.isalnum() else c
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
