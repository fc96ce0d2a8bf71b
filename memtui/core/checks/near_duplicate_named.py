"""What a ``near_duplicate`` pair shares, named in its message (newuser35 #2: "holds the same
facts" named no fact, so the operator could not tell a real copy from two memories that
share a vocabulary).

Read from the two sketches' windows (`memtui.core.checks.near_duplicate_sketch.window_text`:
the description's line and the body's first characters), only for a pair reported: the
values both write as written on the first side (a code span, a web address, a handle, a
number with what follows it when both write that too: ``14:30``, ``0.8 nm``,
``orders-db``), the distinctive first (a number up to ten or a year alone last); else, for
a pair that shares no value, a few of the longest words both hold (the words that made it
alike). At most ``NAMED`` of either, each at most ``LONGEST`` characters.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["LONGEST", "NAMED", "named", "shared_values", "shared_words"]

NAMED = 3  # values (or words) named
LONGEST = 32  # characters of a value named, at most
_SPAN = re.compile(r"`([^`\n]{1,60})`")
_URL = re.compile(r"[a-z][a-z0-9+.-]*://[^\s<>()\[\]{}\"'`]+[^\s<>()\[\]{}\"'`.,;:!?]", re.I)
_HANDLE = re.compile(r"(?<![\w@#])[#@](?=[\w.-]*[A-Za-z])\w[\w.-]*\w", re.ASCII)
#: A number as written (``14:30``, ``1,200``, ``2026-04-30``, ``v2.3.1``), and the unit or
#: word right after it when one follows (``0.8 nm``, ``48 h``, ``14 days``).
_NUMBER = re.compile(r"(?<![\w.,:/-])(\d[\d.,:/-]*\d|\d)(?![\w])(?:[ \u00a0]?(%|[^\W\d_]{1,12}))?")
_WORD = re.compile(r"[^\W\d_]{5,}")
#: The labels of the format's sections: never a word two memories share (`_unlabelled`).
_LABELS = frozenset({"apply", "reason", "because"})


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def _values(text: str) -> dict[str, str]:
    """``text``'s values, folded → as written (a number with its unit: both forms)."""
    out: dict[str, str] = {}
    for m in _SPAN.finditer(text):
        out.setdefault(_fold(m[1].strip()), f"`{m[1].strip()}`")
    for m in _URL.finditer(text):
        out.setdefault(_fold(m[0]), m[0])
    for m in _HANDLE.finditer(text):
        out.setdefault(_fold(m[0]), m[0])
    for m in _NUMBER.finditer(text):
        out.setdefault(_fold(m[1]), m[1])
        if m[2]:
            out.setdefault(_fold(f"{m[1]} {m[2]}"), f"{m[1]} {m[2]}")
    return out


def _weak(value: str) -> bool:
    """A number up to ten or a year: common to any two notes of one folder."""
    return value.isdigit() and (int(value) <= 10 or 1990 <= int(value) <= 2039)


def shared_values(a: str, b: str) -> list[str]:
    """The values both texts write (as ``a`` writes them), the distinctive first (a number
    with its unit over the number alone), at most ``NAMED``."""
    va, vb = _values(a), _values(b)
    both = [k for k in va if k in vb]
    # a number named with its unit: the number alone says nothing more
    both = [k for k in both if not any(o != k and o.startswith(k + " ") for o in both)]
    both.sort(key=lambda k: (_weak(k), -len(k)))
    return [va[k][:LONGEST] for k in both[:NAMED]]


def shared_words(a: str, b: str) -> list[str]:
    """A few of the longest words both texts hold (five letters or more, folded)."""
    wa = {_fold(w) for w in _WORD.findall(a)}
    wb = {_fold(w) for w in _WORD.findall(b)}
    both = sorted(wa & wb - _LABELS, key=lambda w: (-len(w), w))
    return [w[:LONGEST] for w in both[:NAMED]]


def named(a: str, b: str) -> tuple[list[str], list[str]]:
    """(the values both write; the words both hold)."""
    return shared_values(a, b), shared_words(a, b)
