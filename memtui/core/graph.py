"""The link graph between memories: wikilink resolution, edges, reachability, components."""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Iterable
from dataclasses import dataclass, field

from memtui.core.links import fold


@dataclass(frozen=True, slots=True)
class Resolution:
    """Where a ``[[target]]`` leads: ``state`` is exact, stem, fuzzy or dangling."""

    target: str
    path: str | None
    state: str


class Resolver:
    """Resolves wikilink targets: exact ``name``, then exact file stem, then folded spelling."""

    def __init__(self, keys: Iterable[tuple[str, str | None, str]]) -> None:
        """``keys``: (path, name, stem) for every memory file, in path order."""
        self.by_name: dict[str, str] = {}
        self.by_stem: dict[str, str] = {}
        self.by_fold: dict[str, str] = {}
        named_by_stem: set[str] = set()
        for path, name, stem in keys:
            if name:
                # Two files sharing a name: the first whose stem is that name wins.
                if name not in self.by_name or (stem == name and name not in named_by_stem):
                    self.by_name[name] = path
                if stem == name:
                    named_by_stem.add(name)
                self.by_fold.setdefault(fold(name), path)
            self.by_stem.setdefault(stem, path)
            self.by_fold.setdefault(fold(stem), path)

    def resolve(self, target: str) -> Resolution:
        if target in self.by_name:
            return Resolution(target, self.by_name[target], "exact")
        if target in self.by_stem:
            return Resolution(target, self.by_stem[target], "stem")
        stem = target[:-3] if target.lower().endswith(".md") else target
        stem = stem.rsplit("/", 1)[-1]
        if stem in self.by_stem:
            return Resolution(target, self.by_stem[stem], "stem")
        folded = self.by_fold.get(fold(stem))
        if folded is not None:
            return Resolution(target, folded, "fuzzy")
        return Resolution(target, None, "dangling")


@dataclass
class Graph:
    """Nodes are memory files (and placeholders for dangling targets); edges are links."""

    nodes: list[str] = field(default_factory=list)
    out: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    back: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    placeholders: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    def add_edge(self, source: str, target: str) -> None:
        if target not in self.out[source]:
            self.out[source].append(target)
            self.back[target].append(source)

    def add_dangling(self, source: str, name: str) -> None:
        if source not in self.placeholders[name]:
            self.placeholders[name].append(source)

    def reachable_from(self, starts: Iterable[str]) -> set[str]:
        seen = set(starts)
        queue = deque(seen)
        while queue:
            node = queue.popleft()
            for nxt in self.out.get(node, ()):
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return seen

    def isolated(self) -> list[str]:
        return [n for n in self.nodes if not self.out.get(n) and not self.back.get(n)]

    def components(self) -> list[list[str]]:
        """Connected components (links taken both ways), largest first; isolated nodes too."""
        seen: set[str] = set()
        comps: list[list[str]] = []
        for start in self.nodes:
            if start in seen:
                continue
            comp = []
            queue = deque([start])
            seen.add(start)
            while queue:
                node = queue.popleft()
                comp.append(node)
                for nxt in (*self.out.get(node, ()), *self.back.get(node, ())):
                    if nxt not in seen:
                        seen.add(nxt)
                        queue.append(nxt)
            comps.append(sorted(comp))
        comps.sort(key=lambda c: (-len(c), c[0]))
        return comps
