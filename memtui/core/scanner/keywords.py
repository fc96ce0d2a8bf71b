"""A cheap first look at a text: which of some keywords it contains at all.

The credential and instruction checks run regular expressions line by line, which is slow on
thousands of files; most files contain none of their keywords, and this finds that out fast.
Every keyword list asked about goes into one Aho–Corasick automaton (pyahocorasick), so a
text is read once for all of them, however many checks ask. ASCII keywords are looked up in
the text's ASCII characters alone (for CJK-heavy memories a fraction of the text), lower-cased;
the others in the text itself (by their anchors, ``memtui.core.scanner.anchored``). It may
answer yes wrongly (letters joined across removed characters), never no wrongly.

Where the optional C extension is built (`memtui.core.native`), the ASCII keywords are found
by its ``ascii_words``: the same automaton's walk over the same characters (the text's ASCII
ones lowered), in one pass over the text as it is, without lower-casing and encoding it first
(the automaton was ~40 % of a cold audit's keyword probe at 10,000 memories, issue 35);
pyahocorasick's otherwise or with ``MEMTUI_PURE_PYTHON=1``: the same words either way
(tests/core/test_ascii_words.py).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from operator import itemgetter

import ahocorasick

from memtui.core.native import native_module
from memtui.core.scanner.anchored import Anchored, automaton

#: The only characters outside ASCII whose lower case holds an ASCII letter (İ → i̇, K → k).
_LOWERS_TO_ASCII = ("\u0130", "\u212a")
_WORD = itemgetter(1)  # of the automaton's (end, word)
#: Keyword lists known by identity (`_Keywords.order_of`) at most: the checks ask a handful.
MAX_KNOWN = 64


class _Keywords:
    """Every keyword list asked about so far, and the matchers built over their union."""

    def __init__(self) -> None:
        #: Every list asked about, with its words by their place in it (None: a list
        #: that repeats a word).
        self.lists: dict[tuple[str, ...], dict[str, int] | None] = {}
        #: The ASCII keywords, and pyahocorasick's automaton over them (`ascii_automaton`).
        self.ascii_list: list[str] = []
        self._ascii: ahocorasick.Automaton | None = None
        self._ascii_built = True
        #: The compiled twin of `ascii_automaton` (``memtui_native.ascii_matcher``'s trie) and its
        #: reader, when the C extension is built (`native_ascii`).
        self.ascii_native: object | None = None
        self.ascii_words: Callable[[object, str], set[str]] | None = None
        #: The non-ASCII keywords, and their matcher (made when a text first asks).
        self.other_words: list[str] = []
        self.anchored: Anchored | None = None
        self.other_cased = False
        #: `lists`' entries by the identity of the tuple asked about (`order_of`).
        self.known: dict[int, tuple[tuple[str, ...], dict[str, int] | None]] = {}
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
            self.ascii_native, self.ascii_words = native_ascii(ascii_words)
            # (pyahocorasick's automaton made on first use: only where the compiled one is
            # not built, a cold audit does)
            self.ascii_list, self._ascii, self._ascii_built = ascii_words, None, False
            self.other_words, self.anchored = other, None
            self.other_cased = any(w != w.upper() for w in other)
            self.version += 1

    def ascii_automaton(self) -> ahocorasick.Automaton | None:
        """pyahocorasick's automaton over the ASCII keywords (None: there are none)."""
        if not self._ascii_built:
            with self.lock:
                if not self._ascii_built:
                    self._ascii, self._ascii_built = automaton(self.ascii_list), True
        return self._ascii

    def order_of(self, words: tuple[str, ...]) -> dict[str, int] | None:
        """``words``' entry of `lists`, the list registered first if it is new. Known by
        the tuple's identity first: a checks' list is one constant, and hashing its
        hundreds of words on every ask was a tenth of a cold audit's credential check."""
        known = self.known.get(id(words))
        if known is not None and known[0] is words:
            return known[1]
        if words not in self.lists:
            self.register(words)
        order = self.lists[words]
        if len(self.known) >= MAX_KNOWN:  # lists made afresh for each ask: no growth
            self.known.clear()
        self.known[id(words)] = (words, order)  # holds ``words``: its id stays its own
        return order

    def other_found(self, hay: str) -> set[str]:
        """The non-ASCII keywords in ``hay`` (lower-cased when some are cased), by their
        anchors (`memtui.core.scanner.anchored`)."""
        anchored = self.anchored
        if anchored is None:
            with self.lock:
                if self.anchored is None:
                    self.anchored = Anchored(self.other_words)
                anchored = self.anchored
        return anchored.found(hay)


_KEYWORDS = _Keywords()


def native_ascii(words: list[str], environ: dict[str, str] | None = None
                 ) -> tuple[object | None, Callable[[object, str], set[str]] | None]:
    """The compiled matcher of the ASCII ``words`` and its reader
    (``memtui_native.ascii_matcher`` / ``ascii_words``), or (None, None) where the C
    extension is not built, lacks them or is turned off (``MEMTUI_PURE_PYTHON=1``), or for
    no word (pyahocorasick's automaton is None then too)."""
    module = native_module(environ)
    make = getattr(module, "ascii_matcher", None)
    read = getattr(module, "ascii_words", None)
    if make is None or read is None or not any(words):
        return None, None
    return make(tuple(words)), read


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
            other = bool(kw.other_words) and not text.isascii()
            # Lower-cased once for both kinds when the other keywords need it: its ASCII
            # characters are then those the ASCII keywords are looked for in, whichever way
            # below (no character but `_LOWERS_TO_ASCII` lowers to one).
            low = text.lower() if other and kw.other_cased else None
            if kw.ascii_native is not None and kw.ascii_words is not None:
                found = kw.ascii_words(kw.ascii_native, text)
            elif (matcher := kw.ascii_automaton()) is not None:
                if low is not None:
                    data = low.encode("ascii", "ignore")
                elif any(c in text for c in _LOWERS_TO_ASCII):
                    data = text.lower().encode("ascii", "ignore")
                else:
                    data = text.encode("ascii", "ignore").lower()
                found.update(map(_WORD, matcher.iter(data.decode("ascii"))))
            if other:
                # Every non-ASCII keyword, overlapping ones too (hundreds of words: one
                # ``in`` per word was most of a cold audit's credential check).
                found |= kw.other_found(text if low is None else low)
            self._found, self._version = found, kw.version
        return self._found

    def present(self, words: tuple[str, ...]) -> list[str]:
        """The ``words`` (lower case) that occur in the text."""
        order = _KEYWORDS.order_of(words)
        found = self._all_found()
        if order is None:
            return [w for w in words if w in found]
        # The few words found, put in the list's order (not a walk over the whole list,
        # hundreds of words, for each text).
        hits = [w for w in found if w in order]
        if len(hits) > 1:
            hits.sort(key=order.__getitem__)
        return hits
