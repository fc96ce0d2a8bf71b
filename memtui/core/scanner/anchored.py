"""Which of many non-ASCII keywords occur in a text, found from one character each.

An Aho–Corasick automaton (pyahocorasick) looks up every character of the text among the
children of its current node one by one, so with the 575 non-ASCII keywords of the checks it
costs ~45 ns a character, mostly at the root: ~0.7 s of a cold audit of 10,000 CJK memories
(issue 35). Here each keyword has an anchor, its first non-ASCII character, and one character
class of every anchor finds, at C speed, which anchors the text holds (``re.findall``); then
only the keywords on those anchors are looked for, each with ``in`` (C speed too), so the
answer is exactly the set of keywords the text holds, overlapping ones included. The class
compiles in ~1 ms (the expression of every keyword's tail it replaced took 6–17 ms, so the
automaton read the first 400,000 characters of a run instead; issue 35, branch i35cold3).

The class is read by ``memtui_native.anchors`` when the optional C extension is built (a
bitmap of the anchors' code points, one bit test a character: the class was ~10 % of a cold
scan's CPU at 10,000 memories, issue 35), by ``re`` otherwise or with
``MEMTUI_PURE_PYTHON=1``: the same set of anchors either way (tests/core/test_anchored.py).

Where anchors are most of the text (the letters of Cyrillic, Greek, Arabic, Hebrew, Indic or
Thai keywords) the automaton is cheaper: a text holding such an anchor is handed to it whole,
as is a long text (`MAX_CHARS`: the anchors are listed one per place first) and one whose
anchors carry too many keywords to look for one by one (`MAX_WORDS`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import ahocorasick

from memtui.core.native import native_module
from memtui.core.scanner.lazy_pattern import lazy_pattern

#: A text longer than this (characters) goes to the automaton: the anchors it holds are
#: listed one per place first, a list this long at most.
MAX_CHARS = 1 << 14
#: Keywords to look for one by one (``in``: ~1 ns a character each) past which a text goes
#: to the automaton instead (~45 ns a character).
MAX_WORDS = 32  # (at most 64: ``memtui_native.holds``'s needles)


#: ``memtui_native.anchors(text, table)``: the set of ``text``'s characters whose code
#: point's bit ``table`` sets.
AnchorsFn = Callable[[str, bytes], set[str]]
#: ``memtui_native.holds(text, needles)``: an int whose bit i says ``needles[i] in text``.
HoldsFn = Callable[[str, tuple[str, ...]], int]


def native_anchors(environ: dict[str, str] | None = None) -> AnchorsFn | None:
    """``memtui_native.anchors`` when the C extension is built and not turned off
    (``MEMTUI_PURE_PYTHON=1``), else None (the character class is read by ``re``)."""
    module = native_module(environ)
    fn: AnchorsFn | None = getattr(module, "anchors", None)
    return fn


def bitmap(chars: Iterable[str]) -> bytes:
    """The table `native_anchors` reads: bit ``c & 7`` of byte ``c >> 3`` set for each
    character's code point ``c``."""
    points = [ord(c) for c in chars]
    table = bytearray((max(points) >> 3) + 1 if points else 0)
    for c in points:
        table[c >> 3] |= 1 << (c & 7)
    return bytes(table)


def automaton(words: Iterable[str]) -> ahocorasick.Automaton | None:
    """One Aho–Corasick automaton over ``words`` (each its own value), or None for none."""
    built = ahocorasick.Automaton()
    for w in words:
        built.add_word(w, w)
    if len(built) == 0:
        return None
    built.make_automaton()
    return built


def found_by_automaton(matcher: ahocorasick.Automaton | None, hay: str) -> set[str]:
    """The words of ``matcher`` that occur in ``hay``, overlapping ones too."""
    return set() if matcher is None else {w for _, w in matcher.iter(hay)}


def anchor_at(word: str) -> int:
    """Where ``word``'s anchor is: its first non-ASCII character (0 when it has none)."""
    return next((i for i, c in enumerate(word) if not c.isascii()), 0)


def dense(c: str) -> bool:
    """An anchor that is a common letter of its script (Greek through Thai, and the blocks
    between them): texts in that script are mostly anchors."""
    return "\u0370" <= c < "\u0e80"


class Anchored:
    """The non-ASCII ``words`` (lower case, each with a non-ASCII character) found in a text."""

    def __init__(self, words: Iterable[str],
                 built: ahocorasick.Automaton | None = None,
                 native: AnchorsFn | bool | None = True) -> None:
        """``built``: the automaton over these ``words``, if one is made already;
        ``native``: the compiled reader of the anchors (True: `native_anchors`'s; None or
        False: ``re``'s)."""
        self.words = tuple(sorted(set(words) - {""}))
        groups: dict[str, list[str]] = {}
        for w in self.words:
            groups.setdefault(w[anchor_at(w)], []).append(w)
        self.groups = {c: tuple(ws) for c, ws in groups.items()}
        self.dense = frozenset(c for c in self.groups if dense(c))
        chars = "".join(sorted(self.groups))
        # (compiled only where the C extension does not read the class: a cold audit
        # compiles it ~1.5 ms for nothing otherwise)
        self._anchors = lazy_pattern(f"[{re.escape(chars)}]") if chars else None
        self._native = (native_anchors() if native is True else native or None) \
            if chars else None
        self._table = bitmap(chars) if self._native is not None else b""
        # (``memtui_native.holds``: the keywords on the anchors found looked for in one pass,
        # not one ``in`` each: ~0.1 s of a cold audit of 10,000 CJK memories, issue 35)
        self._holds: HoldsFn | None = getattr(native_module(), "holds", None) \
            if self._native is not None else None
        self._automaton = built
        self._built = built is not None

    def automaton(self) -> ahocorasick.Automaton | None:
        if not self._built:
            self._automaton, self._built = automaton(self.words), True
        return self._automaton

    def found(self, hay: str) -> set[str]:
        """The words that occur in ``hay``: exactly `found_by_automaton`'s answer."""
        anchors = self._anchors
        if anchors is None:
            return set()
        if len(hay) > MAX_CHARS:
            return found_by_automaton(self.automaton(), hay)
        native = self._native
        held = native(hay, self._table) if native is not None else set(anchors.findall(hay))
        if not held:
            return held
        if not self.dense.isdisjoint(held):
            return found_by_automaton(self.automaton(), hay)
        groups = self.groups
        todo = [w for c in held for w in groups[c]]
        if len(todo) > MAX_WORDS:
            return found_by_automaton(self.automaton(), hay)
        holds = self._holds
        if holds is not None:  # (MAX_WORDS: at most its 64 needles)
            needles = tuple(todo)
            bits = holds(hay, needles)
            return {w for i, w in enumerate(needles) if bits >> i & 1}
        return {w for w in todo if w in hay}
