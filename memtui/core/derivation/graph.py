"""The link graph between memories: wikilink resolution, edges, reachability, components."""

from __future__ import annotations

from bisect import insort
from collections import defaultdict, deque
from collections.abc import Iterable, Mapping
from itertools import count
from typing import Protocol

from memtui.core.record import FrozenRecord, Record, init_field
from memtui.core.scanner.lazy_pattern import lazy_pattern
from memtui.core.scanner.links import fold


class Resolution(FrozenRecord):
    """Where a ``[[target]]`` leads: ``state`` is exact, stem, fuzzy or dangling."""

    __slots__ = ("path", "state", "target")

    target: str
    path: str | None
    state: str

    def __init__(self, target: str, path: str | None, state: str) -> None:
        init_field(self, "target", target)
        init_field(self, "path", path)
        init_field(self, "state", state)


#: File-name prefixes real memory directories give each type (``feedback_no-fabrication.md``).
TYPE_PREFIXES = ("feedback_", "project_", "user_", "reference_",
                 "feedback-", "project-", "user-", "reference-")
_NOT_SLUG = lazy_pattern(r"[\W_]+")


def loose(name: str) -> str:
    """The folded spelling fuzzy matches compare: case, ``-``, ``_`` and spaces ignored."""
    return fold(name).replace(" ", "-")


def slug(name: str) -> str:
    """``Beta two — the second beta`` → ``beta-two-the-second-beta``."""
    return _NOT_SLUG.sub("-", name.casefold()).strip("-")


def unprefixed(stem: str) -> str | None:
    """The stem without its type prefix (``feedback_x`` → ``x``), None when it has none."""
    low = stem.casefold()
    for prefix in TYPE_PREFIXES:
        if low.startswith(prefix) and len(stem) > len(prefix):
            return stem[len(prefix):]
    return None


Spellings = tuple[str, str, str, str]


def spellings(name: str | None, stem: str) -> Spellings:
    """The loose spellings a file is found by: its folded ``name`` and the name as a slug
    (empty without a name), its folded stem, and its folded stem without a type prefix
    (empty when it has none). A function of one file alone."""
    bare = unprefixed(stem)
    folded = loose(name) if name else ""
    name_slug = slug(name) if name else ""
    folded_stem = loose(stem)
    # Most spellings are one another's: one string then (each scan keeps them: issue 35).
    return (folded, folded if name_slug == folded else name_slug,
            folded if folded_stem == folded else folded_stem, loose(bare) if bare else "")


class Resolver:
    """Resolves wikilink targets: exact ``name``, then exact file stem, then fuzzy: the
    folded spelling, the stem without its type prefix, the ``name`` as a slug."""

    def __init__(self, keys: Iterable[tuple[str, str | None, str]
                                      | tuple[str, str | None, str, Spellings]]) -> None:
        """``keys``: (path, name, stem) for every memory file, in path order, each with its
        `spellings` when they are known already (a file's scan keeps them)."""
        self.by_name: dict[str, str] = {}
        self.by_stem: dict[str, str] = {}
        self.by_fold: dict[str, str] = {}
        self.by_alias: dict[str, str] = {}  # loose spellings of prefix-less stems and slugs
        self.keys: dict[str, tuple[str | None, str]] = {}
        named_by_stem: set[str] = set()
        for row in keys:
            path, name, stem = row[0], row[1], row[2]
            folded_name, name_slug, folded_stem, folded_bare = \
                row[3] if len(row) > 3 else spellings(name, stem)  # type: ignore[misc]
            self.keys[path] = (name, stem)
            if name:
                # Two files sharing a name: the first whose stem is that name wins.
                if name not in self.by_name or (stem == name and name not in named_by_stem):
                    self.by_name[name] = path
                if stem == name:
                    named_by_stem.add(name)
                self.by_fold.setdefault(folded_name, path)
                if name_slug:
                    self.by_alias.setdefault(name_slug, path)
            self.by_stem.setdefault(stem, path)
            self.by_fold.setdefault(folded_stem, path)
            if folded_bare:
                self.by_alias.setdefault(folded_bare, path)

    def resolve(self, target: str) -> Resolution:
        if target in self.by_name:
            return Resolution(target, self.by_name[target], "exact")
        if target in self.by_stem:
            return Resolution(target, self.by_stem[target], "stem")
        stem = target[:-3] if target.lower().endswith(".md") else target
        stem = stem.rsplit("/", 1)[-1]
        if stem in self.by_stem:
            return Resolution(target, self.by_stem[stem], "stem")
        key = loose(stem)
        found = self.by_fold.get(key) or self.by_alias.get(key) or self.by_alias.get(slug(stem))
        if found is not None:
            return Resolution(target, found, "fuzzy")
        return Resolution(target, None, "dangling")

    def spelling(self, path: str) -> str:
        """How a wikilink to ``path`` should be written: its file stem (a slug, and what
        the file is called), else its ``name`` when only that leads to it."""
        name, stem = self.keys.get(path, (None, path.rsplit("/", 1)[-1].removesuffix(".md")))
        name_works = bool(name) and self.by_name.get(name or "") == path and \
            not any(c in (name or "") for c in "|#[]\n")
        if name_works and (self.by_stem.get(stem) != path or any(c in stem for c in "|#[]")):
            return name or stem
        return stem


class Graph(Record):
    """Nodes are memory files (and placeholders for dangling targets); edges are links."""

    UNCOMPARED = frozenset({"_placeholder_sets"})

    nodes: list[str]
    out: dict[str, list[str]]
    back: dict[str, list[str]]
    placeholders: dict[str, list[str]]
    _placeholder_sets: dict[str, set[str]]

    def __init__(self, nodes: list[str] | None = None, out: dict[str, list[str]] | None = None,
                       back: dict[str, list[str]] | None = None,
                       placeholders: dict[str, list[str]] | None = None,
                       _placeholder_sets: dict[str, set[str]] | None = None) -> None:
        self.nodes = [] if nodes is None else nodes
        self.out = defaultdict(list) if out is None else out
        self.back = defaultdict(list) if back is None else back
        self.placeholders = defaultdict(list) if placeholders is None else placeholders
        self._placeholder_sets = {} if _placeholder_sets is None else _placeholder_sets

    def add_edge(self, source: str, target: str) -> None:
        if target not in self.out[source]:
            self.out[source].append(target)
            self.back[target].append(source)

    def add_dangling(self, source: str, name: str) -> None:
        seen = self._placeholder_sets.get(name)
        if seen is None:
            seen = self._placeholder_sets[name] = set(self.placeholders[name])
        if source not in seen:  # a set: thousands of files may link one missing name
            seen.add(source)
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


#: (out, back, dangling): each file's links to files, the files linking each file, each
#: file's wikilinks that name no file.
Edges = tuple[dict[str, list[str]], dict[str, list[str]], dict[str, list[str]]]


class Linked(Protocol):
    """One file's resolved links (`memtui.core.results.LinkResults`)."""

    targets: list[str]
    dangling: list[str]


def edges(lrs: Mapping[str, Linked]) -> Edges:
    """(out, back, dangling) of every file's resolved links, each keyed in path order (the
    order of ``lrs``), each ``back`` list in path order too."""
    out: dict[str, list[str]] = {}
    back: dict[str, list[str]] = defaultdict(list)
    dangling: dict[str, list[str]] = {}
    for rel, lr in lrs.items():
        if lr.targets:
            out[rel] = lr.targets
            for target in lr.targets:
                back[target].append(rel)
        if lr.dangling:
            dangling[rel] = lr.dangling
    return out, _in_order(back, lrs), dangling


def _in_order(d: dict[str, list[str]], order: Iterable[str]) -> dict[str, list[str]]:
    return {rel: d[rel] for rel in order if rel in d}


def patch_edges(last: Edges, lrs: Mapping[str, Linked], diff: list[str]) -> Edges:
    """``edges(lrs)`` from its value ``last`` for the links before, when the files of
    ``diff`` alone have other targets or dangling names."""
    out, back, dangling = dict(last[0]), dict(last[1]), dict(last[2])
    rank = dict(zip(lrs, count())).__getitem__ if len(diff) > 8 else list(lrs).index
    new_out = new_back = new_dangling = False
    for rel in diff:
        lr = lrs[rel]
        before = set(out.get(rel, ()))
        after = set(lr.targets)
        for target in before - after:
            rest = [r for r in back[target] if r != rel]
            if rest:
                back[target] = rest
            else:
                del back[target]  # the others keep their order
        for target in after - before:
            sources = back.get(target)
            new_back = new_back or sources is None
            sources = [*sources] if sources is not None else []
            insort(sources, rel, key=rank)
            back[target] = sources
        if lr.targets:
            new_out = new_out or rel not in out
            out[rel] = lr.targets
        else:
            out.pop(rel, None)
        if lr.dangling:
            new_dangling = new_dangling or rel not in dangling
            dangling[rel] = lr.dangling
        else:
            dangling.pop(rel, None)
    # A key new to a dict goes last: that dict is put back in path order.
    return (_in_order(out, lrs) if new_out else out, _in_order(back, lrs) if new_back else back,
            _in_order(dangling, lrs) if new_dangling else dangling)


def reach_after(graph: Graph, roots: frozenset[str], last: set[str],
                last_out: dict[str, list[str]], changed: list[str]) -> set[str]:
    """``graph.reachable_from(roots)``, given what the same roots reached (``last``) over
    the edges ``last_out``, when only the files of ``changed`` may link otherwise now: the
    same files and those the new links lead to; when a reached file no longer links a file
    that is no root, what that file reaches is walked again alone (`_reach_without`)."""
    grown = set(last)
    queue: deque[str] = deque()
    out = graph.out
    lost: list[str] = []  # the files a reached file no longer links (no roots)
    for rel in changed:
        before, after = last_out.get(rel, ()), out.get(rel, ())
        if before == after or rel not in last:
            continue  # a file not reached then: its links are followed if reached now
        lost.extend(t for t in set(before).difference(after) if t not in roots)
        for target in after:
            if target not in grown:
                grown.add(target)
                queue.append(target)
    if lost:
        return _reach_without(graph, roots, last, lost, changed)
    return _grown(out, grown, queue)


def _reach_without(graph: Graph, roots: frozenset[str], last: set[str], lost: list[str],
                   changed: list[str]) -> set[str]:
    """`reach_after` when reached files no longer link the files of ``lost``. A file reached
    before that the new links no longer reach is reached from a file of ``lost`` over the
    new links (its old path's last link taken away ends at one, the rest of the path is
    there still): every file reached before outside that closure (``doubt``) is reached
    still. From those, the files of ``doubt`` linked by one of them or a root, and the new
    targets of the changed files, are walked again. Whole when ``doubt`` is most of
    ``last`` (no cheaper then)."""
    out, back = graph.out, graph.back
    doubt = set(lost)
    queue: deque[str] = deque(doubt)
    while queue:
        for target in out.get(queue.popleft(), ()):
            if target not in doubt:
                doubt.add(target)
                queue.append(target)
    if 2 * len(doubt) > len(last):
        return graph.reachable_from(roots)
    grown = {rel for rel in last if rel not in doubt} | roots
    queue = deque(rel for rel in doubt if rel not in grown and
                  any(src in grown for src in back.get(rel, ())))
    queue.extend(t for rel in changed if rel in grown for t in out.get(rel, ())
                 if t not in grown)
    grown.update(queue)
    return _grown(out, grown, queue)



def _grown(out: Mapping[str, Iterable[str]], grown: set[str], queue: deque[str]) -> set[str]:
    """``grown`` with what the ``queue``'s files lead to, breadth first (``out``: links)."""
    while queue:
        for target in out.get(queue.popleft(), ()):
            if target not in grown:
                grown.add(target)
                queue.append(target)
    return grown


def placeholders_of(dangling: Mapping[str, list[str]]) -> dict[str, list[str]]:
    """Each name no file has, with the files whose wikilinks name it (each once, in order)."""
    graph = Graph()
    for rel, missing in dangling.items():
        for name in missing:
            graph.add_dangling(rel, name)
    return dict(graph.placeholders)
