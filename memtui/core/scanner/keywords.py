"""A cheap first look at a text: which of some keywords it contains at all.

The credential and instruction checks run regular expressions line by line, which is slow on
thousands of files; most files contain none of their keywords, and this finds that out fast.
Every keyword list asked about goes into one Aho–Corasick automaton (pyahocorasick), so a
text is read once for all of them, however many checks ask. ASCII keywords are looked up in
the text's ASCII characters alone (for CJK-heavy memories a fraction of the text), lower-cased;
the others in the text itself. It may answer yes wrongly (letters joined across removed
characters), never no wrongly.
"""

from __future__ import annotations

import threading

import ahocorasick

#: The only characters outside ASCII whose lower case holds an ASCII letter (İ → i̇, K → k).
_LOWERS_TO_ASCII = ("\u0130", "\u212a")


class _Keywords:
    """Every keyword list asked about so far, and the matchers built over their union."""

    def __init__(self) -> None:
        #: Every list asked about, with its words by their place in it (None: a list
        #: that repeats a word).
        self.lists: dict[tuple[str, ...], dict[str, int] | None] = {}
        self.ascii: ahocorasick.Automaton | None = None
        self.other: ahocorasick.Automaton | None = None
        self.other_cased = False
        self.version = 0
        self.lock = threading.Lock()

    def register(self, *lists: tuple[str, ...]) -> None:
        """Add these lists (the matchers are built again once for all of them)."""
        with self.lock:
            new = [words for words in lists if words not in self.lists]
            if not new:
                return
            for words in new:
                order = {w: i for i, w in enumerate(words)}
                self.lists[words] = order if len(order) == len(words) else None
            union = sorted({w for ws in self.lists for w in ws})
            ascii_words = [w for w in union if w.isascii()]
            other = [w for w in union if not w.isascii()]
            self.ascii = _automaton(ascii_words)
            self.other = _automaton(other)
            self.other_cased = any(w != w.upper() for w in other)
            self.version += 1


def _automaton(words: list[str]) -> ahocorasick.Automaton | None:
    """One Aho–Corasick automaton over ``words`` (each its own value), or None for none."""
    if not words:
        return None
    automaton = ahocorasick.Automaton()
    for w in words:
        automaton.add_word(w, w)
    automaton.make_automaton()
    return automaton


_KEYWORDS = _Keywords()


def expect(*lists: tuple[str, ...]) -> None:
    """Lists that probes will be asked about: registered together, the matchers are built
    once (not once more for each list as it is first asked about)."""
    _KEYWORDS.register(*lists)


class KeywordProbe:
    """Answers "which of these keywords occur?" for one text, case-insensitively."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._found: set[str] = set()
        self._version = -1

    def _all_found(self) -> set[str]:
        kw = _KEYWORDS
        if self._version != kw.version:
            text, found = self.text, set()
            if kw.ascii is not None:
                if any(c in text for c in _LOWERS_TO_ASCII):
                    data = text.lower().encode("ascii", "ignore")
                else:
                    data = text.encode("ascii", "ignore").lower()
                found.update(w for _, w in kw.ascii.iter(data.decode("ascii")))
            if kw.other is not None and not text.isascii():
                hay = text.lower() if kw.other_cased else text
                # Every non-ASCII keyword, overlapping ones too, in one pass (hundreds of
                # words: one ``in`` per word was most of a cold audit's credential check).
                found.update(w for _, w in kw.other.iter(hay))
            self._found, self._version = found, kw.version
        return self._found

    def present(self, words: tuple[str, ...]) -> list[str]:
        """The ``words`` (lower case) that occur in the text."""
        if words not in _KEYWORDS.lists:
            _KEYWORDS.register(words)
        found = self._all_found()
        order = _KEYWORDS.lists[words]
        if order is None:
            return [w for w in words if w in found]
        # The few words found, put in the list's order (not a walk over the whole list,
        # hundreds of words, for each text).
        hits = [w for w in found if w in order]
        if len(hits) > 1:
            hits.sort(key=order.__getitem__)
        return hits
