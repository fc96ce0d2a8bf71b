"""The derived cache's long parts as columns (issue 35, warm 50,000).

A warm audit of 50,000 memories read its result from the derived cache
(`memtui.core.caches.derived`) as JSON lists of rows: every string and number a JSON value
of its own, every row checked field by field by interpreted code. Here each long part (the
stat rows, the file reports, the wikilinks, the link graph, the reachable and linked sets,
MEMORY.md's parse) is a few columns instead: a column of strings is one JSON string, its
items joined by a newline (split again at C speed: every piece is a string; a JSON list of
strings when one of them holds a newline, as a file's name may); a column of numbers,
booleans or nullable strings is one JSON list, checked by the set of its items' types. Every
column's length is checked against the count it must have, and whatever does not fit
raises (TypeError, ValueError, KeyError), so that the audit derives afresh, as for every
other part. What a report never reads (the graph's edges, the index's lines and links) is
checked as it is read and made only when first asked for (`StoredGraph`, `StoredIndex`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, overload

from memtui.core.derivation.graph import Graph
from memtui.core.results import FileReport, WikiRef
from memtui.core.scanner.index import Index, IndexLine
from memtui.core.scanner.links import CodeSpan, Link

SEP = "\n"
#: A link's (target is None, outside) as one character of the flags column.
_FLAGS = {(False, False): "0", (True, False): "1", (False, True): "2", (True, True): "3"}
_FLAGS_IN = {c: pair for pair, c in _FLAGS.items()}
_STR = frozenset({str})
_STR_OR_NONE = frozenset({str, type(None)})
_BOOL = frozenset({bool})
INDEX_SOURCE = "MEMORY.md"  # what `memtui.core.caches.scans.decode_index` names the index


class Columns:
    """A part kept as columns, each made only when it is written
    (`memtui.core.caches.derived.save`) and let go of once written: a part's columns and
    its JSON are never all held at once (they were ~50 MB at the peak of a cold audit of
    50,000 files, issue 35). Written, it is the JSON object of its columns, in order."""

    __slots__ = ("made",)

    def __init__(self, made: Iterable[tuple[str, Callable[[], Any]]]) -> None:
        self.made = made

    def as_dict(self) -> dict[str, Any]:
        return {key: make() for key, make in self.made}


class NotColumns(ValueError):
    """An index parse that cannot be kept as columns exactly (a link of another source or
    line than its own parse makes)."""


def strs_out(items: list[str]) -> str | list[str]:
    """``items`` as one string; as a JSON list when one of them holds `SEP` (a file's name
    may)."""
    joined = SEP.join(items)
    return joined if joined.count(SEP) == max(len(items) - 1, 0) else list(items)


def strs_in(v: Any, n: int) -> list[str]:
    """The ``n`` strings `strs_out` made ``v`` of."""
    if type(v) is list:
        if len(v) != n or not set(map(type, v)) <= _STR:
            raise TypeError("not a column of strings")
        return v
    if type(v) is not str:
        raise TypeError("not a column of strings")
    if n == 0:
        if v:
            raise ValueError("not an empty column")
        return []
    got = v.split(SEP)
    if len(got) != n:
        raise ValueError("not so many strings")
    return got


def ints_in(v: Any, n: int) -> list[int]:
    """A JSON list of ``n`` integers."""
    if type(v) is not list or len(v) != n or (n and set(map(type, v)) != {int}):
        raise TypeError("not a column of integers")
    return v


def opt_strs_in(v: Any, n: int) -> list[str | None]:
    """A JSON list of ``n`` strings or nulls."""
    if type(v) is not list or len(v) != n or not set(map(type, v)) <= _STR_OR_NONE:
        raise TypeError("not a column of strings or nulls")
    return v


def bools_in(v: Any, n: int) -> list[bool]:
    """A JSON list of ``n`` booleans."""
    if type(v) is not list or len(v) != n or not set(map(type, v)) <= _BOOL:
        raise TypeError("not a column of booleans")
    return v


def counts_in(v: Any, n: int) -> list[int]:
    """``n`` counts (integers, none negative)."""
    got = ints_in(v, n)
    if n and min(got) < 0:
        raise ValueError("a negative count")
    return got


# -- the stat rows, the file reports, the wikilinks ----------------------------------------

#: A file's stat row as the derived cache keeps it: (rel, mtime_ns, size, inode, ctime_ns,
#: content digest, read_ns).
StatRow = tuple[str, int, int, int, int, bytes, int]


class StatRows(Sequence[StatRow]):
    """Every memory file's stat row (`Derived.files`) for a derivation made in this
    process, each made when read from what the auditor holds already: the paths, the stat
    keys, the digests and the read times, one list of each (issue 35: 50,000 rows held as
    tuples of their own were ~6 MB at the peak of a cold audit, made just then)."""

    __slots__ = ("_digests", "_reads", "_rels", "_stats")

    def __init__(self, rels: list[str], stats: list[tuple[int, int, int, int]],
                 digests: list[bytes], reads: list[int]) -> None:
        self._rels, self._stats, self._digests, self._reads = rels, stats, digests, reads

    def column(self, at: int) -> list[Any]:
        """The ``at``-th field of every row (as ``[row[at] for row in self]``)."""
        if at == 0:
            return self._rels
        if at == 5:
            return self._digests
        if at == 6:
            return self._reads
        return [stat[at - 1] for stat in self._stats]

    def __len__(self) -> int:
        return len(self._rels)

    @overload
    def __getitem__(self, at: int) -> StatRow: ...

    @overload
    def __getitem__(self, at: slice) -> list[StatRow]: ...

    def __getitem__(self, at: int | slice) -> StatRow | list[StatRow]:
        if isinstance(at, slice):
            return [self[i] for i in range(*at.indices(len(self)))]
        return (self._rels[at], *self._stats[at], self._digests[at],  # type: ignore[return-value]
                self._reads[at])

    def __iter__(self) -> Iterator[StatRow]:
        for rel, stat, digest, read in zip(self._rels, self._stats, self._digests, self._reads,
                                           strict=True):
            yield (rel, *stat, digest, read)  # type: ignore[misc]


def stat_rows_out(rows: Sequence[StatRow]) -> Columns:
    """Every memory file's stat row, a column per field (digests in hex)."""
    def col(at: int) -> Callable[[], list[Any]]:
        if isinstance(rows, StatRows):
            return lambda: rows.column(at)
        return lambda: [row[at] for row in rows]
    return Columns((("n", lambda: len(rows)), ("rels", lambda: strs_out(col(0)())),
                    ("mtimes", col(1)), ("sizes", col(2)), ("inodes", col(3)),
                    ("ctimes", col(4)),
                    ("digests", lambda: strs_out([d.hex() for d in col(5)()])),
                    ("reads", col(6))))


def stat_rows_in(v: Any) -> list[StatRow]:
    if type(v) is not dict or type(v["n"]) is not int:
        raise TypeError("not stat rows")
    n = v["n"]
    digests = list(map(bytes.fromhex, strs_in(v["digests"], n)))
    return list(zip(strs_in(v["rels"], n), ints_in(v["mtimes"], n), ints_in(v["sizes"], n),
                    ints_in(v["inodes"], n), ints_in(v["ctimes"], n), digests,
                    ints_in(v["reads"], n), strict=True))


def reports_out(files: list[FileReport], file_tokens: bool) -> Columns:
    """Each file's report, a column per field (its token counts only when counted)."""
    return Columns((
        ("n", lambda: len(files)), ("paths", lambda: strs_out([f.path for f in files])),
        ("names", lambda: [f.name for f in files]), ("types", lambda: [f.type for f in files]),
        ("bytes", lambda: [f.bytes for f in files]),
        ("ages", lambda: [f.age_days for f in files]),
        ("sources", lambda: strs_out([f.age_source for f in files])),
        ("linked", lambda: [f.linked for f in files]),
        ("reachable", lambda: [f.reachable for f in files]),
        ("findings", lambda: [f.findings for f in files]),
        ("tokens", lambda: [f.tokens for f in files] if file_tokens else None)))


def reports_in(v: Any, paths: list[str], known: list[dict[str, int] | None],
               counts: Callable[[Any], dict[str, int]]) -> list[FileReport]:
    """The reports `reports_out` kept for ``paths``; ``known``: each file's counts from the
    count cache, for files whose counts were not kept; ``counts`` checks a kept one."""
    n = len(paths)
    if type(v) is not dict or v["n"] != n or strs_in(v["paths"], n) != paths:
        raise ValueError("not these files")
    kept = v["tokens"]
    if kept is None:
        tokens = [got or {} for got in known]
    elif type(kept) is list and len(kept) == n:
        tokens = [counts(k) if k is not None else (got or {}) for k, got in
                  zip(kept, known, strict=True)]
    else:
        raise TypeError("not token counts")
    return list(map(FileReport, paths, opt_strs_in(v["names"], n), opt_strs_in(v["types"], n),
                    ints_in(v["bytes"], n), ints_in(v["ages"], n), strs_in(v["sources"], n),
                    bools_in(v["linked"], n), bools_in(v["reachable"], n), tokens,
                    ints_in(v["findings"], n)))


def wikirefs_out(refs: list[WikiRef]) -> Columns:
    return Columns((
        ("n", lambda: len(refs)), ("sources", lambda: strs_out([w.source for w in refs])),
        ("lines", lambda: [w.line for w in refs]),
        ("targets", lambda: strs_out([w.target for w in refs])),
        ("resolved", lambda: [w.resolved for w in refs]),
        ("states", lambda: strs_out([w.state for w in refs]))))


def wikirefs_in(v: Any) -> list[WikiRef]:
    if type(v) is not dict or type(v["n"]) is not int or v["n"] < 0:
        raise TypeError("not wikilinks")
    n = v["n"]
    return list(map(WikiRef, strs_in(v["sources"], n), ints_in(v["lines"], n),
                    strs_in(v["targets"], n), opt_strs_in(v["resolved"], n),
                    strs_in(v["states"], n)))


# -- a set of strings, a mapping of strings to lists of strings -----------------------------

def set_out(items: set[str]) -> dict[str, Any]:
    """{"n": count, "items": the strings sorted, joined}."""
    ordered = sorted(items)
    return {"n": len(ordered), "items": strs_out(ordered)}


def set_in(v: Any) -> set[str]:
    if type(v) is not dict or type(v["n"]) is not int or v["n"] < 0:
        raise TypeError("not a set of strings")
    return set(strs_in(v["items"], v["n"]))


def edges_out(edges: dict[str, list[str]]) -> list[Any]:
    """[how many keys, the keys (in order), how many strings each maps to, those strings]."""
    keys = list(edges)
    counts = [len(v) for v in edges.values()]
    flat = [x for v in edges.values() for x in v]
    return [len(keys), strs_out(keys), counts, strs_out(flat)]


def edges_in(v: Any) -> Callable[[], dict[str, list[str]]]:
    """The edges `edges_out` kept, every column checked now; made when the result is
    called."""
    if type(v) is not list or len(v) != 4 or type(v[0]) is not int or v[0] < 0:
        raise TypeError("not edges")
    keys = strs_in(v[1], v[0])
    counts = counts_in(v[2], len(keys))
    flat = strs_in(v[3], sum(counts))

    def made() -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        at = 0
        for key, n in zip(keys, counts, strict=True):
            out[key] = flat[at:at + n]
            at += n
        return out
    return made


class StoredGraph(Graph):
    """The link graph as the derived cache keeps it: its edges checked as they were read,
    made only when first asked for (a report reads none of them)."""

    _LAZY = frozenset({"out", "back", "placeholders", "_placeholder_sets"})

    def __init__(self, nodes: list[str], make: Callable[[], Graph]) -> None:
        # (Graph's own fields are left unset: `__getattr__` makes them at first use)
        self.nodes = nodes
        self._make: Callable[[], Graph] | None = make

    def __getattr__(self, name: str) -> Any:
        make = self.__dict__.get("_make")
        if name not in self._LAZY or make is None:
            raise AttributeError(name)
        self._make = None
        for key, value in vars(make()).items():
            self.__dict__.setdefault(key, value)
        return self.__dict__[name]


# -- MEMORY.md's parse, without its text (the text is read again: it is the key) ------------

def index_out(index: Index) -> Columns:
    """``index``'s lines and code spans as columns; NotColumns when a link is not one the
    index's own parse makes (another source, another line)."""
    lines = index.lines
    links = [lk for ln in lines for lk in (*ln.links, *ln.wikilinks)]
    if any(lk.source != INDEX_SOURCE for lk in links) or \
            any(lk.line != ln.number for ln in lines for lk in (*ln.links, *ln.wikilinks)) or \
            any(ln.number != at for at, ln in enumerate(lines, 1)):
        raise NotColumns("not the index's own links")
    return Columns((
        ("n", lambda: len(lines)), ("kinds", lambda: strs_out([ln.kind for ln in lines])),
        ("titles", lambda: strs_out([ln.title for ln in lines])),
        ("hooks", lambda: strs_out([ln.hook for ln in lines])),
        ("chars", lambda: [ln.chars for ln in lines]),
        ("bytes", lambda: [ln.bytes for ln in lines]),
        ("ends", lambda: [ln.end_byte for ln in lines]),
        ("links", lambda: [len(ln.links) for ln in lines]),
        ("wikilinks", lambda: [len(ln.wikilinks) for ln in lines]),
        ("m", lambda: len(links)), ("link_kinds", lambda: strs_out([lk.kind for lk in links])),
        ("raw", lambda: strs_out([lk.raw for lk in links])),
        ("targets", lambda: strs_out([lk.target or "" for lk in links])),
        ("texts", lambda: strs_out([lk.text for lk in links])),
        ("flags", lambda: "".join(_FLAGS[(lk.target is None, lk.outside)] for lk in links)),
        ("spans", lambda: [[cs.line, cs.content] for cs in index.code_spans])))


def index_in(v: Any, text: str) -> Index:
    """The parse `index_out` gave ``v`` for, with ``text``: every column checked now, its
    lines made when first asked for (`StoredIndex`)."""
    if type(v) is not dict or type(v["n"]) is not int or type(v["m"]) is not int:
        raise TypeError("not an index")
    raw = text.split("\n")
    if raw and raw[-1] == "":
        raw.pop()
    n, m = v["n"], v["m"]
    if n != len(raw):
        raise ValueError("not this index")
    kinds, titles, hooks = strs_in(v["kinds"], n), strs_in(v["titles"], n), \
        strs_in(v["hooks"], n)
    chars, sizes, ends = ints_in(v["chars"], n), ints_in(v["bytes"], n), ints_in(v["ends"], n)
    n_links, n_wikis = counts_in(v["links"], n), counts_in(v["wikilinks"], n)
    flags = v["flags"]
    if type(flags) is not str or len(flags) != m or sum(n_links) + sum(n_wikis) != m or \
            not set(flags) <= _FLAGS_IN.keys():
        raise ValueError("not so many links")
    link_kinds, raws = strs_in(v["link_kinds"], m), strs_in(v["raw"], m)
    targets, texts = strs_in(v["targets"], m), strs_in(v["texts"], m)
    spans = []
    for line, content in v["spans"]:
        if type(line) is not int or type(content) is not str:
            raise TypeError("not a code span")
        spans.append(CodeSpan(line, content))

    def made() -> list[IndexLine]:
        lines = []
        at = 0
        for number, (line_text, kind, title, hook, n_chars, n_bytes, end, n_link, n_wiki) \
                in enumerate(zip(raw, kinds, titles, hooks, chars, sizes, ends, n_links,
                                 n_wikis, strict=True), 1):
            links = []
            for i in range(at, at + n_link + n_wiki):
                no_target, outside = _FLAGS_IN[flags[i]]
                links.append(Link(INDEX_SOURCE, number, link_kinds[i], raws[i],
                                  None if no_target else targets[i], texts[i], outside))
            lines.append(IndexLine(number, line_text, kind, links[:n_link], links[n_link:],
                                   title, hook, n_chars, n_bytes, end))
            at += n_link + n_wiki
        return lines
    return StoredIndex(text, raw, kinds, spans, made)


class StoredIndex(Index):
    """MEMORY.md's parse as the derived cache keeps it: its lines (and their links) made
    only when first asked for; a report reads their count, their kinds and the text of
    the first ones alone, which this answers from the columns."""

    def __init__(self, text: str, raw: list[str], kinds: list[str], spans: list[CodeSpan],
                 make: Callable[[], list[IndexLine]]) -> None:
        # (Index's fields set here but ``lines``: `__getattr__` makes them at first use)
        self.path, self.exists, self.text = INDEX_SOURCE, True, text
        self.size = len(text.encode("utf-8", "replace"))
        self.code_spans, self.problems, self.problem_lines = spans, [], []
        self.lines_cut, self.mtime = None, 0.0
        self._raw, self._kinds = raw, kinds
        self._make: Callable[[], list[IndexLine]] | None = make

    def __getattr__(self, name: str) -> Any:
        make = self.__dict__.get("_make")
        if name != "lines" or make is None:
            raise AttributeError(name)
        self._make = None
        lines = self.lines = make()
        return lines

    @property
    def line_count(self) -> int:
        return len(self._raw)

    def kind_count(self, kind: str) -> int:
        return self._kinds.count(kind)

    def first_lines(self, n: int) -> str:
        return "\n".join(self._raw[:n])
