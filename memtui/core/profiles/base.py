"""What one agent does with its memory folder, behind one small interface (issue 33).

A profile says where the agent's files live and how to recognise them, what the agent puts
into context and how it cuts it, what counts as a reference (so that a file the agent finds
is no orphan, and a reference to a missing file is a broken one), and what unit one entry
is. The auditor asks the profile; it knows no agent by name. Adding an agent is one new
module beside this one, its entry in `memtui.core.profiles.registry`, and its section in
docs/formats.md.

Every method has the plain answer (the item platform's: the whole index, links are
references, every memory has frontmatter), so a profile overrides only what differs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from memtui.core.checks.findings import WORKSPACE, Finding, finding
from memtui.core.record import FrozenRecord, Record, init_field
from memtui.core.reporting.wording import percent

if TYPE_CHECKING:
    from memtui.core.scanner.index import Index
    from memtui.core.workspace import Workspace

#: The window the item platform measures against (the default Qwen model's context).
DEFAULT_NUM_CTX = 40960
#: Whose window an agent profile is measured against when its model is unknown.
ASSUMED_WINDOW = "assumed Qwen"
#: The share of a load limit at which an early warning is given (``near_limit``).
WARN_SHARE = 0.8
#: The finding kinds only an agent profile (gemini, openclaw, hermes, codex) reports (but
#: ``over_limit``/``near_limit`` against the model's window, `window_findings`): the item
#: demo, audited as item, shows every kind but these.
AGENT_KINDS = frozenset({"over_limit", "near_limit", "duplicate_entry", "entry_over_limit",
                         "no_round_trip", "agent_config", "broken_import", "import_in_code",
                         "import_too_deep", "import_cycle"})


class Load(FrozenRecord):
    """One limit the agent loads against: how much of it the memory uses."""

    what: str  # the file or store it measures ("MEMORY.md", "all bootstrap files")
    used: int
    limit: int
    unit: str  # "characters", "tokens", "lines", "bytes"
    path: str | None = None  # the workspace-relative file a finding about it names
    #: The agent's rule cut at this limit although ``used`` fits (a file left too little
    #: room for the next one).
    cut: bool = False
    #: A store of entries (Hermes'): how many its file holds, as the agent splits them
    #: (None: not a store of entries), and how many of those repeat another exactly (the
    #: agent drops them at load).
    entries: int | None = None
    repeated: int = 0
    #: What the figure holds besides the files named beside it ('' when nothing): OpenClaw's
    #: total counts the ``[MISSING]`` markers it injects for absent bootstrap files
    #: (newuser33 #31: "418" beside files adding up to 83).
    holds: str = ""
    #: What a total left this file when less than its own limit (OpenClaw: the files before
    #: it spent the rest), which the agent's cut then applies to (None: its own limit).
    room: int | None = None

    def __init__(self, what: str, used: int, limit: int, unit: str, path: str | None = None,
                       cut: bool = False, entries: int | None = None, repeated: int = 0,
                       holds: str = "", room: int | None = None) -> None:
        init_field(self, "what", what)
        init_field(self, "used", used)
        init_field(self, "limit", limit)
        init_field(self, "unit", unit)
        init_field(self, "path", path)
        init_field(self, "cut", cut)
        init_field(self, "entries", entries)
        init_field(self, "repeated", repeated)
        init_field(self, "holds", holds)
        init_field(self, "room", room)

    def entries_text(self) -> str:
        """``4 entries (1 repeated)``, or '' when not a store of entries."""
        if self.entries is None:
            return ""
        word = "entry" if self.entries == 1 else "entries"
        return f"{self.entries:,} {word}" + (f" ({self.repeated:,} repeated)"
                                            if self.repeated else "")

    @property
    def share(self) -> float:
        return self.used / self.limit if self.limit else 0.0

    def to_dict(self) -> dict[str, object]:
        # a store's entries, as the header shows them (newuser26 #42): added, only there
        return {"what": self.what, "used": self.used, "limit": self.limit, "unit": self.unit,
                "share": round(self.share, 4),
                **({"entries": self.entries, "repeated": self.repeated}
                   if self.entries is not None else {}),
                **({"holds": self.holds} if self.holds else {}),
                **({"room": self.room} if self.room is not None else {})}


class Injection(Record):
    """What the agent puts into context: the text, the files it came from, whether the
    agent's rule cut anything, and the limits it was measured against."""

    text: str
    files: list[str]
    cut: bool = False
    loads: list[Load]
    findings: list[Finding]
    #: The index lines (first, last) the agent's cut drops from the middle of MEMORY.md
    #: (OpenClaw keeps a head and a tail), or None.
    dropped: tuple[int, int] | None = None
    #: The agent's load rule as it applies to this folder, when not `Profile.rule`'s (a
    #: legacy file loaded in MEMORY.md's place: newuser28 #29); "" for that one.
    rule: str = ""
    #: Of the files loaded besides MEMORY.md, the lines (first, last) the agent's cut drops
    #: from the middle (Codex's memory_summary.md past its tokens: newuser34 #2).
    unloaded: dict[str, tuple[int, int]]
    #: The memories the agent saved as entries of a file it loads, by file (Gemini's
    #: ``## Gemini Added Memories`` bullets in GEMINI.md: newuser36 #10, "Memory files 0").
    saved: dict[str, int]

    def __init__(self, text: str, files: list[str], cut: bool = False,
                       loads: list[Load] | None = None,
                       findings: list[Finding] | None = None,
                       dropped: tuple[int, int] | None = None, rule: str = "",
                       unloaded: dict[str, tuple[int, int]] | None = None,
                       saved: dict[str, int] | None = None) -> None:
        self.text = text
        self.files = files
        self.cut = cut
        self.loads = [] if loads is None else loads
        self.findings = [] if findings is None else findings
        self.dropped = dropped
        self.rule = rule
        self.unloaded = {} if unloaded is None else unloaded
        self.saved = {} if saved is None else saved


class References(Record):
    """What the profile's own reading of the folder adds to the links: files the agent
    finds (never orphans), broken references (source, line, target) and findings."""

    found: set[str]
    broken: list[tuple[str, int, str]]
    findings: list[Finding]

    def __init__(self, found: set[str] | None = None,
                       broken: list[tuple[str, int, str]] | None = None,
                       findings: list[Finding] | None = None) -> None:
        self.found = set() if found is None else found
        self.broken = [] if broken is None else broken
        self.findings = [] if findings is None else findings


#: Reads a workspace-relative file's text, bounded (None: not there or not a file).
Reader = Callable[[str], "str | None"]


def bound_findings(ws: Workspace, files: list[str]) -> list[Finding]:
    """A ``read_problem`` for each file the agent loads that is longer than memtui reads of
    it (`memtui.core.profiles.files.MAX_AGENT_FILE`): its load figures and entries count the
    part read, and the report says so (newuser32 #46: a 2,159,996-byte store counted from
    its first 2 MiB without a word)."""
    from memtui.core.profiles.files import MAX_AGENT_FILE, past_bound

    out = []
    for rel in files:
        size = past_bound(ws.root / rel)
        if size is not None:
            out.append(finding("read_problem", rel, None,
                               f"{rel} is {size:,} bytes; memtui reads the first "
                               f"{MAX_AGENT_FILE:,} of an agent's file: its load figures, "
                               "entries and injected block count that part only"))
    return out


def links_out_findings(read: Reader) -> list[Finding]:
    """An ``unchecked_text`` error for each file ``read`` was asked for that is a symbolic
    link out of the workspace (`memtui.core.profiles.files.AgentFiles.links_out`), but the
    index (its own read says it)."""
    from memtui.core.scanner.scan import followed_unread

    return [followed_unread(rel) for rel in getattr(read, "links_out", ())
            if rel != "MEMORY.md"]


class AgentView(Record):
    """What an agent profile makes of a folder in one audit: the limits in force, what the
    agent injects, what it treats as references, and the findings of all three."""

    limits: dict[str, int]
    injection: Injection | None
    references: References
    findings: list[Finding]

    def __init__(self, limits: dict[str, int], injection: Injection | None, references: References,
                       findings: list[Finding]) -> None:
        self.limits = limits
        self.injection = injection
        self.references = references
        self.findings = findings


def load_findings(loads: list[Load], agent: str,
                  cut_note: str | Callable[[Load], str]) -> list[Finding]:
    """``over_limit`` for each limit the memory passes, ``near_limit`` for each it uses 80 %
    or more of (before anything is cut: the agent only notices once the newest entries
    are gone). ``cut_note`` says what the agent does past the limit, or is asked per load
    (where that depends on how far past: `Profile.cut_note_for`)."""
    out: list[Finding] = []
    for load in loads:
        where = load.path or WORKSPACE
        used = (f"{load.what}: {load.used:,} of {load.limit:,} {load.unit} "
                f"({percent(load.used, load.limit)})")
        if load.used > load.limit:
            note = cut_note if isinstance(cut_note, str) else cut_note(load)
            out.append(finding("over_limit", where, None,
                               f"{used}: past {agent}'s load limit; {note}"))
        elif load.cut and load.path is not None:  # one file, within its own limit
            out.append(finding("over_limit", where, None,
                               f"{used}: within its own limit, but what the total left was "
                               f"too little: {agent} cut it or left it out"))
        elif load.cut:
            out.append(finding("over_limit", where, None,
                               f"{used}: the room left was too small for the next file, "
                               f"which {agent} left out or cut"))
        elif load.share >= WARN_SHARE:
            out.append(finding("near_limit", where, None,
                               f"{used}: near {agent}'s load limit, nothing cut yet"))
    return out


def window_findings(used: int, window: int, whose: str, tokenizer: str) -> list[Finding]:
    """``over_limit`` (an error) when the injected block is larger than the model's window,
    ``near_limit`` when it uses 80 % or more of it: the index that crowds out the
    conversation, which only the header's bar showed (newuser24 #29: a block of 749,826
    tokens, 18x the window, made no finding, and ``--fail-on error`` passed). Not for a
    window only assumed (an agent whose model memtui cannot know)."""
    if not window or whose == ASSUMED_WINDOW:
        return []
    share = used / window
    figures = (f"{used:,} of the {whose} window's {window:,} {tokenizer} tokens "
               f"({percent(used, window)})")
    if used > window:
        return [finding("over_limit", "MEMORY.md", None,
                        f"the injected block is {figures}: larger than the window, it cannot "
                        "be loaded whole, let alone leave room for the conversation",
                        severity="error")]
    if share >= WARN_SHARE:
        return [finding("near_limit", "MEMORY.md", None,
                        f"the injected block uses {figures}: little room is left for the "
                        "conversation")]
    return []


class Profile:
    """The item platform's answers; each agent's profile overrides what differs."""

    name: ClassVar[str] = "item"
    #: The agent's name as a person reads it ("Hermes Agent").
    agent: ClassVar[str] = "item platform"
    #: The window the injected block is measured against, whose it is, and the tokenizer
    #: its share is counted in. An agent whose model memtui cannot know (Codex, Hermes,
    #: OpenClaw, Gemini CLI) is measured against Qwen's, and says it is assumed (issue 32
    #: #14: "Qwen window" read as that agent's); --num-ctx gives the real one.
    window: ClassVar[tuple[int, str, str]] = (DEFAULT_NUM_CTX, ASSUMED_WINDOW, "qwen")
    #: Whether the agent's memory files carry frontmatter (name, description, type).
    frontmatter: ClassVar[bool] = True
    #: Whether ``type:`` at the top level is the agent's own format (Claude Code writes it
    #: so), not drift from ``metadata: type:``: then no "older format" finding.
    top_level_type: ClassVar[bool] = False
    #: Whether MEMORY.md is an index of links (False: it is content the agent loads).
    index_of_links: ClassVar[bool] = True
    #: Whether the agent follows ``[[name]]`` from one file to another (False: its files
    #: link nothing, it finds them by search, AGENT_LAYOUTS.md: a ``[[x]]`` is inert text,
    #: never a dangling or fuzzy wikilink, newuser40 #18).
    wikilinks: ClassVar[bool] = True
    #: The heading the agent's own save tool appends its memories under, in the file it
    #: loads in MEMORY.md's place (Gemini CLI's GEMINI.md); "" when it has none.
    saved_section: ClassVar[str] = ""
    #: The agent runs on its vendor's hosted models only (Claude Code, Codex, Gemini CLI):
    #: no Ollama server cuts its prompt for want of a num_ctx, so the report does not say
    #: what one would (the item platform, OpenClaw, Hermes and Serena run local models too).
    hosted_only: ClassVar[bool] = False
    #: Whether MEMORY.md is itself a store of memories the agent writes (Hermes' entries),
    #: not an index of them: it then has an age like any memory and can be stale.
    index_is_store: ClassVar[bool] = False
    #: The limits a flag or the agent's config may set: key → default.
    limit_keys: ClassVar[dict[str, int]] = {}
    #: Whether the agent cuts the index at ``--max-lines`` / ``--max-bytes``.
    index_cut: ClassVar[bool] = False
    #: Whether the profile reads the agent's own files beyond the memories (its result is
    #: then derived afresh on each audit: no cache knows those files).
    agent_files: ClassVar[bool] = False
    #: Whether the agent works in a workspace wider than its memory folder, whose top-level
    #: files it reads with its tools (OpenClaw's ``API-KEYS.md``, ``.env`` beside
    #: ``memory/``): those are then read for credentials only
    #: (`memtui.core.scanner.readable.top_files`; redteam34). A profile whose memory folder
    #: is the workspace (Claude Code, Gemini, Hermes, Codex, Serena) has it walked whole.
    workspace_files: ClassVar[bool] = False
    #: The agent's memory folder, as far as its file tools reach: ``folder``, the whole
    #: folder audited (a ``memory/`` subfolder in it is one more folder the agent reads:
    #: newuser38 #25); ``memory``, MEMORY.md and ``memory/`` (the item platform), the rest
    #: of the workspace not the agent's (`memtui.core.scanner.walk_scope.scope`).
    reach: ClassVar[str] = "folder"
    #: How the agent reaches a file its index does not link (``references``'s ``found``),
    #: as the app says it beside the file ("linked from the index" would be false).
    found_by: ClassVar[str] = "found by the agent"
    #: What the agent does past a limit, for ``over_limit``'s message.
    cut_note: ClassVar[str] = "the rest is cut"
    #: How an orphan is said: (what it lacks, what becomes of it unreached) in the agent's
    #: terms (Codex retrieves by search: newuser36 #24).
    orphan_words: ClassVar[tuple[str, str]] = ("not linked from the index",
                                               "unreachable: never seen")

    def not_in_block(self, root: Path, project: str | None) -> list[tuple[str, int]]:
        """Files the agent loads every turn that the injected block does not count, with
        their sizes in bytes (none here: the block is all the agent is given)."""
        return []

    def loaded_on_use(self, root: Path) -> list[str]:
        """Files (relative to ``root``) the agent loads whole into a turn when it uses what
        they describe, not every turn (OpenClaw's skills): read as the files it loads every
        turn are for an order hidden in an HTML comment (none here)."""
        return []

    def not_in_block_unread(self, root: Path, project: str | None) -> list[str]:
        """What ``not_in_block``'s files import that was not followed (a target not there,
        a cycle, past the hops), one sentence each."""
        return []

    def cut_note_for(self, load: Load) -> str:
        """What the agent does with ``load`` past its limit (``cut_note`` unless it
        depends on how far past)."""
        return self.cut_note

    def view(self, ws: Workspace, index: Index, paths: tuple[str, ...],
             given: dict[str, int], read: Reader) -> AgentView | None:
        """All the profile makes of the folder (None for a profile with no files of its
        own to read: item, claude-code)."""
        if not self.agent_files:
            return None
        from memtui.core.profiles.imports import import_findings

        limits, found = self.limits(ws, given)
        found += import_findings(ws, read, self.import_roots(read))
        injection = self.inject(ws, limits, read)
        refs = self.references(ws, index, paths, limits, read)
        if injection is not None:
            found += injection.findings
            found += load_findings(injection.loads, self.agent, self.cut_note_for)
            found += bound_findings(ws, injection.files)
        # A file the agent loads (a bootstrap file, a store, an import) that is a symbolic
        # link out of the workspace: it follows it, memtui never reads it (redteam33).
        found += links_out_findings(read)
        return AgentView(limits, injection, refs, [*found, *refs.findings])

    def memory(self, rel: str) -> bool:
        """Whether a markdown file the walk found is one of the agent's memories."""
        return True

    def memories_in(self, ws: Workspace) -> Callable[[str], bool]:
        """`memory` for the folder ``ws``: where an agent keeps its memories may depend on
        the folder (Gemini's memory folder or a project's GEMINI.md)."""
        return self.memory

    def recognise(self, root: Path) -> bool:
        """Whether the folder at ``root`` looks like this agent's (never for item)."""
        return False

    def evidence(self, root: Path, given: Path | None = None) -> tuple[int, str] | None:
        """How strongly the folder at ``root`` (named ``given`` by the user, before links
        were resolved) shows this agent's layout, and what shows it
        (`memtui.core.profiles.evidence`); None: nothing of it (item and claude-code are
        weighed by the registry)."""
        return None

    def rule(self, limits: dict[str, int]) -> str:
        """The agent's load rule in a few words ("Hermes: 2,200 characters")."""
        return "the whole index"

    def limits(self, ws: Workspace, given: dict[str, int]) -> tuple[dict[str, int],
                                                                  list[Finding]]:
        """The limits in force: the flags' (``given``), else the agent's config next to the
        memory, else the defaults; and what reading the config found."""
        return {k: given.get(k, v) for k, v in self.limit_keys.items()}, []

    def loaded_lines(self, index: Index, max_lines: int, max_bytes: int) -> int:
        """How many index lines the agent loads (links past them are never seen)."""
        return len(index.lines)

    def load_findings(self, index: Index, loaded: int, max_lines: int, max_bytes: int
                      ) -> list[Finding]:
        """Findings about the index lines the agent does not load."""
        return []

    def inject(self, ws: Workspace, limits: dict[str, int], read: Reader
               ) -> Injection | None:
        """What the agent injects, cut its way; None: the configured context files (the
        index's loaded lines), as memtui has always counted them."""
        return None

    def references(self, ws: Workspace, index: Index, paths: tuple[str, ...],
                   limits: dict[str, int], read: Reader) -> References:
        """What this agent treats as a reference beyond markdown links and wikilinks."""
        return References()

    def pointers(self, text: str, root: str) -> list[tuple[int, str, str | None]]:
        """The files the index text names the agent's own way, beyond markdown links and
        wikilinks (Gemini's pointer lines): (line, as written, workspace-relative path or
        None when it leads out of the folder at ``root``), in line order."""
        return []

    def import_roots(self, read: Reader) -> tuple[str, ...]:
        """The files whose ``@path`` imports the agent follows (of CLAUDE.md, GEMINI.md,
        AGENTS.md): none unless its loader expands them. Only Claude Code (CLAUDE.md) and
        Gemini CLI (GEMINI.md, `memtui.core.profiles.gemini`) document imports; OpenClaw
        injects its bootstrap files' text as written, Codex reads AGENTS.md as plain text
        and Hermes has no links (newuser30 #17: an ``@docs/x.md`` in OpenClaw's AGENTS.md
        was a ``broken_import`` error, exit 1, for prose the agent never expands)."""
        return ()

    def second_indexes(self, paths: tuple[str, ...]) -> tuple[str, ...]:
        """The files among ``paths`` the agent loads as an index beside MEMORY.md (their
        loaded lines' links make memories linked, never orphans): none but Claude Code's."""
        return ()

    def keeps(self, f: Finding) -> bool:
        """Whether a finding of the common rules means something for this agent."""
        if not self.frontmatter and f.kind == "frontmatter":
            return False
        return self.index_of_links or f.kind not in ("content_in_index", "unlinked_mention")

    def stands_in(self, rel: str) -> bool:
        """Whether the agent loads file ``rel`` in MEMORY.md's place when there is none
        (Codex's summary, Gemini's GEMINI.md), not beside it all the same (Hermes' USER.md,
        OpenClaw's bootstrap files: newuser34 #18)."""
        return True

    def said(self, f: Finding) -> Finding:
        """A finding of the common rules in this agent's terms (as found: the default)."""
        return f

    def follows_links_in(self, source: str) -> bool:
        """Whether the agent follows the links written in file ``source`` (a link it never
        follows is not broken for it: no finding, not counted)."""
        return True

    def orphan_severity(self, rel: str) -> str | None:
        """The severity of ``rel``'s ``orphan`` finding when it is not the rule's (None):
        a file the agent writes and rewrites itself is no orphan for the user to fix."""
        return None

    def directive(self, target: str) -> bool:
        """Whether a ``[[target]]`` is the agent's own tag, not a wikilink to a memory."""
        return False

    def dated(self, rel: str) -> float | None:
        """A file's date from its name, when the agent names files by date (else None)."""
        return None

    def ages(self, rel: str) -> bool:
        """Whether a file can be stale (a dated log is a record of its day, never stale)."""
        return True
