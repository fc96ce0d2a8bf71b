"""Codex CLI: ``~/.codex/memories/`` holds ``memory_summary.md`` (the only file injected,
into the developer instructions, trimmed and cut to 2,500 tokens counted as bytes / 4,
cut in the middle with a ``…N tokens truncated…`` marker), ``MEMORY.md`` (searched on
demand), ``raw_memories.md``, ``rollout_summaries/<thread>.md`` and ``skills/<name>/``,
which MEMORY.md and the summary name by path. The memory folder is ``$CODEX_HOME/memories``;
the skills the user installed live beside it in ``$CODEX_HOME/skills/<name>/SKILL.md``, and a
memory naming ``skills/<name>/SKILL.md`` may mean either. Sources: openai/codex
``codex-rs/ext/memories/src/prompts.rs``, ``lib.rs`` and
``codex-rs/utils/string/src/truncate.rs`` (docs/formats.md has the commits)."""

from __future__ import annotations

import datetime
import posixpath
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from memtui.core.checks.findings import Finding, finding
from memtui.core.profiles.base import Injection, Load, Profile, Reader, References
from memtui.core.profiles.files import read_bounded
from memtui.core.scanner.lazy_pattern import lazy_pattern

if TYPE_CHECKING:
    from memtui.core.scanner.index import Index
    from memtui.core.workspace import Workspace

SUMMARY = "memory_summary.md"
BYTES_PER_TOKEN = 4
#: Rust's ``char::is_whitespace`` (the White_Space property), which ``str::trim`` strips.
RUST_SPACE = ("\t\n\v\f\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
              "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
#: A path the memory folder's files name: under rollout_summaries/ or skills/.
PATH = lazy_pattern(r"(?<![\w./-])((?:rollout_summaries|skills)/[\w.@+-]+(?:/[\w.@+-]+)*)")
#: A path written from the Codex home (``memories/2_governance/router.md``,
#: ``~/.codex/memories/…``): the memory folder's own name first, then one of its files.
HOME_PATH = lazy_pattern(r"(?<![\w.-])(?:~/\.codex/|\.codex/)?memories/"
                         r"([\w.@+-]+(?:/[\w.@+-]+)*)")
#: A file named in backticks, by itself (`ACTIVE.md`) or by its path in the memory folder
#: (`2_governance/artifacts/router.md`): the summary tells the agent to read it.
NAMED = lazy_pattern(r"`(?:\./)?([^`\s]{1,200}\.md)`")
#: Files Codex writes for itself, not memories: its extensions' notes and the scratch diff
#: of a consolidation (seen in real folders; ``codex-rs/ext/memories``).
NOT_MEMORIES = ("extensions/",)
SCRATCH = ("phase2_workspace_diff.md",)
#: Where Codex queues what it has not consolidated yet: what it names is not lost.
QUEUE = "raw_memories.md"
#: A credential's advice in the queue (`Codex.said`).
QUEUED = (": Codex loads raw_memories.md into no session, but reads it when it consolidates "
          "its memories, and what it writes from it (the summary) is loaded into every one")
#: Where Codex keeps each thread's summary, and a credential's advice there (`Codex.said`).
ROLLOUTS = "rollout_summaries/"
ON_DEMAND = (": Codex loads no rollout summary into a session; the agent opens one on demand, "
             "when a memory names it, and reads the value then")
#: How a raw memory names its rollout summary (a file of rollout_summaries/).
SUMMARY_FILE = lazy_pattern(r"^\s*rollout_summary_file:\s*([^\s/]{1,255}\.md)\s*$")
#: A rollout summary's name as Codex writes it: the thread's start (UTC, from its UUID v7 id,
#: else the rollout's last update) as ``%Y-%m-%dT%H-%M-%S``, then a short hash and a slug
#: (``rollout_summary_file_stem_from_parts``, codex-rs memories ``storage.rs``).
ROLLOUT_NAME = lazy_pattern(r"rollout_summaries/(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})"
                            r"(?:-[^/]*)?\.md")
#: A note of the memory folder named as Codex names its notes, ``YYYY-MM-DDTHH-MM-SS-<slug>.md``
#: (AGENT_LAYOUTS.md): its date is in its name, and Codex finds it by searching the folder.
NOTE_NAME = lazy_pattern(r"(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})-[^/]+\.md")
#: The name Codex gives its memory folder under its home (``codex_home.join("memories")``).
FOLDER = "memories"
#: The Codex home's default name (``~/.codex``; ``$CODEX_HOME`` moves it).
HOME_NAME = ".codex"
#: Where, under the Codex home, the skills the user installed live (``$CODEX_HOME/skills``).
HOME_SKILLS = "skills/"
#: The Codex home's global instructions, loaded every session: the first non-empty of these
#: (developers.openai.com/codex/guides/agents-md, "Global scope"), the chain cut at
#: ``project_doc_max_bytes`` (32 KiB by default).
HOME_INSTRUCTIONS = ("AGENTS.override.md", "AGENTS.md")
INSTRUCTIONS_BYTES = 32 * 1024


def home_instructions(root: Path) -> str | None:
    """The Codex home's global instructions beside the memory folder at ``root`` (named
    ``memories``), as Codex loads them: the first non-empty file, its first 32 KiB; None
    when there is none. Read, never followed (a symbolic link is no file here)."""
    if root.name != FOLDER:
        return None
    for name in HOME_INSTRUCTIONS:
        text = read_bounded(root.parent / name, INSTRUCTIONS_BYTES)
        if text is not None and text.strip():
            return text
    return None


def home_skill(root: Path, rel: str) -> bool:
    """Whether ``rel`` (``skills/…``) names a skill installed in the Codex home beside the
    memory folder at ``root``: the agent finds it there, so the reference is not broken."""
    if root.name != FOLDER or not rel.startswith(HOME_SKILLS):
        return False
    path = root.parent / rel
    try:
        if path.is_file() or (path / "SKILL.md").is_file():
            return True
        # a skill folder whose entry is ``skill.md``: found on Windows and macOS, whose
        # file systems ignore case (real35: georgexin01/codex-ai-skills' ``skills/
        # starting-point``, named by MEMORY.md, was called no such file)
        return path.is_dir() and any(p.name.lower() == "skill.md" and p.is_file()
                                     for p in path.iterdir())
    except OSError:
        return False


def approx_tokens(n_bytes: int) -> int:
    return (n_bytes + BYTES_PER_TOKEN - 1) // BYTES_PER_TOKEN


def truncate_middle(s: str, max_tokens: int) -> str:
    """``truncate_middle_with_token_budget``: at most ``max_tokens`` × 4 bytes, half from
    the head and half from the tail on UTF-8 character boundaries, a marker between."""
    data = s.encode("utf-8")
    budget = max_tokens * BYTES_PER_TOKEN
    if not data or (max_tokens > 0 and len(data) <= budget):
        return s
    if budget == 0:
        return f"…{approx_tokens(len(data))} tokens truncated…"
    left = budget // 2
    right = budget - left
    tail_start = len(data) - right
    prefix_end, suffix_start, started, at = 0, len(data), False, 0
    for ch in s:
        width = len(ch.encode("utf-8"))
        if at + width <= left:
            prefix_end = at + width
        elif at >= tail_start and not started:
            suffix_start, started = at, True
        at += width
    suffix_start = max(suffix_start, prefix_end)
    marker = f"…{approx_tokens(len(data) - budget)} tokens truncated…"
    return (data[:prefix_end].decode("utf-8") + marker
            + data[suffix_start:].decode("utf-8"))


def middle_lines(raw: str, summary: str, max_tokens: int) -> tuple[int, int] | None:
    """The lines (first, last; 1-based in ``raw``, the file as read) that
    `truncate_middle` drops whole from ``summary`` (``raw`` stripped): a line the head or
    the tail keeps a part of is loaded. None when it drops no whole line."""
    data = summary.encode("utf-8")
    budget = max_tokens * BYTES_PER_TOKEN
    if not data or (max_tokens > 0 and len(data) <= budget):
        return None
    left = budget // 2
    tail_start = len(data) - (budget - left)
    # the head keeps the characters that end within ``left`` bytes, the tail those that
    # start at or after ``tail_start`` (as truncate_middle walks them)
    head_chars = len(data[:left].decode("utf-8", "ignore"))
    tail_chars = len(data[max(tail_start, left):].decode("utf-8", "ignore")) if budget else 0
    start, end = head_chars, len(summary) - tail_chars
    if start >= end:
        return None
    offset = len(raw) - len(raw.lstrip(RUST_SPACE))  # where the summary starts in the file
    first = summary.count("\n", 0, start) + 1 + (start > 0 and summary[start - 1] != "\n")
    last = summary.count("\n", 0, end) + (summary[end - 1] != "\n" and (
        end == len(summary) or summary[end] == "\n"))  # (its last character dropped too)
    lead = raw.count("\n", 0, offset)
    return (first + lead, last + lead) if first <= last else None


#: The window of the models Codex runs (gpt-5*, codex-*: codex-rs ``openai_model_info.rs``
#: gives each 272,000 tokens); cl100k, the OpenAI tokenizer memtui counts offline
#: (newuser32 #53: measured against an assumed Qwen window of 40,960).
CODEX_WINDOW = 272_000


class Codex(Profile):
    name = "codex"
    agent = "Codex"
    hosted_only = True
    window = (CODEX_WINDOW, "Codex (gpt-5)", "cl100k")
    frontmatter = False
    index_of_links = False
    agent_files = True
    limit_keys: ClassVar[dict[str, int]] = {"summary_tokens": 2500}
    cut_note = "Codex keeps its head and tail and drops the middle"
    found_by = "found by Codex: named where it reads, or by a search of its memory folder"
    # a dated name finds a note at the folder's top only; a rollout summary so named is
    # found where it is named (newuser42 #8: "nor named as its notes are", said of one)
    orphan_words = ("named nowhere Codex reads (memory_summary.md, MEMORY.md, AGENTS.md); a "
                    "dated name (YYYY-MM-DDTHH-MM-SS-slug.md) finds a note at the folder's "
                    "top only, not under rollout_summaries/",
                    "only a search of the folder that happens to match it finds it")

    def recognise(self, root: Path) -> bool:
        """The summary is Codex's; so is a folder ``memories`` in a folder ``.codex`` (the
        Codex home's default name, ``~/.codex``) that holds no summary yet: a MEMORY.md there
        is Codex's, not a Hermes store (real29 #2)."""
        if (root / SUMMARY).is_file():
            return True
        return root.name == FOLDER and root.parent.name == HOME_NAME

    def evidence(self, root: Path, given: Path | None = None) -> tuple[int, str] | None:
        """``~/.codex/memories`` is Codex's place; a summary beside the queue or the
        rollout summaries is its file set; a file named memory_summary.md alone is a name
        a Claude Code or item memory may have too (newuser34 #30)."""
        from memtui.core.profiles.evidence import NAME, PLACE, SHAPE, paths_of

        if any(p.name == FOLDER and p.parent.name == HOME_NAME for p in paths_of(root, given)):
            return PLACE, f"the folder is Codex's ~/{HOME_NAME}/{FOLDER}"
        if not (root / SUMMARY).is_file():
            return None
        if (root / QUEUE).is_file() or (root / "rollout_summaries").is_dir():
            return SHAPE, f"{SUMMARY} beside Codex's {QUEUE} or rollout_summaries/"
        return NAME, f"a file named {SUMMARY}"

    def memory(self, rel: str) -> bool:
        return not rel.startswith(NOT_MEMORIES) and rel not in SCRATCH

    def dated(self, rel: str) -> float | None:
        """A rollout summary's date is in its name, written by Codex (real31: an extracted
        Codex folder called all its summaries of unknown age): the start of the thread it
        summarises, the record of one session."""
        m = ROLLOUT_NAME.fullmatch(rel) or NOTE_NAME.fullmatch(rel)
        if m is None:  # (a dated note too: newuser36 #24, its age was a copy's mtime)
            return None
        try:
            when = datetime.datetime(*(int(g) for g in m.groups()),
                                     tzinfo=datetime.UTC)
        except ValueError:
            return None
        return when.timestamp()

    def ages(self, rel: str) -> bool:
        # one thread's record: never stale (a dated note is a memory like any: it can be)
        return ROLLOUT_NAME.fullmatch(rel) is None

    def orphan_severity(self, rel: str) -> str | None:
        """A rollout summary is Codex's own output, rewritten when it consolidates (memtui
        will not index it: add-to-index is not offered): named nowhere, it is ``info``,
        never a warning that fails ``--fail-on warning`` (newuser40 #23)."""
        return "info" if rel.startswith(ROLLOUTS) else None

    def said(self, f: Finding) -> Finding:
        """A broken link is a warning (see below). A credential in the queue: Codex never
        loads raw_memories.md into a session, it reads it when it consolidates (newuser30
        #8: "memories are replayed into every later turn", where the same report said only
        the summary is loaded)."""
        from memtui.core.scanner.readable import REPLAYED

        if f.kind == "broken_link" and f.severity == "error":
            # Codex writes and rewrites every file here itself (memtui offers no fix but
            # redact under codex): a link it left broken is a warning, seen, and no error
            # that fails the default gate with nothing the user can do but a baseline
            # (newuser42 #21, as its rollout orphans are info: newuser40 #23)
            return finding(f.kind, f.path, f.line, f.message, "warning")
        if f.kind != "secret" or not f.message.endswith(REPLAYED):
            return f
        if f.path == QUEUE:
            said = QUEUED
        elif f.path.startswith(ROLLOUTS):  # read on demand only (newuser34 #2)
            said = ON_DEMAND
        else:
            return f
        return finding(f.kind, f.path, f.line, f.message[:-len(REPLAYED)] + said, f.severity)

    def rule(self, limits: dict[str, int]) -> str:
        return f"Codex: {SUMMARY}, {limits['summary_tokens']:,} tokens (bytes / 4)"

    def inject(self, ws: Workspace, limits: dict[str, int], read: Reader) -> Injection:
        raw = read(SUMMARY)
        if raw is None:
            return Injection("", [])
        summary = raw.strip(RUST_SPACE)
        limit = limits["summary_tokens"]
        text = truncate_middle(summary, limit)
        used = approx_tokens(len(summary.encode("utf-8")))
        loads = [Load(SUMMARY, used, limit, "tokens (bytes / 4)", SUMMARY)] if summary else []
        # the lines of the middle the cut drops: a credential there is not loaded
        # (newuser34 #2: "the agent loads this file into every turn" of line 151 of 19 KB)
        cut = middle_lines(raw, summary, limit)
        return Injection(text, [SUMMARY] if text else [], text != summary, loads,
                         unloaded={SUMMARY: cut} if cut is not None else None)

    def references(self, ws: Workspace, index: Index, paths: tuple[str, ...],
                   limits: dict[str, int], read: Reader) -> References:
        known = set(paths)
        # a note named as Codex names them is found by its search of the folder, as the
        # summary tells it to (newuser36 #24: "not linked from the index; unreachable:
        # never seen", for an agent that has no index of links)
        out = References(found={SUMMARY, QUEUE, *(p for p in paths if NOTE_NAME.fullmatch(p))})
        for source in ("MEMORY.md", SUMMARY, QUEUE):
            text = read(source)
            if text is None:
                continue
            for n, line in enumerate(text.splitlines()[:100_000], 1):
                if source != QUEUE:  # a file of the folder named in backticks, or by its
                    # path from the Codex home: read (the queue's words are not yet memory)
                    out.found |= named_files(line, known)
                named_summary = SUMMARY_FILE.match(line)
                if named_summary:
                    out.found |= {f"rollout_summaries/{named_summary[1]}"} & known
                for m in PATH.finditer(line):
                    rel = posixpath.normpath(m[1].rstrip(".,;:"))
                    if rel.startswith(".."):  # climbs out: not a path of this folder
                        continue
                    named = {rel, f"{rel}/SKILL.md"} & known
                    if named:
                        out.found |= named
                    elif source == QUEUE or (ws.root / rel).exists():
                        continue
                    elif home_skill(ws.root, rel):
                        out.findings.append(finding(
                            "outside_link", source, n, f"reference to {rel} leads to the "
                            "Codex home's skills (it exists; not followed)"))
                    else:
                        out.broken.append((source, n, rel))
        # the global AGENTS.md, in every session's instructions, may route the agent to a
        # memory by its path from the Codex home (real26: memories named only there were
        # orphans); only what it names is found, nothing it names is checked
        home = home_instructions(ws.root)
        if home is not None:
            out.found |= {posixpath.normpath(m[1].rstrip(".,;:"))
                          for m in HOME_PATH.finditer(home)} & known
        return out


def named_files(line: str, known: set[str]) -> set[str]:
    """The files of the memory folder (``known``) ``line`` names the way Codex's memories
    name them: in backticks, by name (at the folder's top) or by path in the folder
    (real35: `` `2_governance/artifacts/skill_path_router.md` `` in the summary, the file
    every skill request goes through, was an orphan), or by path from the Codex home."""
    out = {posixpath.normpath(m[1]) for m in NAMED.finditer(line)}
    out |= {posixpath.normpath(m[1].rstrip(".,;:")) for m in HOME_PATH.finditer(line)}
    return out & known

