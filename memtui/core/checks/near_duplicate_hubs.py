"""A hub is no duplicate (``near_duplicate``, newuser27 #1, real27): a memory paired "in
other words" (below ``THRESHOLD`` alike, the facts backing it) with ``HUB`` others or more
that are not paired with each other.

A short overview (a project's mission, a roadmap, an index of topics) names in a few words
what many topic memories each say at length: its few terms and numbers recur in each of
them, so each pair looks like one memory restated. A memory restated in other words has one
or two restatements; when it has many, they are copies of each other too (a cluster: every
pair among them alike). A star, one memory alike with many that are not alike among
themselves, is the overview and its topics: the shared part is the hub's vocabulary, not a
fact stated twice, and merging them would fold every topic into one. The hub is the
smaller side of most of its pairs (its few words held in each topic); a long memory alike
with several short ones (a release checklist holding the staging URL's and the test rule's
facts) holds each of them, and stays paired (blind set rules6 ws09). So a hub's pairs
below ``THRESHOLD`` are left out, both ways; its pairs from ``THRESHOLD`` (nearly the same
words) stay. Structure only: how many a memory pairs with and whether those pair among
themselves, never which words they share.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

HUB = 3  # partners in other words from which a memory alike with all of them is a hub

Pairs = Mapping[Hashable, list[tuple[float, Hashable]]]


def hubs(found: Pairs, threshold: float,
         sizes: Mapping[Hashable, int] | None = None) -> set[Hashable]:
    """The keys of ``found`` (each key's (similarity, other) pairs, both ways) paired below
    ``threshold`` with ``HUB`` others or more of which fewer than half the pairs are paired
    with each other (a star, not a cluster of copies), and (with ``sizes``, each key's size
    in bytes) no larger than at least half of them (contained in them, not containing)."""
    out: set[Hashable] = set()
    for key, others in found.items():
        weak = [other for sim, other in others if sim < threshold]
        if len(weak) < HUB:
            continue
        members = set(weak)
        linked = sum(len(members.intersection(o for _, o in found.get(m, ()))) for m in weak)
        n = len(weak)
        if linked >= n * (n - 1) // 2:  # (each pair counted from both sides: half of them)
            continue
        if sizes is not None and key in sizes:
            size = sizes[key]
            if 2 * sum(1 for m in weak if sizes.get(m, size) >= size) < n:
                continue  # larger than most of them: it holds them, it is not held
        out.add(key)
    return out


def unhubbed(found: Pairs, threshold: float, sizes: Mapping[Hashable, int] | None = None
             ) -> dict[Hashable, list[tuple[float, Hashable]]]:
    """``found`` without the pairs below ``threshold`` that have a hub (`hubs`) on either
    side; keys left without a pair left out, the order of keys and pairs kept."""
    centres = hubs(found, threshold, sizes)
    if not centres:
        return dict(found)
    out = {}
    for key, others in found.items():
        kept = [(sim, other) for sim, other in others
                if sim >= threshold or (key not in centres and other not in centres)]
        if kept:
            out[key] = kept
    return out
