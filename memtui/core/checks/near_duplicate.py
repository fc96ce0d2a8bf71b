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
    most similar first. Candidates agree on a band of ``ROWS`` bins (LSH, 12 bands of 5):
    at 70 % alike two texts are candidates with 89 % probability, at 80 % with 99 %, at
    40 % with 12 %, at 20 % with 0.4 % (16 bands of 4 found 99 % at 70 % but compared five
    times as many pairs on the 10,000-memory bench, whose texts are ~20 % alike); only
    candidates are compared, each pair once."""
    buckets: dict[bytes, list[int]] = defaultdict(list)
    width = ROWS * 8
    keys = [key for key, sk in sketches.items() if len(sk) == K * 8]
    for n, key in enumerate(keys):
        sk = sketches[key]
        for band in range(BANDS):
            buckets[sk[band * width:(band + 1) * width] + bytes((band,))].append(n)
    met: dict[tuple[int, int], int] = {}
    for members in buckets.values():
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
    out: dict[Hashable, list[tuple[float, Hashable]]] = defaultdict(list)
    arrays: dict[int, array[int]] = {}
    for (a, b) in met:
        x = arrays.get(a) or arrays.setdefault(a, array("q", sketches[keys[a]]))
        y = arrays.get(b) or arrays.setdefault(b, array("q", sketches[keys[b]]))
        sim = list(map(eq, x, y)).count(True) / K
        if sim >= threshold:
            out[keys[a]].append((sim, keys[b]))
            out[keys[b]].append((sim, keys[a]))
    for found in out.values():
        found.sort(key=lambda p: (-p[0], keys.index(p[1]) if len(found) > 1 else 0))
    return dict(out)


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
    return {rel: (finding("near_duplicate", rel, None,
                          pair_message(str(others[0][1]), others[0][0], len(others) - 1),
                          files=(str(others[0][1]),)),)
            for rel, others in pairs(sketches).items()}  # type: ignore[misc]
