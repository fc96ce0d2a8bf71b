"""Text that many memories of one workspace share is template, not content (issue 34, blind
set rules10): a pair `near_duplicate` reports says the same as written and with it left out.

A workspace's memories often end, or open, with the same line: a provenance line (“Source:
Dan, noted during the evening admin session.”), a signature, a boilerplate header. Two short
look-alikes holding it (two rooms, two reviewers' preferences) share little more, yet that
line's words made them 25-45 % alike, and a type or a small number in common then backed the
pair (rules10: all 23 false files were such pairs). What marks that text is structure, not
its words: it is held by a large share of the workspace's memories, each of its words by the
very same memories. So a shingle held by at least ``SHARE`` of a workspace's sketches that
hold any shingle ``AT_LEAST`` of them hold (a memory sharing none, a token, a note on another
subject, moves no verdict of the others: newuser38 #1), and by ``AT_LEAST`` of them, in a
run of ``RUN`` or more held by the very same sketches, is
template (`template_hashes`; a domain's common words, “books”, “claim”, each held by its own
few, are content: blind set rules8 lost 8 true files when they were left out). A pair that
agrees as written is judged again with the template left out of both shingle sets
(`discounted`; `near_duplicate._kept`), unless it shares none of it or that leaves nothing
on either side (a cluster of copies is still a cluster).

A pure function of the workspace's sketches (their bottom hashes: a short memory's shingles
all of them, a long one's a sample), counted where every pair is compared (up to
``ALL_PAIRS`` sketches: at most 300 × 128 hashes, ~7 ms at 261 memories of dense Chinese)
and only when a pair agrees as written (`Template`: a cold audit without any pays nothing).
Past ``ALL_PAIRS`` the candidates are the pairs whose MinHash bands agree (most of them more
than half alike) or that share a rare fact, and no template is read: keeping a workspace's
counts exact under a live auditor's edits there would touch every holder of a shingle
crossing the share (thousands at 10,000 memories, against the re-audit's 25 ms).
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import chain, combinations

__all__ = ["AT_LEAST", "LINES", "PARTNERS", "RARE", "RUN", "SHARE", "Template",
           "common_lines", "discounted", "floor_of", "rare_partners", "template_hashes"]

SHARE = (1, 2)  # a shingle held by at least this share of a workspace's sketches ...
AT_LEAST = 4  # ... and by this many of them is template (a triple of copies is not),
RUN = 3  # ... in a run of this many held by the very same sketches (a line's words)
LINES = 4  # a line this many daily logs write is their template's (`common_lines`)


def floor_of(count: int) -> int:
    """How many of ``count`` sketches hold a template shingle, at least."""
    num, den = SHARE
    return max(AT_LEAST, -(-count * num // den))


def template_hashes(bottoms: Iterable[Iterable[int]], count: int) -> frozenset[int]:
    """The template shingles of ``count`` sketches whose bottom hashes are ``bottoms``: of
    those at least `floor_of` the sketches holding a shingle ``AT_LEAST`` hold hold, each
    run of ``RUN`` or more held by the very same sketches (a line's words; a domain's
    common words, “books”, “claim”, each held by its own few, are content: blind set
    rules8), and each held by every sketch of such a run and a few more (a word of the
    line that other memories write too: 每次 in every note's ``**如何应用：**每次…前先读这条``
    and in one template's sentence; newuser37 #11)."""
    if count < AT_LEAST:
        return frozenset()
    bottoms = [b if isinstance(b, list) else list(b) for b in bottoms]
    held = Counter(chain.from_iterable(bottoms))
    # the share is of the sketches that hold a shingle ``AT_LEAST`` hold, not of the whole
    # workspace: a memory sharing none of them (a token, a note on another subject) leaves
    # the template, and every verdict it bears on, as it was (newuser38 #1)
    often = {h for h, c in held.items() if c >= AT_LEAST}
    floor = floor_of(sum(1 for bottom in bottoms if not often.isdisjoint(bottom)))
    common = {h for h in often if held[h] >= floor}
    if len(common) < RUN:
        return frozenset()
    holders = dict.fromkeys(common, 0)
    for i, bottom in enumerate(bottoms):
        bit = 1 << i
        for h in common.intersection(bottom):
            holders[h] |= bit
    runs: dict[int, list[int]] = {}
    for h, who in holders.items():
        runs.setdefault(who, []).append(h)
    lines = [who for who, run in runs.items() if len(run) >= RUN]
    return frozenset(chain.from_iterable(
        run for who, run in runs.items()
        if len(run) >= RUN or any(who & line == line for line in lines)))


RARE = 3  # a shingle at most this many sketches hold is rare (`rare_partners`) ...
PARTNERS = 3  # ... and two sketches sharing this many rare shingles are partners,
SAMPLE = 32  # ... of each one's smallest hashes (a short memory's all: a sample of a long one)


def rare_partners(bottoms: Sequence[Sequence[int]], keys: Sequence[Hashable]
                  ) -> dict[Hashable, frozenset[Hashable]]:
    """Each key's partners: the other sketches sharing ``PARTNERS`` or more of its
    ``SAMPLE`` smallest hashes that at most ``RARE`` sketches hold (a rare word, a name, a
    number's shingle: what two memories saying one thing share however each cuts and orders
    it); the pairs `near_duplicate` compares by their claims (`near_duplicate_claims`). One
    count of the workspace's smallest hashes (at most 300 × ``SAMPLE``: ~2 ms at 261
    memories, the whole bottom-k ~4 ms) and a step per rare hash held twice or thrice."""
    bottoms = [bottom[:SAMPLE] for bottom in bottoms]
    held = Counter(chain.from_iterable(bottoms))
    rare = {h for h, c in held.items() if 1 < c <= RARE}
    if not rare:
        return {}
    holders: dict[int, list[int]] = {}
    for i, bottom in enumerate(bottoms):
        for h in rare.intersection(bottom):
            holders.setdefault(h, []).append(i)
    counts = Counter(chain.from_iterable(
        combinations(who, 2) for who in holders.values()))
    out: dict[Hashable, set[Hashable]] = {}
    for (i, j), n in counts.items():
        if n >= PARTNERS:
            out.setdefault(keys[i], set()).add(keys[j])
            out.setdefault(keys[j], set()).add(keys[i])
    return {key: frozenset(got) for key, got in out.items()}


def common_lines(notes: Iterable[Iterable[str]], least: int = LINES) -> frozenset[str]:
    """The lines at least ``least`` of ``notes`` (each a note's lines) write: by document
    frequency, not by their words (a nightly report's stub, a journal's routine line)."""
    held = Counter(chain.from_iterable(map(set, notes)))
    return frozenset(line for line, n in held.items() if n >= least)


class Template:
    """A workspace's template shingles (`template_hashes`), counted when first asked for:
    `near_duplicate` asks only for a pair that agrees as written (most workspaces have
    none, and pay nothing); and its dated notes' template lines (`lines`), counted when a
    pair of daily logs is first judged a copy."""

    __slots__ = ("_bottoms", "_hashes", "_keys", "_lines", "_notes", "_partners")

    def __init__(self, bottoms: list[Iterable[int]],
                 notes: Callable[[], frozenset[str]] | None = None,
                 keys: Sequence[Hashable] = ()) -> None:
        """``bottoms``: each sketch's bottom hashes; ``notes``: counts the template lines
        of the workspace's daily logs (none: no dated note); ``keys``: each sketch's key
        (`partners`)."""
        self._bottoms = bottoms
        self._hashes: frozenset[int] | None = None
        self._notes = notes
        self._lines: frozenset[str] | None = None
        self._keys = keys
        self._partners: dict[Hashable, frozenset[Hashable]] | None = None

    def hashes(self) -> frozenset[int]:
        if self._hashes is None:
            self._bottoms = [b if isinstance(b, list) else list(b) for b in self._bottoms]
            self._hashes = template_hashes(self._bottoms, len(self._bottoms))
        return self._hashes

    def partners(self) -> dict[Hashable, frozenset[Hashable]]:
        """Each key's partners (`rare_partners`; keys without any left out)."""
        if self._partners is None:  # (none without the keys: a caller's own template)
            self._partners = rare_partners(self._bottoms, self._keys) \
                if len(self._keys) == len(self._bottoms) else {}
        return self._partners

    def lines(self) -> frozenset[str]:
        """The lines (as `near_duplicate._note_lines` reads them) that ``LINES`` of the
        workspace's daily logs or more write: a report generated each night from one
        template (its headings, its boilerplate, its counts masked), not a note's own."""
        if self._lines is None:
            self._lines = frozenset() if self._notes is None else self._notes()
            self._notes = None
        return self._lines

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Template) and self.hashes() == other.hashes() \
            and self.lines() == other.lines()

    __hash__ = None  # type: ignore[assignment]


def discounted(xs: Sequence[int], ys: Sequence[int], xset: frozenset[int],
               template: frozenset[int], whole: bool) -> tuple[int, int, int, int, int]:
    """(shared, counted of ``xs``, counted of ``ys``, the count of each) of two bottom-k hash
    lists (ascending; ``xset`` the first's as a set) with ``template`` left out: of the
    hashes up to the smaller largest (every hash of both when ``whole``), those not
    template."""
    sx = len(xs) - len(template.intersection(xs))
    sy = len(ys) - len(template.intersection(ys))
    if whole:
        cx, cy = sx, sy
    else:
        cut = min(xs[-1], ys[-1])
        cx, cy = bisect_right(xs, cut), bisect_right(ys, cut)
        cx -= len(template.intersection(xs[:cx]))
        cy -= len(template.intersection(ys[:cy]))
    return len(xset.intersection(ys).difference(template)), cx, cy, sx, sy
