"""An encoder over only the tokens a few small texts can be made of: the same counts as the
whole vocabulary's, for a fraction of the cost of building it.

tiktoken's ``Encoding`` over a whole vocabulary costs 70–100 ms to build (cl100k; more for
Qwen), in proportion to its size; a cold ``memtui audit`` counts only MEMORY.md's lines and
block, some 20 KB. Byte-pair encoding looks up only byte strings inside one piece of the
split pattern, so an encoder whose ranks are every token occurring inside a piece of the
texts encodes them exactly as the whole vocabulary does (a rank it lacks is one the merge
loop never asks for). Those tokens are found without the pattern's ``\\p{L}`` (which ``re``
lacks): a piece never holds a character that is not white space followed by a space or a
tab (white space in a piece is its first character, newlines after punctuation, or the
whole piece), nor a letter followed by a character that is not one, nor a digit followed
by a character that is not one (in both patterns a letter run and a digit run end a piece),
so the texts are cut there (`chunks`; the letters, digits and characters after them taken
from sets whose category no Unicode version changes, so that a cut never depends on the
regex engine's tables: CJK prose is cut at its punctuation and numbers, a third of the
look-ups) and every substring of a chunk of at most ``SHORT`` bytes is looked up, the few
longer tokens searched for whole. Past
``MAX_BYTES`` of distinct chunks, or for a text that is not strict UTF-8, the caller builds
the whole encoder instead. More texts later add their new chunks' tokens (and the encoder
is built again: a few ms).
"""

from __future__ import annotations

import binascii
import re
import threading
from collections.abc import Callable, Sequence
from itertools import compress, count
from typing import Any

#: A look-up done elsewhere (`Partial`'s ``lookup``): ``(chunks, SHORT, blob)`` → what
#: `Partial._look_up` adds to its subset (the tokens and their ranks), or None to have it run.
Lookup = Callable[[list[bytes], int, bytes], "dict[bytes, int] | None"]
#: Substrings up to this many bytes are looked up; longer tokens are searched for whole.
SHORT = 16
#: Distinct chunk bytes a partial encoder covers at most (beyond, the whole one pays).
MAX_BYTES = 24_000
#: New chunks a batch may have and still be looked for inside the chunks looked up before
#: (`Partial._inside`), each a search of their text; more are looked up as they are.
INSIDE_MOST = 2_000
#: Letters (``\p{L}`` in every Unicode version): ASCII, Latin-1's, basic Cyrillic, kana,
#: the CJK ideographs of Unicode 1.1 and the Hangul syllables.
LETTERS = ("A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff\u0410-\u044f\u3041-\u3096"
           "\u30a1-\u30fa\u30fc\u4e00-\u9fa5\uac00-\ud7a3")
#: CJK and full-width punctuation and the ideographic space (neither letters nor digits).
PUNCTUATION = ("\u3000-\u3003\u3008-\u3011\u3014-\u301f\uff01-\uff0f\uff1a-\uff20"
               "\uff3b-\uff40\uff5b-\uff65")
#: Where a piece of either split pattern cannot go on: before a space or a tab that follows
#: a character that is not white space (``\S``: not ``str.isspace``, which holds every
#: character the patterns' ``\s`` does); after a letter, before what is surely no letter
#: (ASCII's others, `PUNCTUATION`); after an ASCII digit, before what is surely no digit
#: (ASCII's others, `PUNCTUATION`: not `LETTERS` too, whose class, its ideographs and
#: syllables each a step of ``re``'s compiler, is compiled once, not twice: ~1.5 ms a run).
_CUT = re.compile(r"(?<=\S)(?=[ \t])"
                  rf"|(?<=[{LETTERS}])(?=[\x00-\x40\x5b-\x60\x7b-\x7f{PUNCTUATION}])"
                  rf"|(?<=[0-9])(?=[\x00-\x2f\x3a-\x7f{PUNCTUATION}])")


class Partial:
    """The tokens of one vocabulary that the texts seen so far can use, and their encoder."""

    def __init__(self, name: str, pattern: str, keys: Sequence[bytes],
                 ranks: Sequence[int | bytes], base64: bool = False,
                 long: Sequence[int] | None = None, lookup: Lookup | None = None) -> None:
        """``keys``: the vocabulary's tokens, and ``ranks`` theirs, side by side (a
        ``range`` for tokens listed in rank order, or the ranks as a file writes them);
        ``base64``: the keys are the tokens as the vocabulary's file writes them (canonical
        base64, which `memtui.core.counting.tokens` checks for the files it pins), so that
        only the tokens a text can use are ever decoded. No token → rank table of the whole
        vocabulary is needed (for cl100k: decoding ~12 ms, the table ~20 ms). ``long``:
        where the tokens of more than `SHORT` bytes stand among ``keys``, when known (a
        pinned vocabulary's are shipped: finding them among 100,000 keys is 5–10 ms).
        ``lookup``: the same look-up done elsewhere (`Lookup`; the compiled one reads the
        vocabulary's file as packaged, `memtui.core.counting.tokens.new_partial`), with
        ``keys``, ``ranks`` and ``long`` then made only when it declines."""
        self.name, self.pattern, self.lookup = name, pattern, lookup
        self.base64 = base64
        self._given: tuple[Any, Any, Any] | None = (keys, ranks, long)
        if lookup is None:
            self._keys()
        self.chunks: set[str] = set()
        self.looked_up: list[str] = []  # the chunks whose substrings were looked up
        self.size = 0
        self.subset: dict[bytes, int] = {}
        self.encoding: Any = None
        self.lock = threading.Lock()

    def _keys(self) -> None:
        """``keys``, ``ranks`` and the long tokens, made (once) for the look-up in Python."""
        if self._given is None:
            return
        keys, ranks, long = self._given
        if callable(keys):  # (made on demand: `Lookup`)
            keys, ranks, long = keys()
        self.keys, self.ranks, self._given = keys, ranks, None
        if long is None:
            # a token longer than SHORT bytes is 24 or more base64 characters
            least = 4 * -(-(SHORT + 1) // 3) if self.base64 else SHORT + 1
            long = [i for i, n in enumerate(map(len, keys)) if n >= least]
        self.long = [(t, i) for t, i in ((self._token(keys[i]), i) for i in long)
                     if len(t) > SHORT]

    def encoder(self, texts: list[str]) -> Any:
        """An encoder exact for ``texts`` (and every text seen before), or None when they
        are too many bytes or not strict UTF-8."""
        with self.lock:
            new = chunks(texts) - self.chunks
            if self.encoding is not None and (not new or self._inside(new)):
                self.chunks |= new
                return self.encoding
            try:
                data = [c.encode("utf-8") for c in new]
            except UnicodeEncodeError:
                return None  # tiktoken replaces lone surrogates: leave those to the whole one
            size = self.size + sum(map(len, data))
            if size > MAX_BYTES:
                return None
            blob = b"\n".join(data)
            found = None if self.lookup is None else self.lookup(data, SHORT, blob)
            if found is None:
                self._look_up(data, blob)
            else:
                self.subset.update(found)
            from memtui.core.counting.tiktoken_import import tiktoken

            self.encoding = tiktoken().Encoding(
                f"memtui-{self.name}-partial", pat_str=self.pattern,
                mergeable_ranks=dict(self.subset), special_tokens={})
            self.chunks |= new
            self.looked_up.extend(new)
            self.size = size
            return self.encoding

    def _look_up(self, data: list[bytes], blob: bytes) -> None:
        """Add to `subset` the vocabulary's tokens of at most `SHORT` bytes that are a
        substring of a chunk of ``data``, and its longer tokens found in ``blob`` (the
        chunks joined by newlines)."""
        self._keys()
        wanted: set[bytes] = set()
        for b in data:  # a list a chunk: a fifth less than an ``add`` a substring
            m = len(b)
            wanted.update([b[i:j] for i in range(m)
                           for j in range(i + 1, min(m, i + SHORT) + 1)])
        got, keys, ranks = self.subset, self.keys, self.ranks
        if self.base64:  # (``b2a_base64`` ends each with one newline, cut off here:
            # 40 % less than calling it through a ``partial`` that asks for none)
            wanted = {_B2A(s)[:-1] for s in wanted}
        # the vocabulary's tokens looked up in the substrings (one pass, in C)
        for i in compress(count(), map(wanted.__contains__, keys)):
            got[self._token(keys[i])] = int(ranks[i])
        for token, i in self.long:
            if token in blob:
                got[token] = int(ranks[i])

    def _inside(self, new: set[str]) -> bool:
        """Whether each of ``new`` is part of a chunk already looked up: its substrings and
        the long tokens it holds were all looked up then (an index's lines, after the index
        whole: `memtui.core.scanner.index_read.line_costs`). The chunks are joined by NUL,
        so a chunk without one found in them lies inside one of them."""
        if len(new) > INSIDE_MOST:
            return False
        blob = "\0".join(self.looked_up)
        return all("\0" not in c and c in blob for c in new)

    def _token(self, key: bytes) -> bytes:
        return binascii.a2b_base64(key) if self.base64 else key


_B2A = binascii.b2a_base64


def chunks(texts: list[str]) -> set[str]:
    """The distinct parts of ``texts`` cut where no piece goes on (see the module's text)."""
    out: set[str] = set()
    for text in texts:
        if text:
            out.update(_CUT.split(text))
    return out
