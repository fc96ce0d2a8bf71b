"""Reachability after one file's links changed (`memtui.core.derivation.graph.reach_after`):
the same set as a whole walk, and a link taken away walks what its target reaches, not the
whole graph again (issue 35: at 10,000 memories every such edit walked all ~8,000 reached)."""

from __future__ import annotations

import random
from collections import defaultdict

from memtui.core.derivation import graph as graph_mod
from memtui.core.derivation.graph import Graph, edges, reach_after


class _Links:
    def __init__(self, targets: list[str]) -> None:
        self.targets = targets
        self.dangling: list[str] = []


def _graph(links: dict[str, list[str]]) -> Graph:
    out, back, _ = edges({rel: _Links(ts) for rel, ts in links.items()})
    return Graph(nodes=list(links), out=defaultdict(list, out), back=defaultdict(list, back))


def test_reach_after_equals_a_whole_walk_on_random_edits() -> None:
    rng = random.Random(35)
    for _ in range(300):
        n = rng.randint(2, 40)
        nodes = [f"m{i:02d}" for i in range(n)]
        links = {rel: rng.sample(nodes, rng.randint(0, min(3, n))) for rel in nodes}
        roots = frozenset(rng.sample(nodes, rng.randint(0, min(3, n))))
        before = _graph(links)
        last = before.reachable_from(roots)
        changed = rng.sample(nodes, rng.randint(1, min(3, n)))
        new = dict(links)
        for rel in changed:
            new[rel] = rng.sample(nodes, rng.randint(0, min(3, n)))
        after = _graph(new)
        got = reach_after(after, roots, last, dict(before.out), changed)
        assert got == after.reachable_from(roots), (links, new, roots, changed)


def test_a_link_taken_away_walks_its_target_alone(monkeypatch) -> None:
    # a chain of 200 reached from the root, and one file linking a leaf outside it
    nodes = [f"m{i:03d}" for i in range(202)]
    links = {rel: [nodes[i + 1]] if i < 199 else [] for i, rel in enumerate(nodes)}
    links["m000"] = ["m001", "m200"]
    links["m200"], links["m201"] = ["m201"], []
    roots = frozenset({"m000"})
    before = _graph(links)
    last = before.reachable_from(roots)
    walked: list[int] = []
    whole = Graph.reachable_from

    def counted(self: Graph, starts):  # type: ignore[no-untyped-def]
        walked.append(1)
        return whole(self, starts)
    monkeypatch.setattr(graph_mod.Graph, "reachable_from", counted)
    new = dict(links)
    new["m000"] = ["m001"]  # m200 (and m201 behind it) no longer reached
    after = _graph(new)
    got = reach_after(after, roots, last, dict(before.out), ["m000"])
    assert walked == []
    assert got == whole(after, roots) == last - {"m200", "m201"}
