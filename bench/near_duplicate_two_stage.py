"""A prototype, not the rule: near_duplicate in two stages, measured against today's (issue 34).

Today every memory's sketch is made (`near_duplicate_sketch.sketch`, ~200 µs a text on the
bench) and `pairs` compares ~32,000 candidate pairs at 10,000 memories. Here:

1. a first stage for all texts at once in numpy (`signatures`): each text's window as
   `_read` takes it (its first 600 characters when dense in Chinese, Japanese or Korean,
   the test made exactly, else its first 8,000), its UTF-16 code units classed by a table
   (letter, digit, CJK), the bigrams of its first ``MAX_CJK`` CJK characters and the first
   five characters of each run of letters or digits (three letters or more, or a number),
   lowered, hashed by a fixed 32-bit mixer (the same in every process), then ``K``
   one-permutation MinHash bins per text (`np.minimum.at`);
2. LSH over the bins (`lsh`: bands of ``rows`` bins, a bucket past 5 members pairing each
   with its first only, as `pairs` does) and each candidate's estimate (the share of equal
   bins, `estimate`);
3. every text's facts, exact (`fast_facts`: the sketch's own functions, the window and
   whether it holds CJK from the first stage instead of `_read`; no `_words`: see below),
   for the fact buckets (a fact at most ``FACT_BUCKET`` memories hold) and to judge the
   pairs under the estimate's threshold (`could_back`: `backed`, `restated` and `_grown`
   read as leniently as they can be);
4. the full sketch made only for the memories of a pair kept (an estimate from ``T``, or
   facts that could back it), and each kept pair decided by `_matches`, as today.

`fast_facts` skips `_words`, which the facts need only to ask `has_number_words`: the
bench's texts hold no number word (checked: the output says whether its facts equal the
sketch's on every text); a real integration needs an exact pre-check for number-word
stems in the first stage (the stems folded), not built here.

    python -m bench.near_duplicate_two_stage [--files 10000] [--planted 300] [--chunks 3]
        [--rounds 3] [--T 0.5] [--rows 4] [--K 64]

Needs numpy (not a dependency of memtui: ``pip install numpy``). Prints each round's CPU
(user + system, in-process) for today's sketches and pairing, and for each step of the two
stages; the pairs each reports; the planted copies (``--planted`` memories each copied with
1 to ``--chunks`` of its 20 chunks swapped for another memory's text, seeded) found by each,
by their sketches' similarity. Results: bench/RESULTS.md, "near_duplicate's cost, round 6".
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
import unicodedata
from collections import defaultdict
from collections.abc import Hashable
from itertools import chain
from pathlib import Path
from typing import Any

from bench.generate import generate
from memtui.core.checks import near_duplicate as nd
from memtui.core.checks import near_duplicate_sketch as nds
from memtui.core.checks.near_duplicate_numbers import STEMS, has_number_words, word_numbers
from memtui.core.checks.near_duplicate_store import pack
from memtui.core.scanner.memory_file import parse_memory

WINDOW = 2 * nds.MAX_CJK  # `_read`'s window for a text dense in CJK
_UNSPACED = ((0x3040, 0x30FF), (0x3400, 0x9FFF), (0xF900, 0xFAFF), (0xAC00, 0xD7AF))
LOW_EST = 0.1  # LOW (0.2) less a margin for the first stage's estimate
SHORT_TEXT = 64  # first-stage shingles under which a text's sketch is made at once (to know
#                 whether it is empty: MIN_SHINGLES)
SMALL = 48  # first-stage shingles under which a side may be `_grown`'s short rule (SHORT 32)


def _tables(np: Any) -> tuple[Any, Any]:
    """(each BMP code unit's class: 0 other, 1 letter, 2 digit, 3 CJK; its lower case)."""
    chars = ("".join(map(chr, range(0xD800))) + "?" * 0x800
             + "".join(map(chr, range(0xE000, 0x10000))))
    cls = np.zeros(0x10000, dtype=np.uint8)
    for m in re.finditer(r"[^\W\d_]+", chars):
        cls[m.start():m.end()] = 1
    for m in re.finditer(r"\d+", chars):
        cls[m.start():m.end()] = 2
    for a, b in _UNSPACED:
        cls[a:b + 1] = 3
    low = np.fromiter((ord(x) if len(x) == 1 else i for i, x in enumerate(map(str.lower, chars))),
                      dtype=np.uint32, count=0x10000).astype(np.uint16)
    # A letter as `_words` folds it (lowered, NFKD, Latin/Greek/Cyrillic marks dropped,
    # stroked letters plain): one code unit, or 0 when it folds to none or to several.
    folded = nds._MARKS.sub("", unicodedata.normalize(
        "NFKD", "\n".join(chars.replace("\n", "?")).lower())
                            ).translate(nds._STROKED).split("\n")
    fold = np.fromiter((ord(x) if len(x) == 1 and x != "\n" else 0 for x in folded),
                       dtype=np.uint32, count=len(folded))
    if fold.size != 0x10000:  # a separator lowered or decomposed away: none folds here
        fold = np.zeros(0x10000, dtype=np.uint32)
    fold = np.where(cls == 1, fold, 0).astype(np.uint16)
    return cls, low, fold


def _fnv(np: Any, units: Any, length: Any) -> Any:
    """The first stage's hash of the first ``length`` (at most ``STEM``) of ``units``
    (rows), as `FirstStage.signatures` hashes a word's start."""
    h = np.full(units.shape[0], 0x811C9DC5, dtype=np.uint32)
    for j in range(nds.STEM):
        h ^= np.where(j < length, units[:, j], 0).astype(np.uint32)
        h *= np.uint32(0x01000193)
    return h


class FirstStage:
    """The first stage's tables and functions (numpy imported on construction)."""

    def __init__(self) -> None:
        import numpy as np
        self.np = np
        self.cls, self.low, self.fold = _tables(np)
        self.empty = np.uint32(0xFFFFFFFF)
        stems = sorted(STEMS)
        units = np.zeros((len(stems), nds.STEM), dtype=np.uint16)
        for i, w in enumerate(stems):
            units[i, :len(w)] = list(map(ord, w))
        self.stems = np.unique(_fnv(np, units, np.array(list(map(len, stems)))))
        #: A text holding any of these (Indic, Arabic, the alphabets without spaces, İ) has
        #: its words made otherwise (`_words`): its facts take `_words` itself.
        odd = np.zeros(0x10000, dtype=bool)
        for a, b in ((0x900, 0xDFF), (0x600, 0x6FF), (0xE00, 0xEFF), (0x1000, 0x109F),
                     (0x1780, 0x17FF), (0x130, 0x130), (0xD800, 0xDFFF)):
            odd[a:b + 1] = True
        self.odd = odd | ((self.cls == 1) & (self.fold == 0))  # a letter folding to none or several

    def mix(self, h: Any) -> Any:
        np = self.np
        h ^= h >> np.uint32(16)
        h *= np.uint32(0x85EBCA6B)
        h ^= h >> np.uint32(13)
        h *= np.uint32(0xC2B2AE35)
        h ^= h >> np.uint32(16)
        return h

    def units(self, texts: list[str]) -> tuple[Any, Any]:
        """(the texts' UTF-16 code units, a NUL after each but the last; each one's count + 1)."""
        np = self.np
        parts = [t.encode("utf-16-le", "surrogatepass") for t in texts]
        lens = np.fromiter(map(len, parts), dtype=np.int64, count=len(parts)) // 2 + 1
        return np.frombuffer(b"\0\0".join(parts), dtype=np.uint16), lens

    def signatures(self, texts: list[str], k: int, chunk: int = 256
                   ) -> tuple[Any, Any, Any, Any, Any]:
        """`signatures_of` ``chunk`` texts at a time: arrays of ~100,000 code units, which
        the allocator reuses (one of millions is mapped and faulted in afresh each time:
        ~40 % more CPU at 10,000 texts, most of it the system's)."""
        np = self.np
        parts = [self.signatures_of(texts[i:i + chunk], k) for i in range(0, len(texts), chunk)]
        if not parts:
            parts = [self.signatures_of([], k)]
        return tuple(np.concatenate([p[j] for p in parts]) for j in range(5))  # type: ignore[return-value]

    def signatures_of(self, texts: list[str], k: int) -> tuple[Any, Any, Any, Any, Any]:
        """(bins: n x k, ``empty`` where none; shingles counted; dense in CJK as `_read`
        says; holding CJK in the window; whose words `fast_facts` must make)."""
        np = self.np
        n = len(texts)
        heads = [t[:WINDOW] for t in texts]
        c, lens = self.units(heads)
        cl = self.cls[c]
        ends = np.cumsum(lens) - 1
        isc = cl == 3
        runs = isc & ~np.concatenate(([False], isc[:-1]))
        cum = np.concatenate(([0], np.cumsum(isc, dtype=np.int32)
                              + np.cumsum(runs, dtype=np.int32)))
        dense = (cum[ends] - cum[ends - lens + 1]) >= nds.MAX_CJK
        if not dense.all():  # a text not dense: its first MAX_CHARS
            wins = [h if d else t[:nds.MAX_CHARS]
                    for h, t, d in zip(heads, texts, dense.tolist(), strict=True)]
            c, lens = self.units(wins)
            cl = self.cls[c]
        size = c.size
        ends = np.cumsum(lens) - 1
        cjk = cl == 3
        cum = np.concatenate(([0], np.cumsum(cjk, dtype=np.int32)))
        has_cjk = (cum[ends] - cum[ends - lens + 1]) > 0
        tid = np.repeat(np.arange(n, dtype=np.int32), lens)[:size]
        lc = self.low[c]
        starts = ends - lens + 1
        cjk &= (cum[1:] - cum[starts][tid]) <= nds.MAX_CJK  # the first MAX_CJK
        bi = np.flatnonzero(cjk[:-1] & cjk[1:])
        bv = (lc[bi].astype(np.uint32) << np.uint32(16)) | lc[bi + 1]
        word = ((cl == 1) | (cl == 2)).view(np.int8)
        edge = np.diff(word, prepend=np.int8(0), append=np.int8(0))
        ws = np.flatnonzero(edge == 1)
        wl = np.flatnonzero(edge == -1) - ws
        keep = (wl >= 3) | (cl[ws] == 2)
        ws, wl = ws[keep], wl[keep]
        grid = np.minimum(ws[:, None] + np.arange(nds.STEM), size - 1)
        h = _fnv(np, lc[grid], wl)
        # Whether `_words` could give a number word's stem (`has_number_words`): the letters
        # of each run of three or more folded as it folds them, their first STEM hashed and
        # looked up among the stems' hashes (a collision only asks `_words`); a text holding
        # a letter folded otherwise asks `_words` too.
        lw = (cl == 1).view(np.int8)
        edge = np.diff(lw, prepend=np.int8(0), append=np.int8(0))
        ls = np.flatnonzero(edge == 1)
        ll = np.flatnonzero(edge == -1) - ls
        ls, ll = ls[ll >= 3], ll[ll >= 3]
        fl = self.fold[c[np.minimum(ls[:, None] + np.arange(nds.STEM), size - 1)]]
        words = np.bincount(tid[ls[np.isin(_fnv(np, fl, ll), self.stems)]], minlength=n) > 0
        words |= np.bincount(tid[self.odd[c]], minlength=n) > 0
        v = self.mix(np.concatenate((bv, h ^ np.uint32(0x5BD1E995))))
        t = np.concatenate((tid[bi], tid[ws]))
        key = t * np.int32(k) + (v >> np.uint32(33 - int(k).bit_length())).astype(np.int32)
        sig = np.full(n * k, self.empty, dtype=np.uint32)
        np.minimum.at(sig, key, v)
        sig = sig.reshape(n, k)
        # Densified (rotation): an empty bin takes the next bin to its right holding a value
        # (circularly), mixed with the distance: each bin of two texts is then equal with
        # probability their Jaccard similarity, a short text's too (its bins mostly empty);
        # a text without shingles keeps none.
        real = sig != self.empty
        pos = np.where(real, np.arange(k), 2 * k)
        pos = np.concatenate((pos, pos + k), 1)
        nxt = np.minimum.accumulate(pos[:, ::-1], 1)[:, ::-1][:, :k]
        has = real.any(1)
        src = np.where(has[:, None], nxt % k, 0)
        dist = (np.where(has[:, None], nxt, 0) - np.arange(k)).astype(np.uint32)
        filled = np.take_along_axis(sig, src, 1) ^ self.mix(dist * np.uint32(0x9E3779B1))
        sig = np.where(real | ~has[:, None], sig, filled)
        return sig, np.bincount(t, minlength=n), dense, has_cjk, words

    def lsh(self, sig: Any, rows: int, cap: int = nd.BUCKET_ALL) -> Any:
        """Candidate pairs (m x 2, a < b) agreeing on a band of ``rows`` bins, none empty; a
        bucket past ``cap`` members pairs each with its first only."""
        np = self.np
        n, k = sig.shape
        out = []
        mult = self.mix(np.arange(1, rows + 1, dtype=np.uint32)).astype(np.uint64)
        for band in range(k // rows):
            part = sig[:, band * rows:(band + 1) * rows]
            idx = np.flatnonzero(~(part == self.empty).any(1))
            kk = (part[idx].astype(np.uint64) * mult).sum(1, dtype=np.uint64)
            order = np.argsort(kk, kind="stable")
            sk, si = kk[order], idx[order]
            gstart = np.flatnonzero(np.concatenate(([True], sk[1:] != sk[:-1])))
            gsize = np.diff(np.append(gstart, sk.size))
            first = np.repeat(gstart, gsize)
            rank = np.arange(sk.size) - first
            size = gsize.repeat(gsize)
            m = rank > 0
            out.append(np.stack((si[first[m]], si[m]), 1))
            for i in range(1, cap - 1):  # every pair in a bucket of up to ``cap``
                for j in range(i + 1, cap):
                    m = (rank == j) & (size <= cap)
                    out.append(np.stack((si[first[m] + i], si[m]), 1))
        p = np.sort(np.concatenate(out), 1) if out else np.zeros((0, 2), dtype=np.int64)
        code = np.unique(p[:, 0].astype(np.int64) * n + p[:, 1])
        return np.stack((code // n, code % n), 1)

    def estimate(self, sig: Any, p: Any) -> Any:
        """Each pair's share of equal bins among those either holds."""
        a, b = sig[p[:, 0]], sig[p[:, 1]]
        e = self.empty
        eq = ((a == b) & (a != e)).sum(1)
        return eq / self.np.maximum(((a != e) | (b != e)).sum(1), 1)


def facts_only(text: str) -> list[int]:
    """A text's facts exactly as its sketch holds them (no type)."""
    text, runs = nds._read(text)
    t = nds._LABEL.sub("\n", "\n" + text) if "**" in text or "__" in text else text
    words = nds._words(t, not runs)
    found = nds._numbers(t, runs)
    spelled = nds._crcs(word_numbers(t)) if has_number_words(words) else []
    if not found.isdisjoint(nds._AFTERNOON):
        spelled += nds._crcs({nds._AFTERNOON[h] for h in nds._HOUR.findall(t)})
    return nds.facts(text, nds._crcs(found), spelled)


def fast_facts(text: str, dense: bool, cjk: bool, words: bool) -> list[int]:
    """`facts_only` with the window and whether it holds CJK from the first stage, and
    `_words` asked only where the first stage says a number word may be (``words``)."""
    text = text[:WINDOW] if dense else text[:nds.MAX_CHARS]
    t = nds._LABEL.sub("\n", "\n" + text) if "**" in text or "__" in text else text
    found = nds._numbers(t, [""] if cjk else [])
    if not found and cjk:  # its Chinese numerals: the runs themselves
        found = nds._numbers(t, nds._read(text)[1])
    spelled = []
    if words and has_number_words(nds._words(t, not cjk)):
        spelled = nds._crcs(word_numbers(t))
    if not found.isdisjoint(nds._AFTERNOON):
        spelled += nds._crcs({nds._AFTERNOON[h] for h in nds._HOUR.findall(t)})
    return nds.facts(text, nds._crcs(found), spelled)


def could_back(fa: frozenset[int], fb: frozenset[int], small: bool, est: float) -> str:
    """Why facts could back a pair below ``THRESHOLD`` ("": they cannot), read as leniently
    as `agree` can read them (the sides settled: `_settled`)."""
    shared = len(fa & fb)
    if shared < 2 and not small:  # a quick no, when no side holds a number in words
        fewer = min(len(fa), len(fb))
        if fewer > 2 * shared and (not fa or max(fa) < nds.WORD_BIT) and (
                not fb or max(fb) < nds.WORD_BIT):
            return ""
    fa, fb = nd._settled(fa, fb)
    na, nb = len(fa), len(fb)
    shared = len(fa & fb)
    fewer = min(na, nb)
    if small and shared >= 1:
        return "grown"
    if est >= LOW_EST and ((2 * shared >= fewer) if fewer else na == nb):
        return "low"
    if shared == na == nb >= 3 or shared == fewer >= 4:
        return "floor"
    sa, sb = fa - nd._WEAK, fb - nd._WEAK
    if len(sa) > len(sb):
        sa, sb = sb, sa
    sh = len(sa & sb)
    if sh >= 2 and sh == len(sa) and len(sb) - sh <= 2 * sh:
        return "restated"
    return ""


def one_stage(keys: list[str], texts: list[str], kinds: list[str] | None = None
              ) -> tuple[nd.Found, dict[str, float]]:
    kinds = kinds or [""] * len(texts)
    t0 = time.process_time()
    sks = {k: pack(nds.sketch(t, kind)) for k, t, kind in zip(keys, texts, kinds, strict=True)}
    t1 = time.process_time()
    found = nd.pairs(sks)
    return found, {"sketches": t1 - t0, "pairing": time.process_time() - t1}


def two_stage(fs: FirstStage, keys: list[str], texts: list[str], args: argparse.Namespace,
              kinds: list[str] | None = None) -> tuple[nd.Found, dict[str, Any]]:
    np = fs.np
    n = len(texts)
    kinds = kinds or [""] * n
    t0 = time.process_time()
    sig, cnt, dense, has_cjk, words = fs.signatures(texts, args.K)
    t1 = time.process_time()
    p = fs.lsh(sig, args.rows)
    est = fs.estimate(sig, p)
    t2 = time.process_time()
    raw = [frozenset(nds.kind_fact(fast_facts(t, d, c, w), kind) if kind else
                     fast_facts(t, d, c, w)) for t, d, c, w, kind in
           zip(texts, dense.tolist(), has_cjk.tolist(), words.tolist(), kinds, strict=True)]
    t3 = time.process_time()
    # A short text's sketch made now (it is cheap): one with fewer than MIN_SHINGLES is
    # empty, in no bucket and no pair, as in `pairs`.
    early = {i: pack(nds.sketch(texts[i], kinds[i]))
             for i in np.flatnonzero(cnt < SHORT_TEXT).tolist()}
    none = {i for i, sk in early.items() if not nd._valid(sk)}
    gone = np.zeros(n, dtype=bool)
    gone[list(none)] = True
    # The fact buckets in numpy: each memory's facts (as `_facts_of` keys them), sorted by
    # fact; a bucket of 2 to FACT_BUCKET holders gives its pairs.
    sizes = np.fromiter(map(len, raw), dtype=np.int64, count=n)
    vals = np.fromiter(chain.from_iterable(raw), dtype=np.int64, count=int(sizes.sum()))
    owner = np.repeat(np.arange(n), sizes)
    code = np.unique((vals & nds.FACT_MASK) << 20 | owner)  # (a fact masked once a memory)
    code = code[~gone[code & 0xFFFFF]]
    fact, who = code >> 20, code & 0xFFFFF
    gs = np.flatnonzero(np.concatenate(([True], fact[1:] != fact[:-1])))
    gn = np.diff(np.append(gs, fact.size))
    pairs = []
    for size in range(2, nd.FACT_BUCKET + 1):
        at = gs[gn == size]
        for i in range(size):
            for j in range(i + 1, size):
                pairs.append(np.stack((who[at + i], who[at + j]), 1))
    fp = np.concatenate(pairs) if pairs else np.zeros((0, 2), dtype=np.int64)
    ok = ~(gone[p[:, 0]] | gone[p[:, 1]])
    hi = ok & (est >= args.T)
    kept = set(map(tuple, p[hi].tolist()))
    lows = np.concatenate((p[ok & ~hi], np.sort(fp, 1)))
    lows = np.unique(lows[:, 0] * n + lows[:, 1])
    lows = lows[~np.isin(lows, p[hi][:, 0] * n + p[hi][:, 1])]
    below = np.stack((lows // n, lows % n), 1)
    # The quick no, in numpy: each memory's facts as 256 bits (a bit per fact: two sets'
    # common bits bound their common facts); a pair whose bound is under 2 and whose side
    # with fewer facts holds more than twice as many is no pair below THRESHOLD, unless a
    # side may be `_grown`'s short rule or holds a number in words (`could_back` whole).
    bit = (fs.mix((vals & 0xFFFFFFFF).astype(np.uint32)) >> np.uint32(24)).astype(np.int64)
    bits = np.zeros((n, 4), dtype=np.uint64)
    np.bitwise_or.at(bits, (owner, bit >> 6),
                     np.left_shift(np.uint64(1), (bit & 63).astype(np.uint64)))
    small = cnt <= SMALL
    wordy = np.zeros(n, dtype=bool)
    wordy[owner[vals >= nds.WORD_BIT]] = True
    a, b = below[:, 0], below[:, 1]
    bound = np.bitwise_count(bits[a] & bits[b]).sum(1)
    whole = small[a] | small[b] | wordy[a] | wordy[b]
    ask = whole | (bound >= 2) | (np.minimum(sizes[a], sizes[b]) <= 2 * bound)
    below = below[ask]
    # `could_back`'s reading in numpy for the pairs where no side holds a number in words
    # (the facts as they are: `_settled` changes none): each memory's facts in a row of
    # MAX_FACTS (+1: the type), -1 after them; their common facts, distinctive ones too.
    width = nds.MAX_FACTS + 1
    order = np.lexsort((fact, who))
    fw, ff = who[order], fact[order]
    firsts = np.flatnonzero(np.concatenate(([True], fw[1:] != fw[:-1]))) if fw.size else fw
    rank = np.arange(fw.size) - np.repeat(firsts, np.diff(np.append(firsts, fw.size)))
    table = np.full((n, width), -1, dtype=np.int64)
    table[fw, np.minimum(rank, width - 1)] = ff
    weak = np.isin(table, np.fromiter(nd._WEAK, dtype=np.int64))
    a, b = below[:, 0], below[:, 1]
    lest_all = fs.estimate(sig, below)
    whole = wordy[a] | wordy[b]
    common = np.zeros(a.size, dtype=np.int64)
    common_d = np.zeros(a.size, dtype=np.int64)
    for lo in range(0, a.size, 4096):  # (~4096 x 33 x 33 comparisons at a time)
        ta, tb = table[a[lo:lo + 4096]], table[b[lo:lo + 4096]]
        eq = ((ta[:, :, None] == tb[:, None, :]) & (ta[:, :, None] >= 0)).any(2)
        common[lo:lo + 4096] = eq.sum(1)
        common_d[lo:lo + 4096] = (eq & ~weak[a[lo:lo + 4096]]).sum(1)
    na, nb = sizes[a], sizes[b]
    fewer = np.minimum(na, nb)
    da, db = na - weak[a].sum(1), nb - weak[b].sum(1)
    dsmall, dlarge = np.minimum(da, db), np.maximum(da, db)
    why: dict[str, int] = defaultdict(int)
    for name, hit in (
            ("grown", (small[a] | small[b]) & (common >= 1)),
            ("low", (lest_all >= LOW_EST) & np.where(fewer > 0, 2 * common >= fewer, na == nb)),
            ("floor", ((common == na) & (na == nb) & (na >= 3))
             | ((common == fewer) & (fewer >= 4))),
            ("restated", (common_d >= 2) & (common_d == dsmall)
             & (dlarge - common_d <= 2 * common_d))):
        hit &= ~whole
        why[name] += int(hit.sum())
        kept.update(map(tuple, below[hit].tolist()))
        whole |= hit  # counted once
    for (a1, b1), e in zip(below[whole & (wordy[a] | wordy[b])].tolist(),
                           lest_all[whole & (wordy[a] | wordy[b])].tolist(), strict=True):
        r = could_back(raw[a1], raw[b1], bool(small[a1] or small[b1]), e)
        if r:
            why[r] += 1
            kept.add((a1, b1))
    t4 = time.process_time()
    sketched = sorted({i for pr in kept for i in pr})
    sks = {keys[i]: early[i] if i in early else pack(nds.sketch(texts[i], kinds[i]))
           for i in sketched}
    t5 = time.process_time()
    later: dict[int, list[Hashable]] = defaultdict(list)
    for a, b in sorted(kept):
        if nd._valid(sks[keys[a]]) and nd._valid(sks[keys[b]]):  # (many shingles, few kinds)
            later[a].append(keys[b])
    dated = {k for k in keys if nd._DATED.search(str(k))}
    out: nd.Found = defaultdict(list)
    for a, others in later.items():
        for sim, b in nd._matches(keys[a], others, sks, nd.RESTATED, dated):
            out[keys[a]].append((sim, b))
            out[b].append((sim, keys[a]))
    t6 = time.process_time()
    exact = sum(f != frozenset(nds.kind_fact(facts_only(t), kind) if kind else facts_only(t))
                for f, t, kind in zip(raw, texts, kinds, strict=True))
    asked = int(words.sum())
    return dict(out), {
        "signatures": t1 - t0, "lsh+estimate": t2 - t1, "facts": t3 - t2, "filter": t4 - t3,
        "sketches": t5 - t4, "pairing": t6 - t5, "lsh candidates": len(p),
        "fact buckets' pairs and those under T": len(lows), "asked": len(below), "kept": len(kept),
        "memories sketched": len(sketched), "facts unlike the sketch's": exact,
        "texts whose words were made": asked, **why}


def pair_set(found: nd.Found) -> set[tuple[Hashable, Hashable]]:
    return {(a, b) if str(a) < str(b) else (b, a) for a, v in found.items() for _, b in v}


def workspace(files: int, planted: int, chunks: int
              ) -> tuple[dict[str, str], list[tuple[str, str]]]:
    with tempfile.TemporaryDirectory() as tmp:
        ws = generate(Path(tmp) / "ws", files)
        texts = {}
        for p in sorted((ws / "memory").rglob("*.md")):
            mf = parse_memory(str(p), p.read_text(encoding="utf-8"))
            texts[str(p.relative_to(ws))] = f"{mf.description or ''}\n{mf.body}"
    rng = random.Random(34)
    keys = list(texts)
    pairs = []
    for n in range(planted):
        orig, by = rng.sample(keys, 2)
        a, other = texts[orig], texts[by]
        size = max(1, len(a) // 20)
        parts = [a[i * size:(i + 1) * size] for i in range(20)] + [a[20 * size:]]
        for i in rng.sample(range(20), rng.randint(1, chunks)):
            start = rng.randrange(max(1, len(other) - size))
            parts[i] = other[start:start + size]
        texts[f"copy{n:04d}"] = "".join(parts)
        pairs.append((orig, f"copy{n:04d}"))
    return texts, pairs


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--planted", type=int, default=300)
    ap.add_argument("--chunks", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--T", type=float, default=0.5)
    ap.add_argument("--rows", type=int, default=4)
    ap.add_argument("--K", type=int, default=64)
    args = ap.parse_args()
    try:
        t0 = time.process_time()
        fs = FirstStage()
        print(f"numpy imported and the tables made: {time.process_time() - t0:.3f} s CPU")
    except ImportError:
        print("needs numpy (pip install numpy)", file=sys.stderr)
        return 2
    texts, planted = workspace(args.files, args.planted, args.chunks)
    keys, tl = list(texts), list(texts.values())
    for r in range(args.rounds):  # alternated: a shared machine's load hits both
        f1, c1 = one_stage(keys, tl)
        nds._SEEN.clear()
        f2, c2 = two_stage(fs, keys, tl, args)
        nds._SEEN.clear()
        print(f"round {r + 1}: today {sum(c1.values()):.3f} s "
              + ", ".join(f"{k} {v:.3f}" for k, v in c1.items()))
        print(f"  two stages {sum(v for v in c2.values() if isinstance(v, float)):.3f} s "
              + ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}"
                          for k, v in c2.items()), flush=True)
    p1, p2 = pair_set(f1), pair_set(f2)
    print(f"pairs reported: today {len(p1)}, two stages {len(p2)}, both {len(p1 & p2)}")
    bands: dict[float, list[int]] = defaultdict(lambda: [0, 0, 0])
    for o, k in planted:
        sim = nd.similarity(nds.sketch(texts[o]), nds.sketch(texts[k]))
        band = bands[min(int(sim * 10), 9) / 10]
        pr = (o, k) if o < k else (k, o)
        band[0] += 1
        band[1] += pr in p1
        band[2] += pr in p2
    print("planted copies by their sketches' similarity: count, found today, found in two stages")
    for b in sorted(bands):
        print(f"  {b:.1f}-{b + 0.1:.1f}: {bands[b][0]}, {bands[b][1]}, {bands[b][2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
