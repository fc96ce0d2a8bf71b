"""What an audit yields: its options, and the records of its result (per file, per link,
the injected block, the whole `AuditResult`). Plain data: the scan (`memtui.core.scanner.scan`)
and the derivation (`memtui.core.derivation.derive`) make them, the views and reports read them.

The module is past 500 lines on purpose: it is the one place where a result's records and
the few counts every report reads off them (memory files, reached, a store's row) are
defined, so that the header, the text, the JSON and the app count alike."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from memtui.core.checks.findings import Finding
from memtui.core.checks.project import ProjectInfo
from memtui.core.counting.tokens import TOKENIZERS
from memtui.core.derivation.graph import Graph
from memtui.core.derivation.link_target import lexically_outside, outside_path
from memtui.core.files.name_order import NameKey, name_key
from memtui.core.profiles import CLAUDE_WINDOW, DEFAULT_NUM_CTX, PROFILES, Load, get
from memtui.core.record import Record
from memtui.core.reporting.hidden import NONE_EXCLUDED, Excluded
from memtui.core.reporting.suppress import Suppressed
from memtui.core.scanner.index import Index, IndexLine
from memtui.core.scanner.scan import FileScan
from memtui.core.workspace import INDEX_NAME, Workspace

__all__ = ["CLAUDE_WINDOW", "DEFAULT_NUM_CTX", "PROFILES"]  # (where they were before)


class AuditOptions(Record):
    """What an audit is asked to do: the profile, limits, what to count and keep."""

    #: None: recognised from the folder (an agent's layout, `memtui.core.profiles`), else
    #: follows the layout (item → item, flat → claude-code).
    profile: str | None = None
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
    #: Audit the folders whose names say they are archives (``_archive/``, ``old/``,
    #: ``trash/``, …: `memtui.core.workspace.ARCHIVE_NAMES`), excluded by default.
    include_archives: bool = False
    #: The agents' load limits given as flags (key, value), e.g. ``("memory_char_limit",
    #: 2200)``: they win over the agent's own config file (`memtui.core.profiles`).
    limits: tuple[tuple[str, int], ...] = ()
    #: The project the memories are about (``--project``, ``project`` in .memtui.toml);
    #: None: found from the workspace (`memtui.core.checks.project.find_project`).
    project: str | None = None
    #: ``project`` came from the configuration file (a path relative to the workspace).
    project_from_config: bool = False
    #: ``project`` is the folder the command named, its agent's memory one folder below it
    #: (``memtui audit .`` on a repository holding ``.claude/memory``; newuser31 #2).
    project_from_path: bool = False

    def __init__(self, profile: str | None = None, max_lines: int = 200, max_bytes: int = 25_000,
                       num_ctx: int | None = None, stale_days: float | None = 90,
                       context_files: tuple[str, ...] = (INDEX_NAME,), now: float | None = None,
                       tokenizers: tuple[str, ...] = TOKENIZERS, file_tokens: bool = True,
                       keep_texts: bool = True, suggestions: bool = True,
                       exclude: tuple[str, ...] = (), include_archives: bool = False,
                       limits: tuple[tuple[str, int], ...] = (), project: str | None = None,
                       project_from_config: bool = False,
                       project_from_path: bool = False) -> None:
        self.profile = profile
        self.max_lines = max_lines
        self.max_bytes = max_bytes
        self.num_ctx = num_ctx
        self.stale_days = stale_days
        self.context_files = context_files
        self.now = now
        self.tokenizers = tokenizers
        self.file_tokens = file_tokens
        self.keep_texts = keep_texts
        self.suggestions = suggestions
        self.exclude = exclude
        self.include_archives = include_archives
        self.limits = limits
        self.project = project
        self.project_from_config = project_from_config
        self.project_from_path = project_from_path


# one per file or link: no __dict__ each (issue 35)
class FileReport(Record):
    """One memory file as the report lists it."""

    __slots__ = ("age_days", "age_source", "bytes", "findings", "linked", "name", "path",
                 "reachable", "tokens", "type")

    path: str
    name: str | None
    type: str | None
    bytes: int
    age_days: int
    age_source: str
    linked: bool
    reachable: bool
    tokens: dict[str, int]
    findings: int

    def __init__(self, path: str, name: str | None, type: str | None, bytes: int, age_days: int,
                       age_source: str, linked: bool, reachable: bool, tokens: dict[str, int],
                       findings: int = 0) -> None:
        self.path = path
        self.name = name
        self.type = type
        self.bytes = bytes
        self.age_days = age_days
        self.age_source = age_source
        self.linked = linked
        self.reachable = reachable
        self.tokens = tokens
        self.findings = findings


# one per file or link: no __dict__ each (issue 35)
class Orphan(Record):
    """A memory that MEMORY.md does not link (or links only past the load limit)."""

    __slots__ = ("linked_from", "past_limit", "path", "reachable")

    path: str
    reachable: bool
    linked_from: list[str]
    #: The index line that links it past the profile's load limit (None: no such line).
    past_limit: int | None

    def __init__(self, path: str, reachable: bool, linked_from: list[str],
                       past_limit: int | None = None) -> None:
        self.path = path
        self.reachable = reachable
        self.linked_from = linked_from
        self.past_limit = past_limit


# one per file or link: no __dict__ each (issue 35)
class BrokenLink(Record):
    """A link to a file that is not there, with the names it may have meant."""

    __slots__ = ("line", "source", "suggestions", "target")

    source: str
    line: int
    target: str
    suggestions: list[str]

    def __init__(self, source: str, line: int, target: str,
                       suggestions: list[str] | None = None) -> None:
        self.source = source
        self.line = line
        self.target = target
        self.suggestions = [] if suggestions is None else suggestions

    @property
    def outside(self) -> bool:
        """Whether the link leads out of the workspace (``../x.md``, ``/home/me/x.md``): its
        ``target`` is then the link as written. A target inside is normalised and relative,
        so it never starts with ``/`` or ``..``."""
        if lexically_outside(self.target):
            return True
        path = outside_path(self.source, self.target)
        return path is not None and lexically_outside(path)


# one per file or link: no __dict__ each (issue 35)
class WikiRef(Record):
    """One ``[[wikilink]]``, what it resolves to and its state."""

    __slots__ = ("line", "resolved", "source", "state", "target")

    source: str
    line: int
    target: str
    resolved: str | None
    state: str

    def __init__(self, source: str, line: int, target: str, resolved: str | None,
                       state: str) -> None:
        self.source = source
        self.line = line
        self.target = target
        self.resolved = resolved
        self.state = state


# one per file or link: no __dict__ each (issue 35)
class LinkResults(Record):
    """What one file's links resolve to, given the current set of files and names."""

    __slots__ = ("broken", "dangling", "findings", "first_line", "targets", "wikirefs")

    findings: list[Finding]
    wikirefs: list[WikiRef]
    broken: list[BrokenLink]
    targets: list[str]  # resolved memory files, in order
    dangling: list[str]
    first_line: dict[str, int]  # target → first line linking it

    def __init__(self, findings: list[Finding] | None = None, wikirefs: list[WikiRef] | None = None,
                       broken: list[BrokenLink] | None = None, targets: list[str] | None = None,
                       dangling: list[str] | None = None,
                       first_line: dict[str, int] | None = None) -> None:
        self.findings = [] if findings is None else findings
        self.wikirefs = [] if wikirefs is None else wikirefs
        self.broken = [] if broken is None else broken
        self.targets = [] if targets is None else targets
        self.dangling = [] if dangling is None else dangling
        self.first_line = {} if first_line is None else first_line


class InjectedBlock(Record):
    """What the agent is given at the start of a session, and its share of the window."""

    text: str
    chars: int
    bytes: int
    tokens: dict[str, int]
    window: int
    files: list[str]
    cut: bool = False  # the profile's load limit cut the index
    window_name: str = ""  # whose window it is ("Claude", "Qwen", "--num-ctx")
    tokenizer: str = "qwen"  # the count the share is taken from
    #: The agent's load limits and how much of each the memory uses (agent profiles).
    loads: list[Load]
    #: The agent and its load rule ("Hermes: MEMORY.md 2,200 / USER.md 1,375 characters");
    #: empty for item and claude-code, whose reports stay as they were.
    rule: str = ""
    #: The index lines (first, last) the agent drops from the middle of MEMORY.md, or None.
    dropped: tuple[int, int] | None = None
    #: The same of the other files it loads (`memtui.core.profiles.base.Injection.unloaded`).
    unloaded: dict[str, tuple[int, int]]
    #: The memories saved as entries of a loaded file (`memtui.core.profiles.base.Injection.saved`).
    saved: dict[str, int]

    def __init__(self, text: str, chars: int, bytes: int, tokens: dict[str, int], window: int,
                       files: list[str], cut: bool = False, window_name: str = "",
                       tokenizer: str = "qwen", loads: list[Load] | None = None,
                       rule: str = "", dropped: tuple[int, int] | None = None,
                       unloaded: dict[str, tuple[int, int]] | None = None,
                       saved: dict[str, int] | None = None) -> None:
        self.text = text
        self.chars = chars
        self.bytes = bytes
        self.tokens = tokens
        self.window = window
        self.files = files
        self.cut = cut
        self.window_name = window_name
        self.tokenizer = tokenizer
        self.loads = [] if loads is None else loads
        self.rule = rule
        self.dropped = dropped
        self.unloaded = {} if unloaded is None else unloaded
        self.saved = {} if saved is None else saved

    @property
    def share(self) -> float:
        return self.tokens.get(self.tokenizer, 0) / self.window if self.window else 0.0


class LineCost(Record):
    """What one MEMORY.md line costs: its characters, bytes and tokens."""

    line: int
    kind: str
    memories: int
    chars: int
    bytes: int
    tokens: dict[str, int]

    def __init__(self, line: int, kind: str, memories: int, chars: int, bytes: int,
                       tokens: dict[str, int]) -> None:
        self.line = line
        self.kind = kind
        self.memories = memories
        self.chars = chars
        self.bytes = bytes
        self.tokens = tokens


# one result is equal to itself alone: comparing two field by field walked every scan, and
# a lazy result's made every one (issue 35)
class AuditResult(Record, eq=False):
    """Everything one audit found, as the reports and the app show it."""

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
    documentation: list[str]
    #: Findings not reported, with why (``memtui.core.reporting.suppress.apply_to``), and the
    #: configuration file that was used (None: none).
    suppressed: list[Suppressed]
    config_path: str | None = None
    #: The reported findings whose severity the configuration lowered, each with the
    #: severity it had (`memtui.core.reporting.hidden`: named in the reports;
    #: ``--fail-on`` given as a flag counts the higher one).
    lowered: list[tuple[Finding, str]]
    #: The memories the configuration's ``exclude`` left out, of them those not read for
    #: what they would yield and those the patterns left out (the archive folders' apart):
    #: ``memtui audit`` counts them (`memtui.core.reporting.hidden`).
    excluded: Excluded = NONE_EXCLUDED
    #: The archive folders excluded by default (not walked), relative, sorted.
    archives_excluded: list[str]
    #: The configuration's ``exclude`` patterns that match no file, each with the pattern
    #: under ``memory/`` that would (None: none would); newuser24 #68.
    #: Each exclude pattern that matches no memory: (pattern, the one under memory/ that
    #: would, how many files that are no memory it matches).
    unused_excludes: list[tuple[str, str | None, int]]
    #: The project stale references were checked against, or why none (set by ``run``).
    project: ProjectInfo | None = None
    #: The app's Findings view lists the suppressed findings too.
    show_suppressed: bool = False
    #: The app's Findings view lists the findings its ``--baseline`` accepts too (key b).
    show_accepted = False  # (not a field: a view setting, as the app sets it)
    #: The span of time (from, until) in which every file's age in whole days, and so the
    #: result, stays the same.
    holds: tuple[float, float] = (float("-inf"), float("inf"))
    #: The ``--baseline`` file the run applied (None: none; set by ``memtui audit``): one
    #: inside the workspace accepts no guarded finding (`memtui.core.verdict`).
    baseline_path: str | None = None
    #: The settings that shape the audit which the workspace's own file set, each with what
    #: the operator's settings give without it (``max-lines = 100000, without it 200``;
    #: set by `memtui.core.kept_out.kept_out`, "" when none): named in every report
    #: (newuser33 #11: a raised load limit turned never-loaded memories into "No findings").
    shaping: str = ""
    #: The settings of the workspace's own file that loosen the verdict (``fail-on =
    #: never, ignore = [broken_link]``; set by ``memtui audit``, "" when none): named in
    #: the Config row (newuser35 #10).
    own_settings: str = ""
    #: A MEMORY.md that is itself a store of memories (Hermes), as the report lists a
    #: memory file: its age, size and findings (newuser34 #16: JSON ``files`` had no row for
    #: it, though ``memory_files`` and ``stale`` counted it); None under other profiles.
    store: FileReport | None = None

    def __init__(self, workspace: Workspace, profile: str, options: AuditOptions,
                       scans: dict[str, FileScan], files: list[FileReport], index: Index,
                       index_linked: set[str], reachable: set[str], orphans: list[Orphan],
                       broken_links: list[BrokenLink], wikirefs: list[WikiRef], graph: Graph,
                       block: InjectedBlock, line_costs: list[LineCost], loaded_lines: int,
                       findings: list[Finding], types: dict[str, int], elapsed: float = 0.0,
                       documentation: list[str] | None = None,
                       suppressed: list[Suppressed] | None = None, config_path: str | None = None,
                       lowered: list[tuple[Finding, str]] | None = None,
                       excluded: Excluded = NONE_EXCLUDED,
                       archives_excluded: list[str] | None = None,
                       unused_excludes: list[tuple[str, str | None, int]] | None = None,
                       project: ProjectInfo | None = None, show_suppressed: bool = False,
                       holds: tuple[float, float] = (float("-inf"), float("inf")),
                       baseline_path: str | None = None, shaping: str = "",
                       own_settings: str = "",
                       store: FileReport | None = None) -> None:
        self.workspace = workspace
        self.profile = profile
        self.options = options
        self.scans = scans
        self.files = files
        self.index = index
        self.index_linked = index_linked
        self.reachable = reachable
        self.orphans = orphans
        self.broken_links = broken_links
        self.wikirefs = wikirefs
        self.graph = graph
        self.block = block
        self.line_costs = line_costs
        self.loaded_lines = loaded_lines
        self.findings = findings
        self.types = types
        self.elapsed = elapsed
        self.documentation = [] if documentation is None else documentation
        self.suppressed = [] if suppressed is None else suppressed
        self.config_path = config_path
        self.lowered = [] if lowered is None else lowered
        self.excluded = excluded
        self.archives_excluded = [] if archives_excluded is None else archives_excluded
        self.unused_excludes = [] if unused_excludes is None else unused_excludes
        self.project = project
        self.show_suppressed = show_suppressed
        self.holds = holds
        self.baseline_path = baseline_path
        self.shaping = shaping
        self.own_settings = own_settings
        self.store = store

    def file(self, path: str) -> FileReport | None:
        return next((f for f in self.files if f.path == path), None)

    def findings_for(self, path: str) -> list[Finding]:
        return [f for f in self.findings if f.path == path]

    def counts(self) -> Counter[str]:
        return Counter(f.kind for f in self.findings)

    def named_by_index(self) -> set[str]:
        """The files the index itself names (its links, resolved wikilinks, pointer lines):
        of ``index_linked``, the rest the agent reaches its own way (OpenClaw's notes,
        found by memory_search: newuser26 #6, every one said "linked from the index")."""
        named = {lk.target for ln in self.index.lines for lk in ln.links if lk.target}
        named.update(w.resolved for w in self.wikirefs
                     if w.source == INDEX_NAME and w.resolved)
        named.update(t for names in self.pointers().values() for t, _there in names)
        return named

    def reach(self, path: str, named: set[str] | None = None) -> str:
        """How the agent reaches ``path``, as the app says it: "linked from the index", the
        profile's ``found_by``, "reachable by links" or "unreachable" (``named``:
        `named_by_index`, when asked for many files)."""
        if path in self.index_linked:
            named = self.named_by_index() if named is None else named
            return "linked from the index" if path in named else get(self.profile).found_by
        return "reachable by links" if path in self.reachable else "unreachable"
    def memory_file_count(self) -> int:
        """The memory files as the agent holds them: the scanned files, and the index when
        the profile's index is itself a store of memories (Hermes' MEMORY.md beside
        USER.md: newuser33 #4/#9, the report said 2, the JSON and the fleet row 1)."""
        return len(self.scans) + (get(self.profile).index_is_store and self.index.exists)

    def saved_only(self) -> bool:
        """Whether the memory is entries saved in a file the agent loads (Gemini's
        GEMINI.md), with no memory file: no index links any, no file is an orphan
        (newuser36 #10)."""
        return bool(self.block.saved) and not self.memory_file_count() and not self.orphans

    def listed_files(self) -> list[FileReport]:
        """Every memory file as the agent holds them, one row each: the store MEMORY.md
        first (the store the agent loads first), then the scanned files; as many as
        `memory_file_count` says."""
        return [self.store, *self.files] if self.store is not None else self.files

    def listed_types(self) -> dict[str, int]:
        """`types` over `listed_files`: a store MEMORY.md (no type) counted with the
        files, so the counts sum to `memory_file_count`."""
        if self.store is None:
            return self.types
        return {**self.types, "unknown": self.types.get("unknown", 0) + 1}

    def store_entries(self) -> int | None:
        """The entries of a MEMORY.md that is a store (Hermes' §-separated entries), as
        its load limit counts them; None when the index is not one."""
        if self.store is None:
            return None
        return next((ld.entries for ld in self.block.loads
                     if ld.path == self.index.path and ld.entries is not None), None)

    def reached_count(self) -> int:
        """Of `memory_file_count`, the files the agent reaches: those the index links or
        the agent finds its own way, and the index itself when it is a store (loaded)."""
        return len(self.index_linked) + (get(self.profile).index_is_store
                                         and self.index.exists)

    def index_unloaded(self) -> list[str]:
        """The files the agent loads instead of ``MEMORY.md`` (Codex's
        ``memory_summary.md``), when it loads some and not the index; [] when it loads the
        index, or nothing (newuser26 #27: the index was "injected whole every turn")."""
        files = self.block.files
        return [] if not files or INDEX_NAME in files else list(files)

    def not_in_block(self) -> list[tuple[str, int]]:
        """The files the agent also loads whole every turn that the injected block does not
        count, with their sizes in bytes (Claude Code's CLAUDE.md files,
        `memtui.core.profiles.base.Profile.not_in_block`): the block's share is not the
        whole per-turn text then (newuser35 #22)."""
        project = self.project.path if self.project is not None else None
        return get(self.profile).not_in_block(self.workspace.root, project)

    def not_in_block_unread(self) -> list[str]:
        """The imports of `not_in_block`'s files not followed, one sentence each
        (newuser38 #8)."""
        project = self.project.path if self.project is not None else None
        return get(self.profile).not_in_block_unread(self.workspace.root, project)

    def pointers(self) -> dict[int, list[tuple[str, bool]]]:
        """The files each index line names the agent's own way beyond its links (Gemini's
        pointer lines, `memtui.core.profiles.base.Profile.pointers`), by line: (the
        workspace-relative path, or the path as written when it leads out; whether it is
        there, i.e. not a broken link of that line)."""
        found = get(self.profile).pointers(self.index.text, str(self.workspace.named_root))
        if not found:
            return {}
        broken = {(b.line, b.target) for b in self.broken_links if b.source == INDEX_NAME}
        out: dict[int, list[tuple[str, bool]]] = {}
        for line, written, rel in found:
            target = rel or written
            out.setdefault(line, []).append((target, (line, target) not in broken))
        return out

    @property
    def beyond_limit(self) -> list[IndexLine]:
        return [ln for ln in self.index.lines if self.never_loaded(ln.number)]

    def never_loaded(self, number: int) -> bool:
        """Whether index line ``number`` never reaches the agent: past the lines it loads,
        or in the middle its cut drops (OpenClaw, newuser27 #27)."""
        dropped = self.block.dropped
        return number > self.loaded_lines or (
            dropped is not None and dropped[0] <= number <= dropped[1])



Progress = Callable[[str, int, int], None]
"""Told how far an audit has come: the phase ("reading", "counting tokens", "linking"),
items done and items in all (0 and 0 for a phase without a count)."""


def window_for(profile: str, num_ctx: int | None) -> tuple[int, str, str]:
    """The window the injected block is measured against: (tokens, whose, tokenizer).
    ``--num-ctx`` wins; else the profile's own (`memtui.core.profiles.base.Profile.window`:
    Claude's under ``claude-code``, counted with cl100k, the default Qwen model's for
    item)."""
    size, whose, tokenizer = get(profile).window
    if num_ctx:
        return num_ctx, "--num-ctx", tokenizer
    return size, whose, tokenizer



def finding_order(f: Finding) -> tuple[bool, NameKey, int, str]:
    """The order findings are reported in: the index's first, then by path (natural order:
    `memtui.core.files.name_order`), line, kind."""
    return (f.path != INDEX_NAME, name_key(f.path), f.line or 0, f.kind)
