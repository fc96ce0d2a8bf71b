"""The word lists worked out from the lexicon, shipped beside it (``lexicon_derived.json``).

Every start used to work them out again from ``lexicon.json``: each label word in each way it
may be written (``lexicon.forms``), the hint words of the first look
(``structure.hint_words``) and the entries of the lexicon's three automata — 30–40 ms of CPU,
a tenth of a cold audit of 261 memories. They are a pure function of ``lexicon.json`` and
of this package's code, so they are worked out once, when either changes, and shipped:
reading them is ~5 ms. The file names the SHA-256 of the ``lexicon.json`` it was made from;
one made from another lexicon (an edited ``lexicon.json``), or unreadable, is not used and
everything is worked out as before. ``python -m memtui.core.creds.derived_make`` writes it
again;
``tests/core/test_lexicon_derived.py`` checks that it is what the code works out now.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

FILE = Path(__file__).with_name("lexicon_derived.json")
SOURCE = Path(__file__).with_name("lexicon.json")
#: An automaton's entry: (written form, kind, language, glue).
Entry = tuple[str, str, str, frozenset[str]]
AUTOMATA = ("words", "nots", "objects")


@cache
def shipped() -> dict | None:
    """The shipped lists when they were made from the installed ``lexicon.json``, else None."""
    try:
        got = json.loads(FILE.read_text(encoding="utf-8"))
        digest = hashlib.sha256(SOURCE.read_bytes()).hexdigest()
    except (OSError, ValueError):
        return None
    if not isinstance(got, dict) or got.get("lexicon_sha256") != digest:
        return None
    return got


def hints() -> dict[str, bool] | None:
    """``structure.hint_words`` as shipped, or None."""
    got = shipped()
    try:
        return {w: v for w, v in got["hints"]} if got is not None else None
    except (KeyError, TypeError, ValueError):
        return None


def entries(name: str) -> list[Entry] | None:
    """The entries of one of the lexicon's automata (``AUTOMATA``) as shipped, or None."""
    got = shipped()
    if got is None:
        return None
    glues: dict[tuple[str, ...], frozenset[str]] = {}
    out: list[Entry] = []
    try:
        for v, kind, lang, glue in got[name]:
            key = tuple(glue)
            g = glues.get(key)
            if g is None:
                g = glues[key] = frozenset(key)
            out.append((v, kind, lang, g))
    except (KeyError, TypeError, ValueError):
        return None
    return out
