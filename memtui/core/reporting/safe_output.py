"""What memtui shows is safe to show.

A file name or a frontmatter value is written by whoever wrote the memory. Before it reaches
a terminal its control characters are escaped (an ESC could start a sequence that retitles
the window, moves the cursor or hides text), bytes that are not UTF-8 (file names decoded
with surrogate escapes) are shown as ``\\xff``, and values are cut to a bounded size.
Characters that show nothing or break a line where a terminal does not expect it are
escaped too: Unicode's line and paragraph separators (categories Zl, Zp: U+2028 would start
a new, spoofed report line), its format characters (Cf: zero-width spaces and joiners, the
BOM, bidi marks, tag characters) and the Hangul fillers (blank letters). This module is the
one escaper for terminal output. JSON needs only the second: it escapes control characters
itself.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from memtui.core.scanner.lazy_pattern import lazy_pattern

#: C0 (but tab and newline) and C1 controls, DEL, bidi overrides and isolates (which can
#: make a name read backwards), and lone surrogates (bytes that were not UTF-8).
_UNSAFE_LINES = lazy_pattern(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]|\r(?!\n)")
#: The same for one-line text: tab, newline and carriage return are escaped too.
_UNSAFE = lazy_pattern("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_SURROGATE = lazy_pattern("[\ud800-\udfff]")
_NON_ASCII = lazy_pattern("[^\x00-\x7f]")

#: Characters a frontmatter value is cut to wherever it is shown.
VALUE_CHARS = 300
#: Characters a path is cut to (in the middle) in a one-line message.
PATH_CHARS = 160


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


#: Unicode categories escaped wherever they are: line and paragraph separators, and format
#: characters (zero-width space, joiners, BOM, bidi marks, tags …); told by ``unicodedata``
#: so that each Python's own Unicode version is followed.
HIDDEN_CATEGORIES = frozenset({"Zl", "Zp", "Cf"})
#: Letters that show as blank (category Lo): the Hangul fillers.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")


def _hidden(text: str) -> dict[int, str]:
    """``str.translate``'s table for the hidden characters in non-ASCII ``text``: each of its
    distinct characters is looked at once (a 1 MiB body has a few hundred). The everyday
    marks (`EVERYDAY`) are left to `_everyday`."""
    return {ord(ch): _escape_char(ch) for ch in set(text)
            if ch > "\x9f" and ch not in EVERYDAY and (
                ch in BLANK_LETTERS or unicodedata.category(ch) in HIDDEN_CATEGORIES)}


#: Format characters right-to-left and Persian text writes every day (newuser37 #19: an
#: Arabic or Persian operator read ``\u200f``/``\u200c`` in most lines of a real memory):
#: the bidi marks LRM, RLM and ALM, shown as they are in text that holds right-to-left
#: letters, and the zero-width non-joiner and joiner, shown as they are between two letters
#: of a script that is not Latin (as the hidden_text check judges them: harmless there).
#: They cannot spoof (no override, no isolate: those stay escaped); elsewhere they are
#: escaped as every other format character.
EVERYDAY = frozenset("\u200c\u200d\u200e\u200f\u061c")
_EVERYDAY = lazy_pattern("[\u200c\u200d\u200e\u200f\u061c]")
_RTL = lazy_pattern("[\u0590-\u061b\u061d-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")  # (not ALM)


def _everyday(text: str) -> str:
    """``text`` with each `EVERYDAY` mark kept where it is everyday, else escaped."""
    if _EVERYDAY.search(text) is None:
        return text
    rtl = _RTL.search(text) is not None

    def letter(ch: str) -> bool:  # of a script that joins (a Latin one has no use for it)
        return ch > "\u024f" and (ch.isalpha() or unicodedata.combining(ch) > 0
                                   or unicodedata.category(ch) == "Mc")

    def one(m: re.Match[str]) -> str:
        ch, at = m.group(), m.start()
        if ch in "\u200e\u200f\u061c":
            return ch if rtl else _escape_char(ch)
        if 0 < at < len(text) - 1 and letter(text[at - 1]) and letter(text[at + 1]):
            return ch
        return _escape_char(ch)
    return _EVERYDAY.sub(one, text)


def _escape_char(ch: str) -> str:
    code = ord(ch)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _decomposed(text: str) -> str:
    r"""``text`` with each combining mark that NFC would compose with the character before
    it escaped (``cafe\u0301.md``): a decomposed name prints as its composed twin does
    (newuser32 #5: ``memory/café.md`` twice, the credential in one, the index linking the
    other). Text already in NFC is returned as it is."""
    if unicodedata.is_normalized("NFC", text):
        return text
    out: list[str] = []
    base = ""  # the character before, with the marks escaped after it composed
    for ch in text:
        composed = unicodedata.normalize("NFC", base + ch) if base and \
            unicodedata.combining(ch) else ""
        if len(composed) == 1:
            out.append(_escape_char(ch))
            base = composed
        else:
            out.append(ch)
            base = ch
    return "".join(out)


def escape_decomposed(text: str) -> str:
    r"""``text`` with each combining mark NFC would compose escaped (``cafe\u0301``), as
    `printable` shows a name: for a diff's changed lines, whose two sides would otherwise
    look the same (newuser33 #19)."""
    return text if text.isascii() else _decomposed(text)


_PRINTED_ESCAPE = lazy_pattern(r"\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})")


def from_printed(text: str) -> str:
    r"""``text`` with the ``\uXXXX`` and ``\UXXXXXXXX`` escapes `printable` writes turned back
    into their characters (a surrogate or a code point past U+10FFFF left as written): a
    path memtui printed (``memory/cafe\u0301-notes.md``) pasted back as an argument
    (newuser33 #19)."""
    if "\\" not in text:
        return text

    def char(match: re.Match[str]) -> str:
        code = int(match.group(1) or match.group(2), 16)
        if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
            return match.group()
        return chr(code)
    return _PRINTED_ESCAPE.sub(char, text)


def printable(text: str, *, lines: bool = False) -> str:
    r"""``text`` safe for a terminal: ``\x1b`` for ESC, ``\xff`` for a byte that was not
    UTF-8, ``\u202e`` for a bidi override, ``\u2028`` for a line separator, ``\u200b`` for a
    zero-width space. ``lines``: keep newlines and tabs (a memory's body, a diff); otherwise
    they are escaped too (a name, a path, one message line), and so is a combining mark
    that NFC would compose (``cafe\u0301.md``: a name not in NFC)."""
    pattern = _UNSAFE_LINES if lines else _UNSAFE
    if pattern.search(text) is not None:
        text = pattern.sub(_escape, text)
    if not text.isascii():
        table = _hidden(text)
        if table:
            text = text.translate(table)
        text = _everyday(text)
        if not lines:
            text = _decomposed(text)
    return text


def short_path(text: str, limit: int = PATH_CHARS) -> str:
    """``text`` (a path, escaped already) cut in the middle to at most ``limit`` characters,
    as the views cut a path: its start and its end (the file's name) stay, "…" between."""
    if len(text) <= limit:
        return text
    head = (limit - 1) // 3
    return f"{text[:head]}…{text[len(text) - (limit - 1 - head):]}"


def utf8_safe(text: str) -> str:
    r"""``text`` with lone surrogates escaped (``\xff`` for a byte of a file name that was
    not UTF-8, Python's backslashreplace of the original bytes), so it encodes as UTF-8."""
    if _SURROGATE.search(text) is None:
        return text
    return _SURROGATE.sub(_escape, text)


def json_text(value: Any, *, indent: int | None = None, ascii_only: bool = False) -> str:
    """``value`` as JSON that is always valid UTF-8 (``ascii_only``: valid ASCII): strings
    holding bytes that were not UTF-8 read ``\\xff`` (see ``utf8_safe``)."""
    return json_safe(json.dumps(value, ensure_ascii=False, indent=indent), ascii_only)


def json_safe(text: str, ascii_only: bool = False) -> str:
    """JSON text, or any piece of it cut between values, made valid UTF-8 (``ascii_only``:
    ASCII) the way ``json_text`` does: outside strings JSON is ASCII already."""
    if text.isascii():  # (known without reading it: a warm report's 16 MB searched in ~0.09 s)
        return text
    if _SURROGATE.search(text) is not None:
        text = _SURROGATE.sub(lambda m: "\\" + _escape(m), text)  # JSON for a backslash
    if ascii_only and not text.isascii():  # only strings hold non-ASCII: escape it there
        text = _NON_ASCII.sub(lambda m: json.dumps(m.group())[1:-1], text)
    return text


def short_value(value: Any, limit: int = VALUE_CHARS) -> str:
    """A frontmatter value as text of at most about ``limit`` characters, without ever
    building the whole text (a YAML alias chain can make a value that prints as gigabytes);
    escaped with ``printable``."""
    parts: list[str] = []
    room = [limit + 1]

    def put(s: str) -> bool:
        parts.append(s[: room[0]])
        room[0] -= len(s)
        return room[0] > 0

    def walk(v: Any, depth: int) -> bool:
        if depth > 20:
            return put("…")
        if isinstance(v, dict):
            if not put("{"):
                return False
            for i, (k, item) in enumerate(v.items()):
                if (i and not put(", ")) or not walk(k, depth + 1) or not put(": ") \
                        or not walk(item, depth + 1):
                    return False
            return put("}")
        if isinstance(v, (list, tuple, set, frozenset)):
            if not put("["):
                return False
            for i, item in enumerate(v):
                if (i and not put(", ")) or not walk(item, depth + 1):
                    return False
            return put("]")
        return put((v if isinstance(v, str) else str(v))[: room[0]])

    walk(value, 0)
    s = "".join(parts)
    if len(s) > limit:
        s = s[: limit - 1] + "…"
    return printable(s)
