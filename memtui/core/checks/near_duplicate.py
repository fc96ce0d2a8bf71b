"""Memories that say nearly the same thing (``near_duplicate``), found without comparing
every pair: each memory's text becomes a set of shingles (word trigrams; character bigrams
in Chinese and Japanese, which do not space words), the set a one-permutation MinHash
sketch (``K`` bins), and memories are compared only when their sketches agree on a whole
band of bins (LSH: ``BANDS`` × ``ROWS``). The share of equal bins estimates the Jaccard
similarity of the two sets.

No library: datasketch's MinHash costs numpy's import and a hash per permutation per
shingle (64 per shingle); this one hashes each shingle once, sorted, and costs what
bench/RESULTS.md records at 10,000 memories.

The sketch is a pure function of one text (made in the scan, kept in the scan cache); the
pairing reads the sketches alone (`pairs`), keyed by anything: a memory's path, or an entry
of a file holding many (a Hermes profile's ``§`` entries: pass each entry's sketch keyed by
(path, line), see `entry_sketches`).
"""

from __future__ import annotations

import re
import zlib
from array import array
from bisect import insort
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from operator import eq

from memtui.core.checks.findings import Finding, finding

K = 64  # bins per sketch
BANDS, ROWS = 12, 5  # LSH: 60 of the K bins, in bands
MIN_SHINGLES = 12  # a text with fewer is too short to call a near-duplicate of anything
THRESHOLD = 0.7  # estimated Jaccard similarity from which two texts are near-duplicates
BUCKET_ALL = 50  # a bucket with more members pairs each with its first only (no n²)
MAX_CHARS = 8_000  # of a text shingled: its start decides
MAX_CJK = 600  # Chinese and Japanese characters shingled (a bigram each: the sketch's cost)

_WORD = re.compile(r"[^\W\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]{2,}")


def shingle_hashes(text: str) -> set[int]:
    """A hash of each shingle: word trigrams, and character bigrams of Chinese and
    Japanese runs (their first ``MAX_CJK`` characters: a bigram per character is most of the
    sketch's cost). Words are hashed by CRC-32 and trigrams as tuples of integers (Python's
    tuple hash: the same in every process, unlike a string's; the cache is keyed by the
    Python version); a bigram is its two UTF-16 code units read as one 32-bit integer,
    hashed as a 1-tuple."""
    text = text[:MAX_CHARS].lower()
    words = _WORD.findall(text)
    seq = list(map(zlib.crc32, map(str.encode, words)))
    out = set(map(hash, zip(seq, seq[1:], seq[2:], strict=False)))
    runs = _CJK.findall(text)
    if runs:  # all runs at once, a NUL between two (its bigrams are the runs' edges)
        units = "\0".join(runs)[:MAX_CJK].encode("utf-16-le")
        out.update(map(hash, zip(array("I", units[:len(units) // 4 * 4]))))
        out.update(map(hash, zip(array("I", units[2:2 + (len(units) - 2) // 4 * 4]))))
    return out


def sketch(text: str) -> bytes:
    """The one-permutation MinHash of ``text`` (Li, Owen, Zhang 2012): each shingle's 64-bit
    hash, its low bits choosing one of ``K`` bins, the smallest value kept per bin, empty
    bins filled from the next (densification); packed values, empty when the text is too
    short."""
    found = shingle_hashes(text)
    if len(found) < MIN_SHINGLES:
        return b""
    bins: list[int | None] = [None] * K
    filled = 0
    for h in sorted(found):
        b = h & (K - 1)
        if bins[b] is None:
            bins[b] = h
            filled += 1
            if filled == K:
                break
    if filled < K:
        for i in range(K):
            if bins[i] is None:
                j = (i + 1) % K
                while bins[j] is None:
                    j = (j + 1) % K
                bins[i] = hash((bins[j], i))
    return array("q", bins).tobytes()  # type: ignore[arg-type]


def entry_sketches(text: str, separator: str = "\n§\n") -> list[tuple[int, bytes]]:
    """(first line, sketch) of each entry of a text holding many (Hermes' ``§``-separated
    memory entries): the hook for an agent profile whose memories are entries of a file."""
    out: list[tuple[int, bytes]] = []
    line = 1
    for part in text.split(separator):
        out.append((line, sketch(part)))
        line += part.count("\n") + separator.count("\n")
    return out


def similarity(a: bytes, b: bytes) -> float:
    """The estimated Jaccard similarity of the sets two sketches were made from: the share
    of bins holding the same value."""
    if not a or not b:
        return 0.0
    return list(map(eq, array("q", a), array("q", b))).count(True) / K


def pairs(sketches: Mapping[Hashable, bytes], threshold: float = THRESHOLD
          ) -> dict[Hashable, list[tuple[float, Hashable]]]:
    """For each key whose text is a near-duplicate of another's: (similarity, other key),
    most similar first (ties in the order of ``sketches``). Candidates agree on a band of
    ``ROWS`` bins (LSH, 12 bands of 5): at 70 % alike two texts are candidates with 89 %
    probability, at 80 % with 99 %, at 40 % with 12 %, at 20 % with 0.4 % (16 bands of 4
    found 99 % at 70 % but compared five times as many pairs on the 10,000-memory bench,
    whose texts are ~20 % alike); only candidates are compared, each pair once.

    One band at a time, a bucket made a list only when a second member comes: what it
    holds at once is one band's bucket keys (12 bands at once held ~160 MB at 50,000
    memories; `Buckets`, which keeps them all for a live auditor, gives the same)."""
    keys = [key for key, sk in sketches.items() if len(sk) == K * 8]
    width = ROWS * 8
    met: dict[tuple[Hashable, Hashable], int] = {}
    for band in range(BANDS):
        lo, hi = band * width, (band + 1) * width
        first: dict[bytes, Hashable] = {}
        shared: dict[bytes, list[Hashable]] = {}
        for key in keys:
            cut = sketches[key][lo:hi]
            was = first.setdefault(cut, key)
            if was is not key:
                members = shared.get(cut)
                if members is None:
                    shared[cut] = [was, key]
                else:
                    members.append(key)
        del first
        _meet(met, shared.values())
    return _compared(met, sketches, {key: n for n, key in enumerate(keys)}, threshold)


def _meet(met: dict[tuple[Hashable, Hashable], int], buckets: Iterable[list[Hashable]]
          ) -> None:
    """Add the candidate pairs of ``buckets`` (each's members in order) to ``met``."""
    for members in buckets:
        if len(members) < 2:
            continue
        if len(members) <= BUCKET_ALL:
            for i, a in enumerate(members):
                for b in members[i + 1:]:
                    met[(a, b)] = 1
        else:
            first = members[0]
            for b in members[1:]:
                met[(first, b)] = 1


def _compared(met: dict[tuple[Hashable, Hashable], int], sketches: Mapping[Hashable, bytes],
              order: Mapping[Hashable, int], threshold: float
              ) -> dict[Hashable, list[tuple[float, Hashable]]]:
    """The pairs of ``met`` at least ``threshold`` alike, each key's most alike first."""
    out: dict[Hashable, list[tuple[float, Hashable]]] = defaultdict(list)
    arrays: dict[Hashable, array[int]] = {}
    for (a, b) in met:
        x = arrays.get(a) or arrays.setdefault(a, array("q", sketches[a]))
        y = arrays.get(b) or arrays.setdefault(b, array("q", sketches[b]))
        sim = list(map(eq, x, y)).count(True) / K
        if sim >= threshold:
            out[a].append((sim, b))
            out[b].append((sim, a))
    for found in out.values():
        if len(found) > 1:
            found.sort(key=lambda p: (-p[0], order[p[1]]))
    return dict(out)


def _cuts(sk: bytes) -> list[bytes]:
    """A whole sketch's bins, band by band (``ROWS`` each)."""
    width = ROWS * 8
    return [sk[band * width:(band + 1) * width] for band in range(BANDS)]


Bucket = Hashable  # one member alone, or a list of two or more (keys are never lists)


class Buckets:
    """The LSH buckets of many sketches (`pairs`), kept by a live auditor so that a few
    changed sketches cost those few (`update`, `pairs_of`) rather than every memory's.

    One dict per band, from the band's bins to its bucket: the one member alone, or a
    list of members in ``order`` (~13 MB at 10,000 memories; a list for every bucket held
    twice that). With at most ``BUCKET_ALL`` members each is a candidate of each other,
    in a larger one each is a candidate of the first alone. That relation is symmetric, so
    a key's pairs (`pairs_of`) are read from its own buckets."""

    __slots__ = ("bands", "order", "sketches")

    def __init__(self, sketches: Mapping[Hashable, bytes],
                 order: Mapping[Hashable, int] | None = None) -> None:
        """``order``: each key's rank (pairs tie in it, a bucket's first is the least);
        by default the order of ``sketches``."""
        self.order = order if order is not None else {k: n for n, k in enumerate(sketches)}
        self.sketches = {key: sk for key, sk in sketches.items() if len(sk) == K * 8}
        self.bands: list[dict[bytes, Bucket]] = [{} for _ in range(BANDS)]
        for key, sk in self.sketches.items():
            for band, cut in zip(self.bands, _cuts(sk), strict=True):
                was = band.setdefault(cut, key)
                if was is not key:
                    if isinstance(was, list):
                        was.append(key)
                    else:
                        band[cut] = [was, key]

    def found(self, threshold: float = THRESHOLD) -> dict[Hashable, list[tuple[float, Hashable]]]:
        """Every key's pairs (keys without any left out), each candidate pair compared once."""
        met: dict[tuple[Hashable, Hashable], int] = {}
        for band in self.bands:
            _meet(met, (b for b in band.values() if isinstance(b, list)))
        return _compared(met, self.sketches, self.order, threshold)

    def pairs_of(self, key: Hashable, threshold: float = THRESHOLD
                 ) -> list[tuple[float, Hashable]]:
        """One key's entry of `found` (empty: none)."""
        sk = self.sketches.get(key)
        if sk is None:
            return []
        candidates: set[Hashable] = set()
        for band, cut in zip(self.bands, _cuts(sk), strict=True):
            members = band[cut]
            if not isinstance(members, list):
                continue  # the key alone
            if len(members) <= BUCKET_ALL or members[0] == key:
                candidates.update(members)
            else:
                candidates.add(members[0])
        candidates.discard(key)
        x = array("q", sk)
        out = []
        for b in candidates:
            sim = list(map(eq, x, array("q", self.sketches[b]))).count(True) / K
            if sim >= threshold:
                out.append((sim, b))
        order = self.order
        out.sort(key=lambda p: (-p[0], order[p[1]]))
        return out

    def update(self, changed: Mapping[Hashable, bytes]) -> set[Hashable]:
        """Give the keys of ``changed`` their new sketches (each key must be in ``order``);
        returns the keys whose `pairs_of` can have changed."""
        touched: set[Hashable] = set()
        rank = self.order.__getitem__
        for key, sk in changed.items():
            touched.add(key)
            old = self.sketches.pop(key, None)
            for band, cut in zip(self.bands, _cuts(old), strict=True) if old is not None \
                    else ():
                members = band[cut]
                if not isinstance(members, list):
                    del band[cut]  # the key alone
                    continue
                _touch(touched, members, key, len(members) - 1)
                members.remove(key)
                if len(members) == 1:
                    band[cut] = members[0]
            if len(sk) != K * 8:
                continue
            self.sketches[key] = sk
            for band, cut in zip(self.bands, _cuts(sk), strict=True):
                was = band.setdefault(cut, key)
                if was is key:
                    continue
                members = was if isinstance(was, list) else [was]
                insort(members, key, key=rank)
                band[cut] = members
                _touch(touched, members, key, len(members) - 1)
        return touched


def _touch(touched: set[Hashable], members: list[Hashable], key: Hashable, others: int
           ) -> None:
    """The members whose candidates change when ``key`` joins or leaves a bucket that holds
    ``others`` other members: every member when the bucket pairs all without ``key``
    (with it too, or it crosses ``BUCKET_ALL``) or ``key`` is its first; else its first
    alone (the others' one candidate there)."""
    if others <= BUCKET_ALL or members[0] == key:
        touched.update(members)
    else:
        touched.add(members[0])


def pair_message(other: str, sim: float, more: int) -> str:
    also = f" (and {more} more)" if more else ""
    return (f"says nearly what {other} says ({sim:.0%} alike){also}: merge them into one "
            "memory")


def near_duplicate_texts(texts: Iterable[tuple[Hashable, str]]
                         ) -> dict[Hashable, list[tuple[float, Hashable]]]:
    """`pairs` of texts given whole (tests, and profiles that keep their texts)."""
    return pairs({key: sketch(text) for key, text in texts})


def near_duplicate_findings(sketches: Mapping[str, bytes]) -> dict[str, tuple[Finding]]:
    """A ``near_duplicate`` finding for every memory another says nearly the same as: one
    per file, naming the most alike other (its ``files``: that other, for the app to open)."""
    return findings_of(pairs(sketches))


def findings_of(found: Mapping[Hashable, list[tuple[float, Hashable]]]
                ) -> dict[str, tuple[Finding]]:
    """The ``near_duplicate`` findings of `pairs`' answer."""
    return {str(rel): (pair_finding(str(rel), others),) for rel, others in found.items()}


def pair_finding(rel: str, others: list[tuple[float, Hashable]]) -> Finding:
    """The one finding of a memory with near-duplicates ``others`` (most alike first)."""
    return finding("near_duplicate", rel, None,
                   pair_message(str(others[0][1]), others[0][0], len(others) - 1),
                   files=(str(others[0][1]),))
