"""Memories that say nearly the same thing (``near_duplicate``), found without comparing
every pair. A rewording keeps a memory's content words and its facts and changes its
phrasing, so each memory's text becomes a set of shingles that survive rewording: its words
(letters cut to their first ``STEM`` characters, a crude stemmer for every inflecting
language; numbers as numbers; words under three letters left out) and the character bigrams
of Chinese, Japanese and Korean runs (no spaces between words, or particles glued on); bold
labels that open a line (``**Why:**``) are left out, every memory of a folder has them. The
set becomes a one-permutation MinHash sketch (``K`` bins) and memories are compared only when
their sketches agree on a whole band of bins (LSH: ``BANDS`` × ``ROWS``). The share of equal
bins estimates the Jaccard similarity of the two sets.

Look-alikes are the risk at a low threshold: two memories made from one template (two teams,
two shops, two hosts) share most words and differ in their facts. So a sketch also carries
the memory's facts — its numbers, the tokens of its code spans, its quoted terms — and the
values of its short ``key: value`` lines; a pair is reported when (1) it is at least
``THRESHOLD`` alike, or at least ``LOW`` alike with the other holding most of the facts of
the side with fewer, and (2) below ``COPY`` alike, its facts do not conflict (each side
holding a fact the other lacks: a copy holds the other's facts, or adds some; two daily
logs or a corrected memory each hold their own), nor its
``key: value`` lines (two keys or more in common, half of them with values that share no
word).

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
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping

from memtui.core.findings import Finding, finding
from memtui.core.missing_why import label_words

K = 64  # bins per sketch
BANDS, ROWS = 12, 5  # LSH past ALL_PAIRS sketches: the K bins in bands
FACT_BUCKET = 8  # past ALL_PAIRS, two sketches sharing a fact no more hold are candidates
BOTTOM = 128  # smallest shingle hashes kept: the similarity (exact for a smaller set)
ALL_PAIRS = 300  # up to this many sketches every pair is compared (LSH past it)
MIN_SHINGLES = 12  # a text with fewer is too short to call a near-duplicate of anything
THRESHOLD = 0.5  # estimated Jaccard similarity from which two texts are near-duplicates
LOW = 0.2  # ... from which they are when they share most facts and none conflicts
COPY = 0.7  # ... from which an edited copy is one even where each side has facts of its own
BUCKET_ALL = 50  # a bucket with more members pairs each with its first only (no n²)
MAX_CHARS = 8_000  # of a text shingled: its start decides
MAX_CJK = 600  # Chinese, Japanese, Korean characters shingled (a bigram each)
STEM = 5  # letters of a word kept
MAX_FACTS = 32  # facts kept per sketch (the smallest hashes)
MAX_FIELDS = 32  # key: value words kept per sketch

_UNSPACED = "\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af"
_WORD = re.compile(r"[^\W\d_" + _UNSPACED + r"]{3,}|\d+")
_CJK = re.compile(r"[" + _UNSPACED + r"]+")
_LABEL = re.compile(r"(?m)^[ \t>*+-]*(?:\*\*|__)[^*_\n]{1,40}(?:\*\*|__)")
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
_SPAN = re.compile(r"`([^`\n]{1,200})`")
_QUOTED = re.compile(r"«\s*([^»\n]{1,40}?)\s*»|„([^“”\n]{1,40})[“”]|“([^”\n]{1,40})”|"
                     r"「([^」\n]{1,40})」|『([^』\n]{1,40})』|\"([^\"\n]{1,40})\"")
_TOKEN = re.compile(r"[^\s`()\[\]{},;]+")
_FIELD = re.compile(r"(?m)^[ \t]*(?:[-*+][ \t]+)?(?:\*\*|__)?([^:：*_\n`]{1,30}?)(?:\*\*|__)?"
                    r"[ \t]*[:：][ \t]*(?:\*\*|__)?[ \t]*([^\n]{1,60})$")
_VALUE_WORD = re.compile(r"\w+")
_LEADING_ZEROS = re.compile(r"(?<!\d)0+(?=\d)")


def shingle_hashes(text: str) -> set[int]:
    """A hash of each shingle: each word's first ``STEM`` letters (numbers whole), and
    character bigrams of Chinese, Japanese and Korean runs (their first ``MAX_CJK``
    characters: a bigram per character is most of the sketch's cost). Words are hashed by
    CRC-32 as 1-tuples of integers (Python's tuple hash: the same in every process, unlike a
    string's; the cache is keyed by the Python version); a bigram is its two UTF-16 code
    units read as one 32-bit integer, hashed as a 1-tuple."""
    text = _LABEL.sub(" ", text[:MAX_CHARS].lower())
    words = [str(int(w)) if w.isdigit() and len(w) < 30 else w for w in _WORD.findall(text)]
    out = {hash((zlib.crc32(w[:STEM].encode()), 1)) for w in words}
    runs = _CJK.findall(text)
    if runs:  # all runs at once, a NUL between two (its bigrams are the runs' edges)
        units = "\0".join(runs)[:MAX_CJK].encode("utf-16-le")
        out.update(map(hash, zip(array("I", units[:len(units) // 4 * 4]))))
        out.update(map(hash, zip(array("I", units[2:2 + (len(units) - 2) // 4 * 4]))))
    return out


def _crc(value: str) -> int:
    return zlib.crc32(value.encode())


def facts(text: str) -> list[int]:
    """Hashes of a text's facts (its numbers, its code spans' tokens, its quoted terms),
    the ``MAX_FACTS`` smallest."""
    text = text[:MAX_CHARS]
    found = {_LEADING_ZEROS.sub("", n) for n in _NUMBER.findall(text)}
    if "`" in text:
        for span in _SPAN.findall(text):
            found.update(t.lower() for t in _TOKEN.findall(span))
    for m in _QUOTED.finditer(text):
        found.add(next(g for g in m.groups() if g).strip().lower())
    return sorted(map(_crc, found))[:MAX_FACTS]


def fields(text: str) -> list[int]:
    """``key: value`` lines whose value is short (a template's fields, not a sentence), a
    why/how label's line left out: (key hash << 32 | value word hash) for each value word."""
    out: list[int] = []
    if ":" not in text and "：" not in text:
        return out
    for m in _FIELD.finditer(text[:MAX_CHARS]):
        key, value = m.group(1).strip().lower(), m.group(2).strip().lower()
        words = _VALUE_WORD.findall(value)
        if not key or not words or len(words) > 8 or len(key.split()) > 4 or \
                any(label_words(key)):
            continue
        k = (_crc(key) & 0x7FFFFFFF) << 32
        out.extend(k | _crc(w) for w in words)
        if len(out) >= MAX_FIELDS:
            break
    return out[:MAX_FIELDS]


def sketch(text: str) -> bytes:
    """The one-permutation MinHash of ``text`` (Li, Owen, Zhang 2012): each shingle's 64-bit
    hash, its low bits choosing one of ``K`` bins, the smallest value kept per bin, empty
    bins filled from the next (densification); then the count of its facts, the facts, and
    its fields (`facts`, `fields`). Packed 64-bit values; empty when the text is too short."""
    found = shingle_hashes(text)
    if len(found) < MIN_SHINGLES:
        return b""
    ordered = sorted(found)
    bins: list[int | None] = [None] * K
    filled = 0
    for h in ordered:
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
    bottom = ordered[:BOTTOM]
    known = facts(text)
    return array("q", [*bins, len(bottom), *bottom,  # type: ignore[list-item]
                       len(known), *known, *fields(text)]).tobytes()


def entry_sketches(text: str, separator: str = "\n§\n") -> list[tuple[int, bytes]]:
    """(first line, sketch) of each entry of a text holding many (Hermes' ``§``-separated
    memory entries): the hook for an agent profile whose memories are entries of a file."""
    out: list[tuple[int, bytes]] = []
    line = 1
    for part in text.split(separator):
        out.append((line, sketch(part)))
        line += part.count("\n") + separator.count("\n")
    return out


Parts = tuple[tuple[int, ...], frozenset[int], set[int], dict[int, set[int]]]


def _parts(sk: bytes) -> Parts:
    """A sketch's smallest shingle hashes (sorted, and as a set), facts and fields (key →
    value words)."""
    rest = array("q", sk[K * 8:])
    if not rest:
        return (), frozenset(), set(), {}
    n = rest[0]
    ordered = tuple(rest[1:1 + n])
    bottom = frozenset(ordered)
    m = rest[1 + n] if len(rest) > 1 + n else 0
    known = set(rest[2 + n:2 + n + m])
    fields: dict[int, set[int]] = defaultdict(set)
    for v in rest[2 + n + m:]:
        fields[v >> 32].add(v & 0xFFFFFFFF)
    return ordered, bottom, known, fields


def _bottom_similarity(a: Parts, b: Parts) -> float:
    """The Jaccard similarity estimated from two bottom-k sets: of the union's members up to
    the smaller of the two sets' largest (all of them known from both), the share both hold;
    exact when both sets are whole (fewer than ``BOTTOM``)."""
    xs, ys = a[0], b[0]
    if not xs or not ys:
        return 0.0
    both = a[1] & b[1]
    if len(xs) < BOTTOM and len(ys) < BOTTOM:
        return len(both) / (len(xs) + len(ys) - len(both))
    cut = min(xs[-1], ys[-1])  # every hash both hold is at most this: all are counted
    shared = len(both)
    union = bisect_right(xs, cut) + bisect_right(ys, cut) - shared
    return shared / union if union else 0.0


def similarity(a: bytes, b: bytes) -> float:
    """The estimated Jaccard similarity of the sets two sketches were made from."""
    if not a or not b:
        return 0.0
    return _bottom_similarity(_parts(a), _parts(b))


def agree(a: Parts, b: Parts, sim: float) -> bool:
    """Whether two sketches' parts (`_parts`) ``sim`` alike say the same: alike enough
    (``THRESHOLD``, or ``LOW`` with most facts of the side with fewer held by the other),
    their facts not in conflict below ``COPY``, their fields never."""
    _, _, fa, ka = a
    _, _, fb, kb = b
    shared = fa & fb  # a sample's misses only make it smaller
    if sim < THRESHOLD and (not shared or 2 * len(shared) < min(len(fa), len(fb))):
        return False  # little alike, and the facts do not back it
    if fa and fb and (len(fa) >= MAX_FACTS or len(fb) >= MAX_FACTS):
        cut = min(max(fa), max(fb))  # a sample of each: compare where both are whole
        fa, fb = {h for h in fa if h <= cut}, {h for h in fb if h <= cut}
    if sim < COPY and fa - fb and fb - fa:
        return False  # the same template, other facts (or one corrected: not a copy)
    keys = ka.keys() & kb.keys()
    if len(keys) >= 2:
        apart = sum(1 for k in keys if not ka[k] & kb[k])
        if 2 * apart >= len(keys):
            return False  # the same fields, other values
    return True


def pairs(sketches: Mapping[Hashable, bytes], threshold: float = LOW
          ) -> dict[Hashable, list[tuple[float, Hashable]]]:
    """For each key whose text is a near-duplicate of another's: (similarity, other key),
    most similar first. Up to ``ALL_PAIRS`` sketches every pair is a candidate (a bounded
    cost: ~45,000 set intersections); past it, candidates agree on a band of ``ROWS`` bins
    (LSH, 12 bands of 5: at 50 % alike two texts are candidates with 32 % probability, at
    60 % with 62 %, at 70 % with 89 %, at 80 % with 99 %), a bucket past ``BUCKET_ALL``
    members pairing each with its first only (no n²), or share a fact that at most
    ``FACT_BUCKET`` sketches hold (a rewording keeps its rare facts). A candidate's
    similarity is estimated from the smallest shingle hashes (exact for a text of fewer
    than ``BOTTOM`` shingles); at least ``threshold`` alike, it is held to `agree`."""
    keys = [key for key, sk in sketches.items() if len(sk) >= K * 8 and len(sk) % 8 == 0]
    met: dict[tuple[int, int], int] = {}
    if len(keys) <= ALL_PAIRS:
        met = {(a, b): 1 for a in range(len(keys)) for b in range(a + 1, len(keys))}
    else:
        buckets: dict[bytes, list[int]] = defaultdict(list)
        width = ROWS * 8
        for n, key in enumerate(keys):
            sk = sketches[key]
            for band in range(BANDS):
                buckets[sk[band * width:(band + 1) * width] + bytes((band,))].append(n)
        for n, key in enumerate(keys):
            for h in _parts(sketches[key])[2]:
                buckets[h.to_bytes(8, "little", signed=True) + b"f"].append(n)
        for name, members in buckets.items():
            if len(members) < 2 or (name.endswith(b"f") and len(members) > FACT_BUCKET):
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
    parts: dict[int, Parts] = {}
    for (a, b) in met:
        x = parts.get(a) or parts.setdefault(a, _parts(sketches[keys[a]]))
        y = parts.get(b) or parts.setdefault(b, _parts(sketches[keys[b]]))
        if x[1].isdisjoint(y[1]):
            continue
        sim = _bottom_similarity(x, y)
        if sim >= threshold and agree(x, y, sim):
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


_DATED = re.compile(r"(?:^|/)\d{4}-\d{2}-\d{2}[^/]*\.md$")


def near_duplicate_findings(sketches: Mapping[str, bytes]) -> dict[str, tuple[Finding]]:
    """A ``near_duplicate`` finding for every memory another says nearly the same as: one
    per file, naming the most alike other (its ``files``: that other, for the app to open).
    Two files named by their date (an agent's daily log, ``memory/2026-04-01.md``) are a
    journal that repeats itself day to day, not two memories to merge."""
    out = {}
    for rel, others in pairs(sketches).items():
        if _DATED.search(str(rel)):
            others = [o for o in others if not _DATED.search(str(o[1]))]
        if others:
            out[rel] = (finding("near_duplicate", str(rel), None,
                                pair_message(str(others[0][1]), others[0][0], len(others) - 1),
                                files=(str(others[0][1]),)),)
    return out
