"""The audit: everything SPEC §3 asks of a workspace, computed incrementally.

``Auditor`` keeps each file's scan keyed by (mtime, size, inode), so re-auditing after a
change re-reads only the files that changed. What depends on several files is kept too and
redone only where the change reaches: links are re-resolved when a file comes or goes or a
name changes (a new *generation*), the graph is patched edge by edge, and each file's share of
the result (report, findings, orphan record) is rebuilt only when its scan, its links, its
linked/reachable state or its age in days changed. ``run(changed=...)`` with the paths a file
watcher reported skips the walk and the stat of every other file.
"""

from __future__ import annotations

import gc
import heapq
import os
import posixpath
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import chain

from memtui.core.age import DAY, git_times, parse_date
from memtui.core.clean_texts import CleanTexts
from memtui.core.config import excluder
from memtui.core.findings import Finding, finding
from memtui.core.gathered import (
    copy_finding,
    copy_group,
    load_limit_finding,
    old_format_finding,
    stale_finding,
)
from memtui.core.graph import Graph, Resolver
from memtui.core.index import (
    CONTENT_LINE_CHARS,
    Index,
    IndexLine,
    display_width,
    mentioned_file,
    read_index,
)
from memtui.core.instructions import scan_instructions
from memtui.core.keywords import KeywordProbe
from memtui.core.links import Link, looks_like_path, markdown_links, wikilinks
from memtui.core.memory_file import TOP_LEVEL_TYPE, MemoryFile, parse_memory
from memtui.core.noise import quiet_noise
from memtui.core.scan_share import CHILD_SHARE, SHARE_MIN, ScanShare, stat_key
from memtui.core.secrets import SecretHit, scan_text
from memtui.core.suppress import Suppressed
from memtui.core.textfile import read_text
from memtui.core.tokens import (
    TOKENIZERS,
    TokenCounter,
    bytes_digest,
    default_counter,
    text_digest,
)
from memtui.core.workspace import (
    INDEX_NAME,
    Workspace,
    discover,
    index_link_problem,
    is_documentation,
)

PROFILES = ("item", "claude-code")
#: The window the ``item`` profile measures against (the default Qwen model's context).
DEFAULT_NUM_CTX = 40960
#: Claude's context window, which the ``claude-code`` profile measures against.
CLAUDE_WINDOW = 200_000


@dataclass
class AuditOptions:
    profile: str | None = None  # None: follows the layout (item → item, flat → claude-code)
    max_lines: int = 200
    max_bytes: int = 25_000
    num_ctx: int | None = None  # None: the profile's own window (see window_for)
    stale_days: float | None = 90
    context_files: tuple[str, ...] = (INDEX_NAME,)
    now: float | None = None
    #: The tokenizers counted (the block, each index line and, with ``file_tokens``, each
    #: memory file); empty: only the one the window's share is taken in (``window_for``).
    #: The block is always counted in that one too.
    tokenizers: tuple[str, ...] = TOKENIZERS
    #: Count every memory file's tokens during the audit. Without it a file's counts come
    #: from the count cache when they are there, and ``Auditor.count_file_tokens`` makes the
    #: rest later (most of a cold audit's time is counting them).
    file_tokens: bool = True
    #: Keep each memory's text in the result (``scans[rel].memory.text``; the app's preview
    #: and the agent read it). A one-shot report does without: 50,000 memories hold 160 MB.
    keep_texts: bool = True
    #: Name the existing files closest to each broken link's target (``suggestions``). A
    #: fleet row and a trend point only count broken links: with ~30 broken targets among
    #: 260 files this was nine tenths of a trend's time.
    suggestions: bool = True
    #: Workspace-relative globs (``.memtui.toml``'s ``exclude``): files they match are not
    #: memories (not audited, not orphans, not counted).
    exclude: tuple[str, ...] = ()


@dataclass
class FileScan:
    """What one memory file yields on its own; cached by (mtime_ns, size)."""

    memory: MemoryFile
    links: list[Link]
    wikilinks: list[Link]
    secrets: list[SecretHit]
    instructions: list[tuple[int, str, str]]
    mtime: float
    read_findings: list[Finding] = field(default_factory=list)
    tokens: dict[str, int] = field(default_factory=dict)
    #: Everything this file yields on its own (read problems, frontmatter, secrets,
    #: instruction-like text), built once when the file is scanned.
    own_findings: list[Finding] = field(default_factory=list)
    #: The frontmatter date as a timestamp (None: no usable date), parsed once.
    dated: float | None = None
    #: ``text_digest`` of the file's text (empty when not computed).
    digest: bytes = b""
    #: This file's resolved links and the link generation they were resolved in.
    link_results: LinkResults | None = None
    link_generation: int = -1
    #: The line of the frontmatter's ``name:`` (1 when none in the first 40 lines).
    name_line: int = 1
    #: ``type`` sits at the top level (the older format; gathered into one finding).
    old_format: bool = False


@dataclass
class FileReport:
    path: str
    name: str | None
    type: str | None
    bytes: int
    age_days: int
    age_source: str
    linked: bool
    reachable: bool
    tokens: dict[str, int]
    findings: int = 0


@dataclass
class Orphan:
    path: str
    reachable: bool
    linked_from: list[str]
    #: The index line that links it past the profile's load limit (None: no such line).
    past_limit: int | None = None


@dataclass
class BrokenLink:
    source: str
    line: int
    target: str
    suggestions: list[str] = field(default_factory=list)


@dataclass
class WikiRef:
    source: str
    line: int
    target: str
    resolved: str | None
    state: str


@dataclass
class LinkResults:
    """What one file's links resolve to, given the current set of files and names."""

    findings: list[Finding] = field(default_factory=list)
    wikirefs: list[WikiRef] = field(default_factory=list)
    broken: list[BrokenLink] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)  # resolved memory files, in order
    dangling: list[str] = field(default_factory=list)
    first_line: dict[str, int] = field(default_factory=dict)  # target → first line linking it


@dataclass
class InjectedBlock:
    text: str
    chars: int
    bytes: int
    tokens: dict[str, int]
    window: int
    files: list[str]
    cut: bool = False  # the profile's load limit cut the index
    window_name: str = ""  # whose window it is ("Claude", "Qwen", "--num-ctx")
    tokenizer: str = "qwen"  # the count the share is taken from

    @property
    def share(self) -> float:
        return self.tokens.get(self.tokenizer, 0) / self.window if self.window else 0.0


@dataclass
class LineCost:
    line: int
    kind: str
    memories: int
    chars: int
    bytes: int
    tokens: dict[str, int]


@dataclass
class AuditResult:
    workspace: Workspace
    profile: str
    options: AuditOptions
    scans: dict[str, FileScan]
    files: list[FileReport]
    index: Index
    index_linked: set[str]
    reachable: set[str]
    orphans: list[Orphan]
    broken_links: list[BrokenLink]
    wikirefs: list[WikiRef]
    graph: Graph
    block: InjectedBlock
    line_costs: list[LineCost]
    loaded_lines: int
    findings: list[Finding]
    types: dict[str, int]
    elapsed: float = 0.0
    #: README.md, CLAUDE.md, AGENTS.md: documentation beside the memories, not memories.
    documentation: list[str] = field(default_factory=list)
    #: Findings not reported, with why (``memtui.core.suppress.apply_to``), and the
    #: configuration file that was used (None: none).
    suppressed: list[Suppressed] = field(default_factory=list)
    config_path: str | None = None
    #: The app's Findings view lists the suppressed findings too.
    show_suppressed: bool = False

    def file(self, path: str) -> FileReport | None:
        return next((f for f in self.files if f.path == path), None)

    def findings_for(self, path: str) -> list[Finding]:
        return [f for f in self.findings if f.path == path]

    def counts(self) -> Counter[str]:
        return Counter(f.kind for f in self.findings)

    @property
    def beyond_limit(self) -> list[IndexLine]:
        return [ln for ln in self.index.lines if ln.number > self.loaded_lines]


Progress = Callable[[str, int, int], None]
"""Told how far an audit has come: the phase ("reading", "counting tokens", "linking"),
items done and items in all (0 and 0 for a phase without a count)."""

PROGRESS_EVERY = 100  # files between two progress reports
COUNT_CHUNK = 500  # texts tokenized between two progress reports


def _silent(phase: str, done: int, total: int) -> None:
    pass


def _go_on() -> None:
    pass


class Auditor:
    """Audits one workspace, again and again, re-reading only what changed."""

    def __init__(self, ws: Workspace, options: AuditOptions | None = None,
                 counter: TokenCounter | None = None, clean: CleanTexts | None = None,
                 autosave: bool = True) -> None:
        """``counter``, ``clean``: caches to share with other auditors (a fleet's worker
        keeps one of each); ``autosave``: whether a full ``run()`` writes them to disk."""
        self.ws = ws
        self.options = options or AuditOptions()
        self.counter = counter or default_counter()
        self._clean: CleanTexts | None = clean
        self.autosave = autosave
        #: Called between the small steps of a run (a file read, a file's links resolved);
        #: the app's worker gives way to the screen there. Must not touch the auditor.
        self.pause: Callable[[], None] = _go_on
        self._scans: dict[str, tuple[tuple[int, int, int], FileScan]] = {}
        self._paths: list[str] = []
        self._docs: list[str] = []
        self._walked = False
        self._skipped: list[tuple[str, str]] = []
        self._notes: list[tuple[str, str]] = []
        self._git: dict[str, float | None] | None = None
        self._exists: dict[str, bool] = {}
        self._index_key: tuple[int, int, int] | None = None
        self._index_parts: tuple[Index, list[LineCost], list[Finding]] | None = None
        self._resolver: Resolver | None = None
        #: Bumped whenever a file comes or goes or a name changes: link results resolved in
        #: an older generation are stale.
        self._generation = 0
        self._index_links: tuple[int, tuple[int, int, int] | None, LinkResults] | None = None
        #: Files suggested for a broken link target, in this generation (a file's links are
        #: resolved again whenever it changes: the same broken targets, the same files).
        self._suggestions: tuple[int, dict[str, list[str]]] = (-1, {})
        # Assembly state carried from run to run (see _assemble).
        self._fresh: list[tuple[FileScan | None, FileScan]] = []  # (old, new) scans this run
        self._graph_generation = -1
        self._out: dict[str, list[str]] = {}
        self._back: dict[str, list[str]] = {}
        self._dangling_of: dict[str, list[str]] = {}
        self._duplicates: dict[str, Finding] = {}
        self._orphans_by: dict[str, Orphan] = {}
        self._state_fingerprint: tuple[object, ...] | None = None
        self._age_heap: list[tuple[float, str]] = []
        self._linked: set[str] = set()
        self._reachable: set[str] = set()
        self._types: Counter[str] = Counter()
        self._scan_map: dict[str, FileScan] = {}
        self._parts_generation = -1
        self._wikiref_parts: dict[str, list[WikiRef]] = {}
        self._broken_parts: dict[str, list[BrokenLink]] = {}
        self._finding_parts: dict[str, list[Finding]] = {}
        self._report_parts: dict[str, FileReport] = {}
        self._linked_from: tuple[LinkResults, int, set[str], dict[str, int]] | None = None
        self._progress: Progress = _silent
        #: (git times, files whose mtime is a copy date, files in the older format).
        self._shared: tuple[dict[str, float], set[str], list[str]] | None = None

    @property
    def tokenizers(self) -> tuple[str, ...]:
        """The tokenizers counted: those asked for, else the window's."""
        return self.options.tokenizers or (window_for(self.profile, self.options.num_ctx)[2],)

    @property
    def block_tokenizers(self) -> tuple[str, ...]:
        """The tokenizers the block is counted in: those counted, and the window's."""
        window = window_for(self.profile, self.options.num_ctx)[2]
        return (*self.tokenizers, *((window,) if window not in self.tokenizers else ()))

    @property
    def profile(self) -> str:
        p = self.options.profile
        if p:
            return p
        return "item" if self.ws.layout == "item" else "claude-code"

    def run(self, changed: Iterable[str] | None = None,
            progress: Progress | None = None) -> AuditResult:
        """Audit now. ``changed``: workspace-relative paths known to have changed (a hint that
        lets the auditor skip walking the tree and looking at unchanged files); None walks
        and checks everything. ``progress`` hears how far it has come (from this thread)."""
        started = time.perf_counter()
        self._progress = progress or _silent
        collecting = gc.isenabled()
        gc.disable()  # the audit makes many small objects and frees few: skip the sweeps
        try:
            hint = None if changed is None else set(changed)
            if hint is None or not self._walked or self._needs_walk(hint):
                self._walk()
                self._new_generation()
                hint = None
            else:
                self._apply_changes(hint)
            if self._git is None or changed is None:
                self._git = git_times(self.ws.root)
            scans = self._scan_all(hint)
            self._progress("linking", 0, 0)
            result = self._assemble(scans)
        finally:
            if collecting:
                gc.enable()
        if changed is None and self.autosave:
            self.save_cache()
        result.elapsed = time.perf_counter() - started
        return result

    def _new_generation(self) -> None:
        self._generation += 1
        self._exists = {}
        self._resolver = None

    def save_cache(self) -> None:
        """Write new token counts and check verdicts to the user cache (a full ``run()`` does
        it by itself)."""
        self.counter.save()
        if self._clean is not None:
            self._clean.save()

    @property
    def clean_texts(self) -> CleanTexts:
        """Digests of texts known to pass the credential and instruction checks; it shares
        the token counter's cache folder (none when the counter has no cache file)."""
        if self._clean is None:
            self._clean = CleanTexts.beside(self.counter.cache_file)
        return self._clean

    # -- discovery -------------------------------------------------------------------------

    def _walk(self) -> None:
        found = discover(self.ws)
        if self.options.exclude:
            excluded = excluder(self.options.exclude)
            found.files = [rel for rel in found.files if not excluded(rel)]
        self._paths = [rel for rel in found.files if not is_documentation(rel)]
        self._docs = [rel for rel in found.files if is_documentation(rel)]
        self._skipped, self._notes = found.skipped, found.notes
        self._walked = True

    def _needs_walk(self, changed: Iterable[str]) -> bool:
        """A change to anything but a plain markdown file (a folder, a symlink) means walking
        again, so that discovery's rules apply."""
        root = self.ws.root
        return any(not rel.lower().endswith(".md") or (root / rel).is_symlink()
                   for rel in changed)

    def _apply_changes(self, changed: Iterable[str]) -> None:
        paths = set(self._paths)
        before = len(paths)
        excluded = excluder(self.options.exclude)
        for rel in changed:
            if excluded(rel):
                continue
            if rel == INDEX_NAME or any(part.startswith(".") for part in rel.split("/")):
                continue
            if self.ws.layout == "item" and not rel.startswith("memory/"):
                continue
            if is_documentation(rel):
                docs = set(self._docs)
                if (self.ws.root / rel).is_file():
                    docs.add(rel)
                else:
                    docs.discard(rel)
                self._docs = sorted(docs)
                continue
            if (self.ws.root / rel).is_file():
                paths.add(rel)
            else:
                paths.discard(rel)
                self._scans.pop(rel, None)
        if len(paths) != before or not paths.issuperset(self._paths):
            self._paths = sorted(paths)
            self._new_generation()

    # -- per-file --------------------------------------------------------------------------

    def _scan_all(self, only: set[str] | None = None) -> dict[str, FileScan]:
        """Scan every file whose (mtime, size, inode) changed; with ``only``, look at those
        paths alone and trust the cache for the rest."""
        cache = self._scans
        self._fresh = []
        patch = only is not None and len(cache) == len(self._paths) and \
            all(rel in cache or rel not in self._paths for rel in only)
        if patch:
            keep = dict(cache)  # same files, same order: patch the few that changed
            todo = [rel for rel in only if rel in keep]
        else:
            keep = {}
            todo = self._paths
        root = str(self.ws.root) + os.sep
        fresh: list[FileScan] = []
        # Without texts to keep or count, each is let go as soon as its file is scanned.
        drop_now = not self.options.keep_texts and not self.options.file_tokens
        report, total, pause = self._progress, len(todo), self.pause
        share, cut = self._share_scanning(root, todo) if not cache else (None, total)
        try:
            for done, rel in enumerate(todo):
                if not done % PROGRESS_EVERY:
                    report("reading", done, total)
                cached = cache.get(rel)
                if only is not None and cached is not None and rel not in only:
                    keep[rel] = cached
                    continue
                full = root + rel  # a plain string: Path objects cost too much per file
                got = share.take(rel) if share is not None and done >= cut else None
                if got is not None:
                    key, mtime, scan = got
                else:
                    st, key, mtime = stat_key(full)
                    if cached is not None and cached[0] == key and key != (0, 0, 0):
                        keep[rel] = cached
                        continue
                    pause()
                    scan = scan_file(full, rel, mtime, st, self.clean_texts)
                if drop_now:
                    scan.memory.text = ""
                fresh.append(scan)
                self._fresh.append((cached[1] if cached else None, scan))
                if cached is None or cached[1].memory.name != scan.memory.name:
                    self._new_generation()
                keep[rel] = (key, scan)
        finally:
            if share is not None:
                share.close()
                for digest in share.new_clean:
                    self.clean_texts.add(digest)
        report("reading", total, total)
        if fresh and self.options.file_tokens:
            self._count_tokens(fresh)
        elif fresh:
            names, known = self.tokenizers, self.counter.known
            for scan in fresh:
                scan.tokens = (known(scan.digest, names) if scan.digest else None) or {}
        if not self.options.keep_texts:
            for scan in fresh:
                scan.memory.text = ""
        self._scans = keep
        if patch and len(self._scan_map) == len(keep):
            scans = dict(self._scan_map)
            for _, scan in self._fresh:
                scans[scan.memory.path] = scan
        else:
            scans = {rel: pair[1] for rel, pair in keep.items()}
        self._scan_map = scans
        return scans

    def _share_scanning(self, root: str, todo: list[str]) -> tuple[ScanShare | None, int]:
        """Hand the last part of ``todo`` to the counting child, when there is one and
        enough files; returns the share and where it starts."""
        child = self.counter.child
        if child is None or len(todo) < SHARE_MIN:
            return None, len(todo)
        cut = len(todo) - int(len(todo) * CHILD_SHARE)
        try:
            return ScanShare(child, root, todo[cut:], self.clean_texts.path), cut
        except OSError:  # no child can be started: all scanned here
            return None, len(todo)

    def _count_tokens(self, scans: list[FileScan]) -> None:
        """Count each file's tokens (chunk by chunk, reporting progress); a scan's ``tokens``
        dict is filled in place, so reports already made from it show the counts too."""
        texts = [s.memory.text for s in scans]
        keys = [s.digest or text_digest(t) for s, t in zip(scans, texts, strict=True)]
        report, names = self._progress, self.tokenizers
        for start in range(0, len(texts), COUNT_CHUNK):
            report("counting tokens", start, len(texts))
            end = start + COUNT_CHUNK
            self.pause()
            counts = self.counter.counts_many(texts[start:end], keys[start:end], names)
            for scan, c in zip(scans[start:end], counts, strict=True):
                scan.tokens.update(c)
        report("counting tokens", len(texts), len(texts))

    @property
    def tokens_pending(self) -> int:
        """How many files of the last audit have no token counts yet."""
        return sum(1 for _, scan in self._scans.values() if not scan.tokens)

    def count_file_tokens(self, progress: Progress | None = None) -> int:
        """Count the tokens of every file of the last audit that has none yet (an audit
        without ``file_tokens`` leaves them for this); returns how many were counted. Not
        to be called while ``run`` runs in another thread."""
        todo = [scan for _, scan in self._scans.values() if not scan.tokens]
        if todo:
            self._progress = progress or _silent
            self._count_tokens(todo)
            self.counter.save()
        return len(todo)

    # -- across files ----------------------------------------------------------------------

    def _target_exists(self, rel: str, scans: dict[str, FileScan]) -> bool:
        if rel in scans:
            return True
        hit = self._exists.get(rel)
        if hit is None:
            p = self.ws.root / rel
            hit = self._exists[rel] = p.exists() and self.ws.contains(p)
        return hit

    def _assemble(self, scans: dict[str, FileScan]) -> AuditResult:
        """Everything across files. Work is proportional to what changed: link results,
        the graph and each file's share of the result are reused unless something they
        depend on changed since the last run."""
        ws, opts = self.ws, self.options
        now = opts.now or time.time()
        index, line_costs, index_own = self._index_parts_now()
        resolver = self._resolver_for(scans)
        gen = self._generation

        # The index: what it links and how much of it the profile loads. Only the loaded
        # lines count: a memory linked past the load limit is never seen.
        idx_links = self._index_link_results(index, scans, resolver)
        head: list[Finding] = [*index_own, *idx_links.findings]
        head.extend(finding("read_problem", rel, None, msg)
                    for rel, msg in (*self._notes, *self._skipped))
        loaded = self._loaded_lines(index)
        if self._linked_from is None or self._linked_from[0] is not idx_links or \
                self._linked_from[1] != loaded:
            first = idx_links.first_line
            self._linked_from = (
                idx_links, loaded, {t for t in idx_links.targets if first[t] <= loaded},
                {t: first[t] for t in idx_links.targets if first[t] > loaded})
        index_linked, past_limit = self._linked_from[2], self._linked_from[3]
        if self.profile == "claude-code":
            cut = load_limit_finding(index, loaded, opts.max_lines, opts.max_bytes)
            if cut is not None:
                head.append(cut)
        head.extend(self._unlinked_mentions(index, idx_links, scans))

        # Links between memory files, and the graph they make.
        rebuilt = self._graph_generation != gen
        touched = self._update_graph(scans, resolver, gen, rebuilt)
        graph = Graph(nodes=list(scans), out=defaultdict(list, self._out),
                      back=defaultdict(list, self._back),
                      placeholders=defaultdict(list))
        for rel, missing in self._dangling_of.items():
            for name in missing:
                graph.add_dangling(rel, name)
        if rebuilt or touched or index_linked != self._linked:
            reachable = graph.reachable_from(index_linked)
        else:
            reachable = self._reachable
        if rebuilt:
            self._duplicates = duplicate_findings(scans)
            self._types = Counter((s.memory.type or "unknown") for s in scans.values())
        else:
            for old, new in self._fresh:
                if old is not None:
                    self._types[old.memory.type or "unknown"] -= 1
                self._types[new.memory.type or "unknown"] += 1

        # Each file's share: rebuilt only when something it depends on changed.
        if self._git is None:
            self._git = {}
        git = self._git
        if rebuilt or self._fresh or self._shared is None or self._shared[0] is not git:
            copied = copy_group({rel: s.mtime for rel, s in scans.items()
                                 if s.dated is None and rel not in git})
            self._shared = (git, copied[1] if copied is not None else set(),
                            [rel for rel, s in scans.items() if s.old_format])
        copy_files, old_format = self._shared[1], self._shared[2]
        fingerprint = (opts.stale_days, opts.now, id(git), frozenset(copy_files),
                       id(past_limit))
        if rebuilt or fingerprint != self._state_fingerprint or \
                len(self._report_parts) != len(scans):
            dirty: Iterable[str] = scans
            self._report_parts, self._finding_parts, orphans_by = {}, {}, {}
            self._age_heap = []
        else:
            orphans_by = self._orphans_by
            changed = {new.memory.path for _, new in self._fresh}
            if index_linked is not self._linked:
                changed |= index_linked ^ self._linked
            if reachable is not self._reachable:
                changed |= reachable ^ self._reachable
            changed |= touched
            heap = self._age_heap
            while heap and heap[0][0] <= now:
                changed.add(heapq.heappop(heap)[1])
            dirty = [rel for rel in changed if rel in scans]
        reports, file_findings, pause = self._report_parts, self._finding_parts, self.pause
        for rel in dirty:
            pause()
            report, mine, orphan, until = self._file_state(
                rel, scans[rel], rel in index_linked, rel in reachable, git, now,
                rel in copy_files, past_limit.get(rel))
            reports[rel], file_findings[rel] = report, mine
            if orphan is not None:
                orphans_by[rel] = orphan
            else:
                orphans_by.pop(rel, None)
            heapq.heappush(self._age_heap, (until, rel))
        self._orphans_by = orphans_by
        self._state_fingerprint = fingerprint
        self._linked, self._reachable = index_linked, reachable
        self._update_link_parts(scans, rebuilt)

        # What many files share: one finding each, listing the files.
        if copy_files:
            head.append(copy_finding(copy_files))
        gathered = (stale_finding(((r.path, r.age_days, r.age_source)
                                   for r in reports.values()), opts.stale_days),
                    old_format_finding(old_format))
        head.extend(f for f in gathered if f is not None)

        # Findings: the index's first, then each file's in path order (each file's own list
        # is sorted already); a full sort only when a skipped path must be merged in.
        findings = sorted(head, key=_finding_order)
        findings.extend(chain.from_iterable(file_findings.values()))
        if self._notes or self._skipped:
            findings.sort(key=_finding_order)
        quieter = quiet_noise(findings, scans, reachable)  # issue 19 §4: one screen
        if quieter is not None:
            findings = sorted(quieter, key=_finding_order)
        wikirefs = [*idx_links.wikirefs, *chain.from_iterable(self._wikiref_parts.values())]
        broken = [*idx_links.broken, *chain.from_iterable(self._broken_parts.values())]
        orphans = [orphans_by[rel] for rel in sorted(orphans_by)]
        types = {k: v for k, v in self._types.most_common() if v > 0}
        return AuditResult(ws, self.profile, opts, scans, list(reports.values()), index,
                           index_linked, reachable, orphans, broken, wikirefs, graph,
                           self._block(index, loaded), line_costs, loaded, findings, types,
                           documentation=list(self._docs))

    def _update_link_parts(self, scans: dict[str, FileScan], rebuilt: bool) -> None:
        """Per-file wikilink and broken-link lists, in path order, patched when few changed."""
        if rebuilt or self._parts_generation != self._generation or \
                len(self._wikiref_parts) != len(scans):
            self._wikiref_parts = {rel: s.link_results.wikirefs if s.link_results else []
                                   for rel, s in scans.items()}
            self._broken_parts = {rel: s.link_results.broken if s.link_results else []
                                  for rel, s in scans.items()}
            self._parts_generation = self._generation
            return
        for _, scan in self._fresh:
            lr = scan.link_results or LinkResults()
            self._wikiref_parts[scan.memory.path] = lr.wikirefs
            self._broken_parts[scan.memory.path] = lr.broken

    def _update_graph(self, scans: dict[str, FileScan], resolver: Resolver, gen: int,
                      rebuild: bool) -> set[str]:
        """Bring the edges up to date; return the files whose incoming links changed."""
        touched: set[str] = set()
        if rebuild:
            out: dict[str, list[str]] = {}
            back: dict[str, list[str]] = defaultdict(list)
            dangling: dict[str, list[str]] = {}
            pause = self.pause
            for rel, scan in scans.items():
                pause()
                lr = self._links_of(rel, scan, scans, resolver, gen)
                if lr.targets:
                    out[rel] = lr.targets
                    for target in lr.targets:
                        back[target].append(rel)
                if lr.dangling:
                    dangling[rel] = lr.dangling
            self._out, self._back, self._dangling_of = out, dict(back), dangling
            self._graph_generation = gen
            return touched
        out, back = self._out, self._back
        for _, scan in self._fresh:
            rel = scan.memory.path
            lr = self._links_of(rel, scan, scans, resolver, gen)
            old = out.get(rel, [])
            if old != lr.targets:
                # Lists are replaced, never changed in place: earlier results share them.
                for target in old:
                    back[target] = [s for s in back.get(target, []) if s != rel]
                    touched.add(target)
                for target in lr.targets:
                    back[target] = [*back.get(target, []), rel]
                    touched.add(target)
                if lr.targets:
                    out[rel] = lr.targets
                else:
                    out.pop(rel, None)
            if lr.dangling:
                self._dangling_of[rel] = lr.dangling
            else:
                self._dangling_of.pop(rel, None)
        return touched

    def _links_of(self, rel: str, scan: FileScan, scans: dict[str, FileScan],
                  resolver: Resolver, gen: int) -> LinkResults:
        lr = scan.link_results
        if lr is None or scan.link_generation != gen:
            lr = self._resolve_links(rel, scan.links, scan.wikilinks, scans, resolver)
            scan.link_results, scan.link_generation = lr, gen
        return lr

    def _file_state(self, rel: str, scan: FileScan, linked: bool, reachable: bool,
                    git: dict[str, float | None], now: float, copied: bool = False,
                    past_limit: int | None = None
                    ) -> tuple[FileReport, list[Finding], Orphan | None, float]:
        """One file's report, its findings (sorted), its orphan record, and the moment its
        age in days next changes. ``copied``: its mtime is a copy date (age unknown);
        ``past_limit``: the index line linking it beyond the load limit."""
        mf = scan.memory
        lr = scan.link_results or LinkResults()
        findings = [*scan.own_findings, *lr.findings]
        dup = self._duplicates.get(rel)
        if dup is not None:
            findings.append(dup)
        orphan = None
        if not linked:
            orphan = Orphan(rel, reachable, sorted(self._back.get(rel, [])), past_limit)
            where = ("linked only past the load limit (MEMORY.md:"
                     f"{past_limit}), so never loaded" if past_limit is not None
                     else "not linked from the index")
            findings.append(finding(
                "orphan", rel, None,
                f"{where}; " + ("reachable by following links"
                                if reachable else "unreachable: never seen")))
        when = scan.dated
        if when is not None:
            source = "frontmatter"
        elif rel in git:
            git_when = git[rel]
            when, source = (scan.mtime, "unknown") if git_when is None else (git_when, "git")
        else:
            when, source = scan.mtime, "unknown" if copied else "mtime"
        age = max(0, int((now - when) // DAY))
        findings.sort(key=_finding_order)
        report = FileReport(rel, mf.name, mf.type, mf.size, age, source, linked, reachable,
                            scan.tokens, len(findings))
        return report, findings, orphan, when + (age + 1) * DAY

    def _resolver_for(self, scans: dict[str, FileScan]) -> Resolver:
        """The wikilink resolver, rebuilt only in a new generation."""
        if self._resolver is None:
            self._resolver = Resolver((p, s.memory.name, s.memory.stem)
                                      for p, s in scans.items())
        return self._resolver

    def _index_link_results(self, index: Index, scans: dict[str, FileScan],
                            resolver: Resolver) -> LinkResults:
        cached = self._index_links
        if cached is not None and cached[0] == self._generation and \
                cached[1] == self._index_key and self._index_key is not None:
            return cached[2]
        links = [lk for line in index.lines for lk in line.links]
        wls = [lk for line in index.lines for lk in line.wikilinks]
        lr = self._resolve_links(INDEX_NAME, links, wls, scans, resolver, keep_self=True)
        self._index_links = (self._generation, self._index_key, lr)
        return lr

    def _suggest(self, target: str, scans: dict[str, FileScan]) -> list[str]:
        if not self.options.suggestions:
            return []
        gen, known = self._suggestions
        if gen != self._generation:
            known = {}
            self._suggestions = (self._generation, known)
        if target not in known:
            known[target] = suggest(target, list(scans))
        return known[target]

    def _resolve_links(self, rel: str, links: list[Link], wls: list[Link],
                       scans: dict[str, FileScan], resolver: Resolver,
                       keep_self: bool = False) -> LinkResults:
        """Resolve one file's markdown links and wikilinks against the current files."""
        out = LinkResults()
        targets: list[str] = []
        for lk in links:
            if lk.outside or lk.target is None:
                out.broken.append(BrokenLink(lk.source, lk.line, lk.raw))
                out.findings.append(finding("broken_link", lk.source, lk.line,
                                            f"link to {lk.raw} leads outside the workspace "
                                            "(not followed)"))
            elif not self._target_exists(lk.target, scans):
                if not looks_like_path(lk.raw) and lk.raw not in resolver.by_stem:
                    continue  # a gloss such as ``value[3](12B)``: text, not a link
                out.broken.append(BrokenLink(lk.source, lk.line, lk.target,
                                             self._suggest(lk.target, scans)))
                out.findings.append(finding("broken_link", lk.source, lk.line,
                                            f"link to {lk.target}: no such file"))
            elif lk.target in scans:
                targets.append(lk.target)
                out.first_line.setdefault(lk.target, lk.line)
        for lk in wls:
            res = resolver.resolve(lk.target or "")
            out.wikirefs.append(WikiRef(lk.source, lk.line, res.target, res.path, res.state))
            if res.path is None:
                out.dangling.append(res.target)
                out.findings.append(finding("dangling_wikilink", lk.source, lk.line,
                                            f"[[{res.target}]] names no memory yet"))
                continue
            targets.append(res.path)
            line = out.first_line.get(res.path)
            if line is None or lk.line < line:
                out.first_line[res.path] = lk.line
            if res.state == "fuzzy":
                exact = resolver.spelling(res.path)
                out.findings.append(finding("fuzzy_wikilink", lk.source, lk.line,
                                            f"[[{res.target}]] matches {res.path} only "
                                            f"loosely; write [[{exact}]]"))
        seen: set[str] = set()
        for t in targets:
            if t not in seen and (keep_self or t != rel):
                seen.add(t)
                out.targets.append(t)
        return out

    def _unlinked_mentions(self, index: Index, idx_links: LinkResults,
                           scans: dict[str, FileScan]) -> list[Finding]:
        """Memory files named in backticks on an index line that links neither them nor
        (anywhere else in the index) them: the agent sees the name but cannot follow it.
        Names that are no memory here (``~/.ssh/config``, ``BACKLOG.md``) are not mentions."""
        out: list[Finding] = []
        by_base: dict[str, str] | None = None
        linked = set(idx_links.targets)
        for span in index.code_spans:
            name = mentioned_file(span)
            if not name:
                continue
            name = posixpath.normpath(name)
            path = name if name in scans else None
            if path is None and "/" not in name:
                if by_base is None:
                    by_base = {}
                    for rel in scans:
                        by_base.setdefault(rel.rsplit("/", 1)[-1], rel)
                path = by_base.get(name)
            if path is None or path in linked:
                continue
            which = "" if path == span.content.strip() else f" ({path})"
            out.append(finding("unlinked_mention", INDEX_NAME, span.line,
                               f"`{span.content}`{which} is named in backticks but not "
                               "linked: the agent cannot follow it"))
        return out

    def _index_parts_now(self) -> tuple[Index, list[LineCost], list[Finding]]:
        """The index, its per-line costs and the findings it yields on its own; re-read only
        when MEMORY.md changed (mtime, size, inode)."""
        path = self.ws.index_path
        try:
            st = path.stat()
            key: tuple[int, int, int] | None = (st.st_mtime_ns, st.st_size, st.st_ino)
        except OSError:
            key = None
        if key is not None and key == self._index_key and self._index_parts is not None:
            return self._index_parts
        index = self._read_index()
        parts = (index, self._line_costs(index), index_findings(index))
        self._index_key, self._index_parts = key, parts
        return parts

    def _read_index(self) -> Index:
        problem = index_link_problem(self.ws)
        if problem:
            return Index(path=INDEX_NAME, problems=[f"{INDEX_NAME}: {problem}, not followed"])
        return read_index(self.ws.index_path)

    def _loaded_lines(self, index: Index) -> int:
        """How many index lines the profile loads (all of them for ``item``)."""
        if self.profile != "claude-code":
            return len(index.lines)
        loaded = 0
        for line in index.lines:
            if line.number > self.options.max_lines or line.end_byte > self.options.max_bytes:
                break
            loaded = line.number
        return loaded

    def _block(self, index: Index, loaded: int) -> InjectedBlock:
        parts: list[str] = []
        files: list[str] = []
        cut = False
        for rel in self.options.context_files:
            if rel == INDEX_NAME:
                text = index.text
                if loaded < len(index.lines):
                    text = "\n".join(ln.text for ln in index.lines[:loaded])
                    cut = True
            else:
                path = self.ws.root / rel
                text = read_text(path).text if path.is_file() else ""
            if text.strip():
                parts.append(text)
                files.append(rel)
        text = "\n\n".join(parts)
        window, name, tokenizer = window_for(self.profile, self.options.num_ctx)
        tokens = self.counter.counts(text, self.block_tokenizers)
        return InjectedBlock(text, len(text), len(text.encode("utf-8", "replace")), tokens,
                             window, files, cut, name, tokenizer)

    def _line_costs(self, index: Index) -> list[LineCost]:
        rows = [ln for ln in index.lines if ln.kind != "blank"]
        counts = self.counter.counts_many([ln.text for ln in rows],
                                          names=self.tokenizers)
        return [LineCost(ln.number, ln.kind, len(ln.links) + len(ln.wikilinks), ln.chars,
                         ln.bytes, c) for ln, c in zip(rows, counts, strict=True)]


def window_for(profile: str, num_ctx: int | None) -> tuple[int, str, str]:
    """The window the injected block is measured against: (tokens, whose, tokenizer).
    ``--num-ctx`` wins; else Claude's window under ``claude-code`` (counted with cl100k,
    the closer of the two offline tokenizers) and the default Qwen model's otherwise."""
    tokenizer = "cl100k" if profile == "claude-code" else "qwen"
    if num_ctx:
        return num_ctx, "--num-ctx", tokenizer
    if profile == "claude-code":
        return CLAUDE_WINDOW, "Claude", tokenizer
    return DEFAULT_NUM_CTX, "Qwen", tokenizer


def duplicate_findings(scans: dict[str, FileScan]) -> dict[str, Finding]:
    """A ``duplicate_name`` finding for every file whose name another file also uses."""
    names: dict[str, list[str]] = {}
    for rel, scan in scans.items():
        if scan.memory.name:
            names.setdefault(scan.memory.name, []).append(rel)
    out: dict[str, Finding] = {}
    for name, paths in names.items():
        if len(paths) > 1:
            for p in paths:
                others = ", ".join(q for q in paths if q != p)
                out[p] = finding("duplicate_name", p, scans[p].name_line,
                                 f"name '{name}' is also used by {others}")
    return out


def _finding_order(f: Finding) -> tuple[bool, str, int, str]:
    return (f.path != INDEX_NAME, f.path, f.line or 0, f.kind)


def index_findings(index: Index) -> list[Finding]:
    """What the index yields on its own: read problems, content, credentials and
    instruction-like text."""
    lines = [*index.problem_lines, *[None] * (len(index.problems) - len(index.problem_lines))]
    out = [finding("read_problem", INDEX_NAME, line, problem)
           for problem, line in zip(index.problems, lines, strict=False)]
    for line in index.lines:
        if line.kind == "prose" and display_width(line.text) > CONTENT_LINE_CHARS:
            out.append(finding("content_in_index", INDEX_NAME, line.number,
                               f"{line.chars}-character line with no link: memory content "
                               "belongs in a memory file"))
    for hit in scan_text(index.text):
        out.append(finding("secret", INDEX_NAME, hit.line,
                           f"{hit.kind} ({hit.redacted}) in the injected index"))
    for line_no, reason, excerpt in scan_instructions(index.text):
        out.append(finding("instruction_like", INDEX_NAME, line_no,
                           f"{reason}: \u201c{excerpt}\u201d"))
    return out


def scan_file(full: str | os.PathLike[str], rel: str, mtime: float,
              st: os.stat_result | None = None, clean: CleanTexts | None = None) -> FileScan:
    """Read and examine one memory file on its own (no knowledge of the others).
    ``clean``: texts known to pass the credential and instruction checks (skipped for
    them); texts that pass are added."""
    read = read_text(full, st=st)
    extra = [finding("read_problem", rel, line, p)
             for p, line in zip(read.problems, read.problem_lines, strict=True)]
    expect_fm = not is_documentation(rel)
    mf = parse_memory(rel, read.text, read.size, expect_frontmatter=expect_fm)
    if not read.ok:
        mf.findings.clear()  # the read problem says it all; an "empty file" would mislead
    body, start = mf.body, mf.body_start
    digest = b""
    if clean is not None:
        digest = bytes_digest(read.raw) if read.raw else text_digest(read.text)
    if clean is not None and digest in clean:
        secrets: list[SecretHit] = []
        instructions: list[tuple[int, str, str]] = []
    else:
        probe = KeywordProbe(read.text)
        secrets = scan_text(read.text, probe=probe)
        instructions = scan_instructions(body, start, probe=probe)
        if clean is not None and not secrets and not instructions:
            clean.add(digest)
    scan = FileScan(
        memory=mf,
        links=markdown_links(rel, body, start),
        wikilinks=wikilinks(rel, body, start),
        secrets=secrets,
        instructions=instructions,
        mtime=mtime,
        read_findings=extra,
    )
    old_format = any(f.message == TOP_LEVEL_TYPE for f in mf.findings)
    own = [*extra, *(f for f in mf.findings if f.message != TOP_LEVEL_TYPE)]
    for hit in scan.secrets:
        own.append(finding("secret", rel, hit.line,
                           f"{hit.kind} ({hit.redacted}): memories are replayed into every "
                           "later turn"))
    for line_no, reason, excerpt in scan.instructions:
        own.append(finding("instruction_like", rel, line_no,
                           f"{reason}: \u201c{excerpt}\u201d"))
    scan.own_findings = own
    scan.old_format = old_format
    scan.digest = digest
    scan.name_line = _name_line(mf)
    dv = mf.date_value()
    scan.dated = parse_date(dv[1]) if dv is not None else None
    return scan


def _name_line(mf: MemoryFile) -> int:
    if mf.name is None:
        return 1
    text = mf.text
    at = 0 if text.startswith("name:") else text.find("\nname:") + 1
    line = text.count("\n", 0, at) + 1 if at else 1
    return line if line <= 40 else 1


def suggest(target: str, paths: list[str], n: int = 3) -> list[str]:
    """The existing files closest to a broken link target."""
    import difflib

    base = target.rsplit("/", 1)[-1].lower()
    by_base: dict[str, list[str]] = {}
    for p in paths:
        by_base.setdefault(p.rsplit("/", 1)[-1].lower(), []).append(p)
    close = difflib.get_close_matches(base, list(by_base), n=n, cutoff=0.5)
    return [p for b in close for p in by_base[b]][:n]


def audit(path: str | os.PathLike[str], options: AuditOptions | None = None) -> AuditResult:
    """One-shot audit of the workspace at ``path`` (raises WorkspaceError)."""
    from memtui.core.workspace import open_workspace

    return Auditor(open_workspace(path), options).run()
