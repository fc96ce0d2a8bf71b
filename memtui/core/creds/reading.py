"""Reading the value at a place: where it starts and ends (quoted, bare, an app password
in groups, the password half of a pair), and whether it has a secret's shape under the
label beside it (``memtui.core.creds.values``). Every form of ``memtui.core.creds.structure``
and ``memtui.core.creds.prose`` reads its value here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memtui.core.creds import lexicon, values
from memtui.core.lazy_pattern import lazy_pattern

QUOTES = {'"': '"', "'": "'", "`": "`", "“": "”", "‘": "’", "「": "」", "『": "』", "«": "»",
           "„": "“", "‹": "›"}
#: A bare value: printable ASCII up to whitespace, a quote or a bracket (passwords are typed
#: on a keyboard; letters of other scripts end it).
BARE_VALUE = r"[!#-%*+\-./0-9:=?@A-Z\\^_a-z|~][!#-%*+\--:<-_a-~]*"
BARE = lazy_pattern(BARE_VALUE)
_TRAIL = ".,;:)]}>!?*"
PAIR = lazy_pattern(r"(?P<user>[^\s/:：,，]{1,64})(?:\s+/\s+|\s*:\s*|/)(?P<pw>"
                     + BARE_VALUE + ")")
ACCOUNT = lazy_pattern(r"(?i)^(?:admin|administrator|root|user|guest|ubuntu|pi|sa|postgres|"
                        r"[\w.+-]+@[\w.-]+\.\w+)$")

_GROUPS = re.compile(
    r"[ \t]*[`\"'„“«]?((?:[A-Za-z0-9]{4}(?: [A-Za-z0-9]{4}){3,7}|\d{3,5}(?: \d{3,5}){1,3}|"
    r"[^\W\d_]{3,}(?:-[^\W\d_]{3,}){3,7})(?![\w-]))")


@dataclass(frozen=True, slots=True)
class Labelled:
    """A value found beside a label: 0-based line, span in that line, and why it counts."""

    line: int
    start: int
    end: int
    value: str
    why: str


def unquote(text: str, pos: int) -> tuple[int, int, bool] | None:
    """The value at ``pos``: (start, end, quoted)."""
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    if pos >= len(text):
        return None
    while text.startswith(("**", "__"), pos):
        pos += 2
    close = QUOTES.get(text[pos:pos + 1])
    if close:
        inner = pos + 1
        if text[inner:inner + 1] in QUOTES and text[inner] != text[pos]:
            got = unquote(text, inner)
            return got
        end = text.find(close, inner)
        if end <= inner or end - inner > 200:
            return None
        value = text[inner:end]
        if text[pos] in "«„‹" and value.strip():  # « 5366 »: French quotes keep spaces
            lead = len(value) - len(value.lstrip())
            return inner + lead, inner + lead + len(value.strip()), True
        return (inner, end, True) if value == value.strip() else None
    m = BARE.match(text, pos)
    if not m:
        return None
    start, end = m.start(), m.end()
    while end > start + 1 and text[end - 1] in _TRAIL and not _keeps_trail(text[start:end]):
        end -= 1
    return start, end, False


def _keeps_trail(value: str) -> bool:
    """``Etch2024!`` keeps its ``!``; ``Root#5521)`` and ``token.`` lose the trailer."""
    return value[-1] in "!?" and len(value) >= 7 and value[-2].isalnum() and \
        any(c.isdigit() for c in value)


def _grouped(text: str, pos: int) -> tuple[int, int] | None:
    """A value written in groups at ``pos``: an app password (``AbCd eF12 GhIj 3kLm``), a
    code of digit groups (``0122 5808``), a passphrase of words joined by hyphens in any
    script (``kanelbulle-älg-snöstorm-skärgård``)."""
    m = _GROUPS.match(text, pos)
    return (m.start(1), m.end(1)) if m else None


def _why(word: lexicon.Word, shape: str) -> str:
    return f'{word.kind} label "{word.text}" + {shape}'


def value_at(text: str, pos: int, word: lexicon.Word, *, strong: bool, line: int,
           offset: int = 0) -> Labelled | None:
    """The value at ``pos`` under ``word``'s label, if it has a secret's shape."""
    pw = word.kind == "password"
    grouped = _grouped(text, pos)
    if grouped and strong:
        value = text[grouped[0]:grouped[1]]
        shape = values.secret_shape(value, strong=True, password_word=pw)
        if shape:
            return Labelled(line, offset + grouped[0], offset + grouped[1], value,
                            _why(word, shape))
    got = unquote(text, pos)
    if got is None:
        return None
    start, end, quoted = got
    value = text[start:end]
    if value[-1:] in "#*" and value[:-1].isdigit():  # a door code keyed with its ``#``
        end -= 1
        value = value[:-1]
    if quoted and " " in value:
        shape = values.secret_shape(value, strong=strong, password_word=pw, quoted=True)
    else:
        pair = PAIR.match(value) if not quoted else None
        if pair and (word.kind == "credential" or ACCOUNT.match(pair.group("user"))):
            start, value = start + pair.start("pw"), pair.group("pw")
            end = start + len(value)
        if text[end:end + 1] == "(":
            return None  # ``computeSecret(key)``: a call
        shape = values.secret_shape(value, strong=strong, password_word=pw,
                                    quoted=quoted)
    if not shape:
        return None
    return Labelled(line, offset + start, offset + end, value, _why(word, shape))
