"""The derivation's result kept in the user cache between runs, so a warm one-shot audit
with nothing changed neither decodes a scan nor derives anything: it walks, stats every
file, reads MEMORY.md, checks this file's key, and rebuilds the result from it.

What is kept (`Derived.result`): everything `memtui.core.derivation.derive.derive` yields
that is not read again cheaply: each file's report (without its token counts), every finding (before
suppression, which is applied after the audit), the orphans, broken links, wikilinks, the
graph's edges, what the index links and what is reachable, the lines loaded, the types,
MEMORY.md's parse and its per-line costs. Not kept: the injected block (made again from
the index: it reads the other context files and the count cache) and a file's token
counts when they were not counted (taken from the count cache again).

It is keyed by exactly what the derivation reads (`Derived.key`):

- the code: `memtui.core.caches.scans.version`, a digest of every file of ``memtui.core``
  (the scan's and the derivation's code alike);
- the workspace's root and layout, the profile and the audit options (all but ``now`` and
  ``keep_texts``);
- every memory file's path and stat key (mtime_ns, size, inode, ctime_ns), trusted as the
  scan cache trusts one: only when the file's last change (the later of mtime and ctime)
  lies well before the moment its content was last read or vouched for
  (`memtui.core.caches.scans.ambiguous`), kept per file; and its content digest, for its
  counts;
- the documentation files and what discovery skipped;
- MEMORY.md's content digest;
- the answer to every "where does this path that is no memory lie" the derivation asked
  (inside, outside or missing: `memtui.core.derivation.link_target`);
- git HEAD (`memtui.core.git.age.git_head`) where the workspace is in a repository;
- the span of time ``[since, until)`` in which every file's age in whole days is the same
  (`memtui.core.results.AuditResult.holds`), checked against the clock.

It is stored only for audits with no read problem (but a file read for its head) whose
MEMORY.md was read whole, and whose every credential is a memory's own with its value in
hand (none of the index's or another context file's); an entry whose text would hold a
credential's value (a finding quoting it, a name) is not saved: the cache holds no
credential's bytes (a ``secret`` finding shows its value masked; a baseline takes the value
from the file again, `memtui.core.reporting.suppress.secret_values`). The file is
JSON (never pickle: it is untrusted data): the body, the stat rows and the result a part a
line (``[name, items]``), the long parts as columns (`memtui.core.caches.columns`: a column
of strings one JSON string, read at C speed), the other lists of rows at most `CHUNK` rows a
line, so that reading it gives way to the screen between lines (one ``json.loads`` of a 6 MB
body of rows held the interpreter for a tenth of a second); then, as the last line, the
header (magic, version, the key, the digest of the body). The header comes last so that the
body is written as it is encoded, a part or a chunk at a time, its digest taken on the way:
a 50,000-file result is never held encoded whole (it held ~70 MB more at the peak of a cold
audit). It is read and written as every cache file is (`memtui.core.caches.store`: a folder
of this user's reached without a link, a regular file of this user's, no larger than
`MAX_BYTES`, written atomically); it is refused when it is of another version or key, or
when its body's digest is not the one its header names; every field is checked for its type
as it is read, and whatever does not fit makes the audit derive afresh.

The module is past 500 lines because the file's format, the check of its key and the
result's encoding and decoding are one protocol; split, each half would spell the other's
fields.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import os
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import islice
from pathlib import Path
from typing import Any

from memtui.core.caches import columns
from memtui.core.caches import scans as scan_cache
from memtui.core.caches.retimed import undated_out
from memtui.core.caches.scans import (
    ambiguous,
    decode_index,
    encode_index,
    finding_in,
    finding_out,
    prune,
    workspace_file,
)
from memtui.core.caches.scans import (
    version as scan_version,
)
from memtui.core.caches.store import read_cache, save_parts
from memtui.core.checks.findings import Finding
from memtui.core.creds.detector import SecretHit
from memtui.core.creds.placed import PlacedHit, all_placed, stripped, unstripped
from memtui.core.derivation.graph import Graph
from memtui.core.record import Record, as_dict
from memtui.core.results import (
    AuditOptions,
    AuditResult,
    BrokenLink,
    FileReport,
    LineCost,
    Orphan,
    WikiRef,
)
from memtui.core.scanner.index import Index
from memtui.core.scanner.scan import FileScan, secrets_with_values
from memtui.core.scanner.share import NO_KEY, Key
from memtui.core.scanner.textfile import lasting
from memtui.core.workspace import INDEX_NAME

MAX_BYTES = 256 * 1024 * 1024  # a derived cache past this is not read
CHUNK = 1000  # items of a list per body line
MAGIC = "memtui-derived"
PREFIX, SUFFIX = "derived-", ".json"

_VERSION: str | None = None


def version() -> str:
    """The scan cache's version (which covers the derivation's code too), for this format."""
    global _VERSION
    if _VERSION is None:
        _VERSION = hashlib.sha256(f"{scan_version()}\0{MAGIC}".encode()).hexdigest()[:32]
    return _VERSION


def cache_path(root: Path) -> Path | None:
    """The derived cache of the workspace at ``root`` (None: caching is off)."""
    return workspace_file(root, PREFIX, SUFFIX)


def options_key(options: AuditOptions) -> dict[str, Any]:
    """The options the derivation reads, as JSON holds them."""
    data = as_dict(options)
    del data["now"], data["keep_texts"]
    return json.loads(json.dumps(data))  # tuples as lists, as they come back


class Derived(Record):
    """One stored derivation: its key (plain JSON data, compared whole) and its result."""

    key: dict[str, Any]
    #: (rel, mtime_ns, size, inode, ctime_ns, content digest, read_ns) of every memory
    #: file, in path order; read_ns: when its content was last read (or vouched for by the
    #: scan cache).
    files: Sequence[tuple[str, int, int, int, int, bytes, int]]
    #: What the derivation asked of paths that are no memory (`memtui.core.derivation.link_target`).
    exists: dict[str, bool | None]
    holds: tuple[float, float]  # the span of time its ages hold
    result: dict[str, Any]  # as read back: each of `encoded_parts`' parts, as JSON data
    #: A derivation made in this process: the result it keeps, encoded as it is saved.
    source: AuditResult | None = None
    #: The git times that derivation read (its memories git dates are not dated by their
    #: mtimes: the ``undated`` part leaves them out).
    git: Mapping[str, float | None] | None = None
    #: The values of the memories' credentials (never saved): `save` refuses an entry whose
    #: text holds one, so a workspace with a known credential keeps its warm audit
    #: (newuser33 #16) and the cache still holds no credential's bytes.
    secrets: tuple[str, ...] = ()

    def __init__(self, key: dict[str, Any], files: list[tuple[str, int, int, int, int, bytes, int]],
                       exists: dict[str, bool | None], holds: tuple[float, float],
                       result: dict[str, Any], source: AuditResult | None = None,
                       git: Mapping[str, float | None] | None = None,
                       secrets: tuple[str, ...] = ()) -> None:
        self.key = key
        self.files = files
        self.exists = exists
        self.holds = holds
        self.result = result
        self.source = source
        self.git = git
        self.secrets = secrets


def _go_on() -> None:
    pass


def load(path: Path | None, pause: Callable[[], None] = _go_on) -> Derived | None:
    """The derivation stored at ``path``, or None when there is none that can be trusted;
    ``pause`` is called between the lines of its body."""
    data = read_cache(path, MAX_BYTES)
    if data is None:
        return None
    try:
        cut = data.rfind(b"\n")
        if cut < 0:
            return None
        head = json.loads(data[cut + 1:])
        if not (type(head) is dict and head.get("magic") == MAGIC
                and head.get("version") == version()
                and head.get("body") == hashlib.sha256(memoryview(data)[:cut]).hexdigest()):
            return None
        lines = data.split(b"\n")
        lines.pop()  # the header
        del data
        parts: dict[str, Any] = {}
        for line in lines:
            pause()
            name, items = json.loads(line)
            if type(name) is not str:
                return None
            if type(items) is list and type(parts.get(name)) is list:
                parts[name].extend(items)
            elif name in parts:
                return None
            else:
                parts[name] = items
        files = columns.stat_rows_in(parts.pop(" files"))
        exists = head["exists"]
        since, until = head["holds"]
        if type(head["key"]) is not dict or type(exists) is not dict or \
                not all(v is None or type(v) is bool for v in exists.values()):
            return None
        return Derived(head["key"], files, exists,
                       (_time_in(since, -math.inf), _time_in(until, math.inf)), parts)
    except (OSError, ValueError, TypeError, KeyError, RecursionError, MemoryError):
        return None


def _lines(parts: Iterable[tuple[str, Any]]) -> Iterator[list[Any]]:
    """``[name, items]`` for each part: a list (or an iterator of its items) of more than
    `CHUNK` items spread over several lines, made a line at a time."""
    for name, value in parts:
        if type(value) is not list and not isinstance(value, Iterator):
            yield [name, value]
            continue
        items = iter(value)
        chunk = list(islice(items, CHUNK))
        yield [name, chunk]
        while len(chunk) == CHUNK:
            chunk = list(islice(items, CHUNK))
            if chunk:
                yield [name, chunk]


def _encoded(line: list[Any], dumps: Callable[[Any], str]) -> Iterator[str]:
    """``dumps(line)`` in pieces: a part kept as `columns.Columns` a column at a time, each
    made as it is written (the same text as its columns' object would be)."""
    name, value = line
    if not isinstance(value, columns.Columns):
        yield dumps(line)
        return
    yield "[" + dumps(name) + ",{"
    for at, (key, make) in enumerate(value.made):
        yield ("," if at else "") + dumps(key) + ":" + dumps(make())
    yield "}]"


def save(path: Path, derived: Derived) -> bool:
    """Replace ``path`` with ``derived`` atomically; False when that is impossible."""
    files = columns.stat_rows_out(derived.files)
    result = encoded_parts(derived.source, derived.git or {}) if derived.source is not None \
        else derived.result.items()
    digest = hashlib.sha256()
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode
    watched = _watched(derived.secrets)

    def checked(piece: str) -> bytes:
        if watched and any(v in piece for v in watched):
            raise Leak("a credential's value in the entry")
        return piece.encode("utf-8")

    def written() -> Iterator[bytes]:  # the body a line at a time, then the header
        first = True
        for line in _lines([(" files", files), *result]):
            if not first:
                digest.update(b"\n")
                yield b"\n"
            first = False
            for piece in _encoded(line, dumps):
                blob = checked(piece)
                digest.update(blob)
                yield blob
        yield b"\n" + checked(dumps({
            "magic": MAGIC, "version": version(), "key": derived.key,
            "exists": derived.exists,
            "holds": [_time_out(derived.holds[0]), _time_out(derived.holds[1])],
            "body": digest.hexdigest()}))
    try:
        if not save_parts(path, written()):
            return False
    except ValueError:  # a float JSON cannot hold, a credential's value: nothing is kept
        return False
    prune(path.parent, keep=path, prefix=PREFIX, suffix=SUFFIX)
    return True


def _time_out(t: float) -> float | None:
    return None if math.isinf(t) else t


def _time_in(t: Any, infinite: float) -> float:
    if t is None:
        return infinite
    if type(t) is not float and type(t) is not int:
        raise TypeError("not a time")
    return float(t)


def trusted(key: Key, read_ns: int) -> bool:
    """Whether a file's stat key ``key`` vouches for the content read at ``read_ns``:
    its last change (mtime or ctime) lies well before that moment, so that any later write
    shows in the key."""
    return key != NO_KEY and not ambiguous(key, read_ns)


def entry(key: dict[str, Any], scans: Mapping[str, tuple[Key, FileScan]],
          read_ns: Mapping[str, int], asked: Mapping[str, bool | None], result: AuditResult,
          git: Mapping[str, float | None] | None = None,
          root: str | os.PathLike[str] | None = None) -> Derived | None:
    """What to keep of a full audit's ``result``, derived from ``scans`` (rel → (stat
    key, scan)) whose files' contents were read at ``read_ns`` (rel → ns); ``asked``:
    what it asked of paths that are no memory; ``git``: the git times it read; ``root``:
    the workspace's, where the values of credentials read back from the scan cache are
    taken again (`secret_values`). None when it is not to be kept: a credential not a
    memory's own or whose value is not in hand, a read problem (but a lasting one:
    `lasting`), a file written so close to its reading that its key alone cannot vouch
    for it."""
    values = secret_values(scans, result.findings, root)
    if values is None:
        return None
    rels, stats, digests, reads = [], [], [], []
    for rel, (stat, scan) in scans.items():
        if not scan.digest or not all(lasting(f.message) for f in scan.read_findings):
            return None
        read = read_ns.get(rel, 0)
        if stat == NO_KEY:
            return None
        # A file written so close to its reading that its key cannot vouch for it is kept
        # all the same: the next run checks its content by its digest (`holds`), where it
        # derived everything again twice (newuser29 #47: a `touch` cost two cold audits).
        rels.append(rel)
        stats.append(stat)
        digests.append(scan.digest)
        reads.append(read)
    # (a shallow copy: the lists the result holds now, whatever the caller puts in its
    # place before it is saved; encoded as it is saved, `encoded_parts`)
    return Derived(key, columns.StatRows(rels, stats, digests, reads), dict(asked), result.holds,
                   {}, copy.copy(result), git, values)


def secret_values(scans: Mapping[str, tuple[Key, FileScan]], findings: Iterable[Finding],
                  root: str | os.PathLike[str] | None = None) -> tuple[str, ...] | None:
    """The values of the memories' credentials, which the saved entry must not hold
    (`save` refuses one whose text does): a scan read back from the scan cache holds none,
    they are read from its file under ``root`` again (`secrets_with_values`: only from the
    text scanned). None when a credential is not a memory's own (the index's, another
    context file's: never kept) or its value is not in hand."""
    values: set[str] = set()
    held: set[str] = set()
    for rel, (_, scan) in scans.items():
        if scan.secrets:
            held.add(rel)
            hits = scan.secrets
            if root is not None and not all(h.value for h in hits):
                hits = secrets_with_values(root, scan)
            for hit in hits:
                if not hit.value:
                    return None
                values.add(hit.value)
    if any(f.kind == "secret" and f.path not in held for f in findings):
        return None
    return tuple(values)


class Leak(ValueError):
    """An entry's text would hold a credential's value: it is not saved."""


def _watched(values: tuple[str, ...]) -> tuple[str, ...]:
    """Each credential value as JSON text may spell it (`save`'s encoder: raw, or with
    its quotes, backslashes and control characters escaped)."""
    dumps = json.JSONEncoder(ensure_ascii=False).encode
    return tuple({form for v in values for form in (v, dumps(v)[1:-1])})


def holds(stored: Derived, key: dict[str, Any], paths: list[str], root: str,
          exists: Callable[[str], bool | None], now: float,
          same_content: Callable[[str, bytes], bool] | None = None) -> bool:
    """Whether ``stored`` is what a derivation would give now: the same ``key``, the same
    files (``paths``, each under ``root`` with its key as it was and trusted on it — or,
    when its key was too close to its reading to vouch for it, ``same_content(rel,
    digest)`` says it still holds what was derived), the same answers from ``exists``, and
    ages in days that still hold at ``now``."""
    return restated(stored, key, paths, root, exists, now, same_content, 0) == []


def restated(stored: Derived, key: dict[str, Any], paths: list[str], root: str,
             exists: Callable[[str], bool | None], now: float,
             same_content: Callable[[str, bytes], bool] | None = None, most: int = 0
             ) -> list[int] | None:
    """As `holds`, but for the files whose stat key is not the one stored (at most
    ``most`` of them: a `touch`, a copy back): their places in ``stored.files``, for the
    caller to check their content and patch what their times change; None when ``stored``
    does not hold otherwise (or more files than ``most`` changed)."""
    if stored.key != key or len(stored.files) != len(paths) or \
            not stored.holds[0] <= now < stored.holds[1]:
        return None
    restat: list[int] = []
    # each file's `stat_key` as stored, and trusted on it, written out: 50,000 files a warm run
    stat, gap = os.stat, scan_cache.GRANULARITY_NS
    for at, ((rel, mtime_ns, size, ino, ctime_ns, digest, read_ns), path) in \
            enumerate(zip(stored.files, paths, strict=True)):
        if rel != path:
            return None
        try:
            st = stat(root + rel)
        except OSError:
            return None  # NO_KEY: never trusted
        if not (mtime_ns or size or ino or ctime_ns):
            return None
        if st.st_mtime_ns != mtime_ns or st.st_size != size or st.st_ino != ino or \
                st.st_ctime_ns != ctime_ns:
            # A touch moves the mtime and nothing else it holds: another size or file, or
            # an mtime kept with the ctime moved (a rewrite set back), is another content,
            # not read twice to learn it (once here, once by the scan)
            if len(restat) >= most or st.st_size != size or st.st_ino != ino or \
                    st.st_mtime_ns == mtime_ns:
                return None
            restat.append(at)
            continue
        if max(mtime_ns, ctime_ns) + gap >= read_ns and \
                (same_content is None or not same_content(rel, digest)):
            return None  # `ambiguous`, and its content not the one derived from
    if not all(exists(rel) is answer for rel, answer in stored.exists.items()):
        return None
    return restat


# -- the result as JSON, and back, checking every field ------------------------------------

def _strs(v: Any) -> list[str]:
    if type(v) is not list or not all(type(x) is str for x in v):
        raise TypeError("not strings")
    return v


def _opt(v: Any, kind: type) -> Any:
    if v is not None and type(v) is not kind:
        raise TypeError(f"not {kind.__name__}")
    return v


def _counts(v: Any) -> dict[str, int]:
    if type(v) is not dict or not all(type(n) is int for n in v.values()):
        raise TypeError("not counts")
    return v


def encoded_parts(result: AuditResult, git: Mapping[str, float | None]
                  ) -> Iterator[tuple[str, Any]]:
    """What is kept of a result, as JSON data, a part at a time, its long lists as
    iterators of their rows (a file's tokens only when counted); ``git``: the git times
    its derivation read."""
    file_tokens, graph = result.options.file_tokens, result.graph
    yield "files", columns.reports_out(result.files, file_tokens)
    yield "findings", map(finding_out, result.findings)
    yield "orphans", ([o.path, o.reachable, o.linked_from, o.past_limit]
                      for o in result.orphans)
    yield "broken", ([b.source, b.line, b.target, b.suggestions] for b in result.broken_links)
    yield "wikirefs", columns.wikirefs_out(result.wikirefs)
    yield "out", columns.edges_out({k: v for k, v in graph.out.items() if v})
    yield "back", columns.edges_out({k: v for k, v in graph.back.items() if v})
    yield "dangling", columns.edges_out({k: v for k, v in graph.placeholders.items() if v})
    yield "index_linked", columns.set_out(result.index_linked)
    yield "reachable", columns.set_out(result.reachable)
    yield "loaded", result.loaded_lines
    yield "types", [[k, v] for k, v in result.types.items()]
    store = result.store  # a store MEMORY.md's row (Hermes; newuser34 #16)
    yield "store", None if store is None else [store.bytes, store.age_days, store.age_source,
                                               store.findings]
    try:
        yield "index", columns.index_out(result.index)
    except columns.NotColumns:  # links its own parse would not make: as the scan cache has it
        yield "index", encode_index(result.index)
    yield "line_costs", ([c.line, c.kind, c.memories, c.chars, c.bytes, c.tokens]
                         for c in result.line_costs)
    # the memories holding an inline ignore comment (the unused-ignore check reads them; a
    # warm run need not make every scan to find them)
    yield "commented", commented(result.scans)
    # each memory's mtime that neither a frontmatter date nor git overrides (what `copied`
    # reads: a run after a `touch` patches the ages from it, `memtui.core.caches.retimed`)
    yield "undated", undated_out(result.scans, git)
    # each memory credential's place, without its value (a baseline takes the value from
    # the file again: a warm run scans nothing for it, newuser33 #16)
    yield "placed", placed_out(result)


def placed_out(result: AuditResult) -> list[list[Any]]:
    """``[rel, [stripped hit, ...]]`` of each memory whose every credential is placed
    (`memtui.core.creds.placed`), looked at only in the files a ``secret`` finding names."""
    out: list[list[Any]] = []
    for rel in sorted({f.path for f in result.findings if f.kind == "secret"}):
        scan = result.scans.get(rel)
        if scan is not None and scan.secrets and all_placed(scan.secrets):
            out.append([rel, [list(stripped(h)) for h in scan.secrets
                              if isinstance(h, PlacedHit)]])
    return out


def placed_in(v: Any) -> dict[str, list[PlacedHit]]:
    """What `placed_out` kept, every field checked."""
    out: dict[str, list[PlacedHit]] = {}
    for rel, hits in v:
        if type(rel) is not str or type(hits) is not list or not hits:
            raise TypeError("not a memory's credentials")
        out[rel] = [unstripped(tuple(h)) for h in hits]
    return out


def _index_in(v: Any, text: str) -> Index:
    """MEMORY.md's parse kept as columns (a JSON object) or as `encode_index` made it."""
    return decode_index(v, text) if type(v) is list else columns.index_in(v, text)


def commented(scans: Mapping[str, FileScan]) -> list[str]:
    """The memories holding an inline ignore comment, without making a stored result's
    scans."""
    known = getattr(scans, "commented", None)
    if known is not None:
        return sorted(known)
    return sorted(rel for rel, scan in scans.items() if scan.has_ignores)


class Decoded(Record):
    """A derived cache entry's result, decoded (`decode_result`): its fields are
    ``__init__``'s."""

    def __init__(self, files: list[FileReport], findings: list[Finding], orphans: list[Orphan],
                       broken: list[BrokenLink], wikirefs: list[WikiRef], graph: Graph,
                       index_linked: set[str], reachable: set[str], loaded: int,
                       types: dict[str, int], index: Index, line_costs: list[LineCost],
                       commented: list[str], placed: dict[str, list[PlacedHit]],
                       store: FileReport | None = None) -> None:
        self.files = files
        self.findings = findings
        self.orphans = orphans
        self.broken = broken
        self.wikirefs = wikirefs
        self.graph = graph
        self.index_linked = index_linked
        self.reachable = reachable
        self.loaded = loaded
        self.types = types
        self.index = index
        self.line_costs = line_costs
        self.commented = commented
        self.placed = placed
        self.store = store


def decode_result(data: dict[str, Any], paths: list[str], index_text: str,
                  tokens: list[dict[str, int] | None]) -> Decoded:
    """The result `encoded_parts` gave ``data`` for, checking every field (TypeError,
    ValueError... when one does not fit). ``tokens``: each file's counts from the count
    cache, for the files whose counts were not kept."""
    reports = columns.reports_in(data["files"], paths, tokens, _counts)
    orphans = []
    for path, reach, linked_from, past in data["orphans"]:
        if type(path) is not str or type(reach) is not bool:
            raise TypeError("not an orphan")
        orphans.append(Orphan(path, reach, _strs(linked_from), _opt(past, int)))
    broken = []
    for source, line, target, suggestions in data["broken"]:
        if type(source) is not str or type(line) is not int or type(target) is not str:
            raise TypeError("not a broken link")
        broken.append(BrokenLink(source, line, target, _strs(suggestions)))
    wikirefs = columns.wikirefs_in(data["wikirefs"])
    out, back, dangling = (columns.edges_in(data[k]) for k in ("out", "back", "dangling"))

    def made_graph() -> Graph:
        graph = Graph(nodes=list(paths), out=defaultdict(list, out()),
                      back=defaultdict(list, back()), placeholders=defaultdict(list))
        for name, sources in dangling().items():  # name → the files naming it
            for rel in sources:
                graph.add_dangling(rel, name)
        return graph
    graph = columns.StoredGraph(list(paths), made_graph)
    types = {}
    for kind, n in data["types"]:
        if type(kind) is not str or type(n) is not int:
            raise TypeError("not a type count")
        types[kind] = n
    loaded = data["loaded"]
    if type(loaded) is not int:
        raise TypeError("not a line count")
    costs = []
    for line, kind, memories, chars, nbytes, counts in data["line_costs"]:
        if not (type(line) is int and type(kind) is str and type(memories) is int
                and type(chars) is int and type(nbytes) is int):
            raise TypeError("not a line cost")
        costs.append(LineCost(line, kind, memories, chars, nbytes, _counts(counts)))
    return Decoded(reports, [finding_in(f) for f in data["findings"]], orphans, broken,
                   wikirefs, graph, columns.set_in(data["index_linked"]),
                   columns.set_in(data["reachable"]),
                   loaded, types, _index_in(data["index"], index_text), costs,
                   list(_strs(data["commented"])), placed_in(data["placed"]),
                   _store_in(data["store"]))


def _store_in(v: Any) -> FileReport | None:
    """The store MEMORY.md's row `encoded_parts` kept (None: the index is not one)."""
    if v is None:
        return None
    size, age, source, findings = v
    if not (type(size) is int and type(age) is int and type(source) is str
            and type(findings) is int):
        raise TypeError("not a store's row")
    return FileReport(INDEX_NAME, None, None, size, age, source, True, True, {}, findings)


class StoredScans(Mapping[str, FileScan]):
    """A result's scans when it came from the derived cache: its paths, in order, each
    scan made (from the scan cache, or the file) only when it is asked for."""

    def __init__(self, paths: list[str], get: Any, commented: list[str] | None = None,
                 known: Callable[[str], list[SecretHit] | None] | None = None) -> None:
        self._paths = paths
        self._set = set(paths)
        #: the memories holding an inline ignore comment, as the stored result knew them
        self.commented = set(commented or ()) & self._set
        self._get = get  # rel → FileScan
        self._known = known
        self._made: dict[str, FileScan] = {}

    def known_secrets(self, rel: str) -> list[SecretHit] | None:
        """``rel``'s credentials with their values, from their places the stored result
        kept and the file read again (still the text derived from), without making its
        scan (which runs the credential detector: newuser33 #16); None when a scan is
        needed for them."""
        scan = self._made.get(rel)
        if scan is not None or self._known is None or rel not in self._set:
            return None
        return self._known(rel)

    def made(self, rel: str) -> FileScan | None:
        """``rel``'s scan if it was made already, else None (never makes it: the Files
        view's filter reads descriptions only from the scans there are)."""
        return self._made.get(rel)

    def __len__(self) -> int:
        return len(self._paths)

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths)

    def __contains__(self, rel: object) -> bool:
        return rel in self._set

    def __getitem__(self, rel: str) -> FileScan:
        if rel not in self._set:
            raise KeyError(rel)
        scan = self._made.get(rel)
        if scan is None:
            scan = self._made[rel] = self._get(rel)
        return scan
