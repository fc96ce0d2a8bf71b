"""Which of many non-ASCII keywords occur in a text, found from one character each.

An Aho–Corasick automaton (pyahocorasick) looks up every character of the text among the
children of its current node one by one, so with the 575 non-ASCII keywords of the checks it
costs ~45 ns a character, mostly at the root: ~0.7 s of a cold audit of 10,000 CJK memories
(issue 35). Here each keyword has an anchor, its first non-ASCII character, and one regular
expression holds, for each anchor, the keywords on it (``a(?:(?<=pa)ss…|…)``): ``re`` skips
at C speed to the next anchor character (a set known from the pattern's first characters),
so a text costs about what its anchors cost. At each place the expression matches, every
keyword on that anchor is checked there (``str.startswith``), so the answer is exactly the
set of keywords the text holds, overlapping ones included.

Where anchors are most of the text (the letters of Cyrillic, Greek, Arabic, Hebrew, Indic or
Thai keywords) the automaton is cheaper: such an anchor is a bare alternative of the
expression, and a text holding one is handed to the automaton whole, as is a text where
keywords are found at too many places (`MAX_PLACES`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import ahocorasick

#: Places the expression may find before a text goes to the automaton instead, and one
#: more for each `CHARS_PER_PLACE` characters of the text: a place costs a Python step
#: (~0.5 µs), the automaton ~45 ns a character, so a text of ``pw：pw：…`` costs at most
#: about what the automaton costs, and MEMORY.md, a `` — `` on each line, is not read twice.
MAX_PLACES = 64
CHARS_PER_PLACE = 16


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


def _order(c: str) -> tuple[int, str]:
    """The order anchors are tried in at a place (``re`` tries a branch's alternatives one
    by one): punctuation and symbols, then CJK, kana and Hangul, then Latin letters."""
    if "\u00c0" <= c <= "\u024f" or "\u1e00" <= c <= "\u1eff":
        return 2, c
    if "\u3040" <= c <= "\u30ff" or "\u3400" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af":
        return 1, c
    return 0, c


def _after(words: Iterable[tuple[str, int]]) -> str:
    """What follows an anchor for some of ``words`` (each with its anchor's place) to be
    there: a trie of what comes after the anchor, each branch opening with a character
    (``re`` turns an alternative away on its first character at little cost), and, where a
    word ends, what comes before its anchor checked backwards (``(?<=pw：)``). Matches the
    empty string once a word anchored at its start ends."""
    trie: dict = {}
    for w, k in words:
        node = trie
        for ch in w[k + 1:]:
            node = node.setdefault(ch, {})
        node.setdefault("", set()).add(w if k else "")
    return _node(trie)


def _node(node: dict) -> str:
    ends = node.get("", set())
    if "" in ends:
        return ""  # a word anchored at its start ends here: nothing more to check
    alts = [re.escape(ch) + _node(child) for ch, child in sorted(node.items()) if ch]
    alts += [f"(?<={re.escape(w)})" for w in sorted(ends)]
    return alts[0] if len(alts) == 1 else f"(?:{'|'.join(alts)})"


class Anchored:
    """The non-ASCII ``words`` (lower case, each with a non-ASCII character) found in a text."""

    def __init__(self, words: Iterable[str],
                 built: ahocorasick.Automaton | None = None) -> None:
        """``built``: the automaton over these ``words``, if one is made already."""
        self.words = tuple(sorted(set(words) - {""}))
        groups: dict[str, list[tuple[str, int]]] = {}
        for w in self.words:
            k = anchor_at(w)
            groups.setdefault(w[k], []).append((w, k))
        self.groups = {c: tuple(ws) for c, ws in groups.items()}
        alts, bare = [], []
        for c in sorted(self.groups, key=_order):
            if dense(c):
                bare.append(re.escape(c))
            else:
                alts.append(re.escape(c) + _after(self.groups[c]))
        self.pattern = re.compile("|".join(alts + bare)) if alts or bare else None
        self._automaton = built
        self._built = built is not None

    def automaton(self) -> ahocorasick.Automaton | None:
        if not self._built:
            self._automaton, self._built = automaton(self.words), True
        return self._automaton

    def found(self, hay: str) -> set[str]:
        """The words that occur in ``hay``: exactly `found_by_automaton`'s answer."""
        out: set[str] = set()
        if self.pattern is None:
            return out
        search, groups = self.pattern.search, self.groups
        m = search(hay)
        places, most = 0, MAX_PLACES + len(hay) // CHARS_PER_PLACE
        while m is not None:
            p = m.start()
            c = hay[p]
            places += 1
            if places > most or dense(c):
                return found_by_automaton(self.automaton(), hay)
            for w, k in groups[c]:
                if p >= k and hay.startswith(w, p - k):
                    out.add(w)
            m = search(hay, p + 1)
        return out
