"""OpenClaw: a workspace (``~/.openclaw/workspace/``) whose bootstrap files AGENTS.md,
SOUL.md, TOOLS.md, IDENTITY.md, USER.md, HEARTBEAT.md, BOOTSTRAP.md and MEMORY.md are
injected into every turn in that order (``memory.md`` in MEMORY.md's place when there is
no MEMORY.md), each cut to a per-file cap and all of them to a
total cap (a cut file keeps 70 % head + 20 % tail around a marker); a missing one injects a
short ``[MISSING]`` line. Daily notes ``memory/YYYY-MM-DD.md`` are not injected: the agent
searches them (``memory_search``), so they are never orphans, and their date is their
name's. The caps are ``agents.defaults.bootstrapMaxChars`` / ``bootstrapTotalMaxChars`` in
``~/.openclaw/openclaw.json``. Lengths are JavaScript's: UTF-16 code units. Sources:
openclaw/openclaw ``src/agents/workspace.ts`` and
``src/agents/pi-embedded-helpers/bootstrap.ts`` (docs/formats.md has the commits).

The module is past 500 lines: one agent's layout — its injection and cuts, its notes, its
skills and how its findings are worded — read in one place."""

from __future__ import annotations

import datetime
import os
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from memtui.core.checks.findings import Finding, finding
from memtui.core.profiles.base import Injection, Load, Profile, Reader, References
from memtui.core.profiles.files import dig, load_config, positive_int
from memtui.core.reporting.wording import plural
from memtui.core.scanner.lazy_pattern import lazy_pattern

if TYPE_CHECKING:
    from memtui.core.scanner.index import Index
    from memtui.core.workspace import Workspace

#: The bootstrap files, in the order they are injected (workspace.ts,
#: loadWorkspaceBootstrapFiles).
#: Bootstrap files only OpenClaw keeps (AGENTS.md and MEMORY.md are other agents' too).
OWN_BOOTSTRAP = ("SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md",
                 "BOOTSTRAP.md")
#: Bootstrap names a code repository keeps too (not OpenClaw's alone, newuser34 #31).
GENERIC = ("TOOLS.md", "USER.md")
BOOTSTRAP = ("AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md",
             "BOOTSTRAP.md", "MEMORY.md")
#: The bootstrap files that are the operator's standing instructions by design (operating
#: rules, persona, identity, tool notes, heartbeat tasks, first-run steps): USER.md and
#: MEMORY.md are what the agent knows, the data a memory check is about.
INSTRUCTIONS = ("AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "HEARTBEAT.md",
                "BOOTSTRAP.md")
#: MEMORY.md's lowercase alias, loaded when there is no MEMORY.md (a fallback: never both).
ALT_MEMORY = "memory.md"
MIN_FILE_BUDGET = 64
#: Where OpenClaw's AGENTS.md template has the agent keep its heartbeat checks' times
#: ("Track your checks in memory/heartbeat-state.json"): a workspace holding it, and no
#: bootstrap file beside MEMORY.md, is one whose template files were not kept (real35).
HEARTBEAT_STATE = "memory/heartbeat-state.json"
DAILY = lazy_pattern(r"(?:.*/)?(\d{4})-(\d{2})-(\d{2})(?:[^/]*)\.md")
DAY_NOTE = lazy_pattern(r"\d{4}-\d{2}-\d{2}\.md")
#: A credential's advice in a note under memory/ (`OpenClaw.said`): what the note is (a
#: daily note is ``memory/YYYY-MM-DD….md``; fix40a: ``memory/proxy-config.md`` was called
#: one), then how the agent comes to the value.
SEARCHED = ("; memory_search finds it, and gives the agent the value, when the agent "
            "searches its memory")
DAILY_NOTE = ": OpenClaw loads no daily note into a turn"
OTHER_NOTE = (": a note under memory/ (not a daily note: no day in its name), which OpenClaw "
              "loads into no turn")
#: How a relative date's finding ends (`memtui.core.checks.relative_date`), and how it ends
#: in an OpenClaw note nothing dates: neither the reader nor memtui knows the day the note
#: was written, so neither can tell the day meant, nor whether it has passed.
UNTOLD = ": a later reader cannot tell when that was"
UNDATED_NOTE = (", in a note nothing dates (no day in its name, no date in its frontmatter): "
                "the day it meant is unknown, to a reader and to memtui, which cannot tell "
                "whether it has passed; write that day, or name the note by its day "
                "(memory/YYYY-MM-DD.md)")
#: OpenClaw's reply tags, ``[[reply_to_current]]`` and ``[[reply_to:<id>]]`` (whitespace
#: allowed inside): the first token of a reply, kept in the transcripts its session-memory
#: hook saves as notes. Not wikilinks (system prompt, "Reply Tags"; newuser23 #27).
REPLY_TAG = lazy_pattern(r"\s*reply_to(?:_current\s*|\s*:[^\]]*)")
#: OpenClaw's text-to-speech directives in a reply, ``[[tts:<key=value …>]]`` and the
#: ``[[tts:text]]…[[/tts:text]]`` block (docs.openclaw.ai, tools/tts/commands), and the
#: bare ``[[tts]]`` a note names them by: tags, not wikilinks (real32: three notes saying
#: "the [[tts]] tags do not work" had a dangling wikilink each).
TTS_TAG = lazy_pattern(r"\s*/?\s*tts\s*(?::[^\]]*)?")
#: How many entries of ``skills/`` are looked at for a SKILL.md (`OpenClaw.loaded_on_use`).
MAX_SKILLS = 500
#: How many entries of ``memory/`` recognition looks at.
SCAN_MAX = 10_000
#: An order to delete BOOTSTRAP.md: OpenClaw's first-run checklist, which its template ends
#: by asking the agent to delete once onboarding is done (docs/reference/templates/
#: BOOTSTRAP.md); a note recording or planning that step asks nothing of the memory (real33:
#: three workspaces' daily notes, "- [ ] Delete BOOTSTRAP.md", "删除 BOOTSTRAP.md").
ONBOARDED = lazy_pattern(r"delete or rewrite its memory: “[^”]*\bBOOTSTRAP\.md”$")

#: The instruction_like findings that a bootstrap file of ``INSTRUCTIONS`` is for: what
#: the operator tells the agent there (`memtui.core.checks.instructions`,
#: `memtui.core.checks.addressed`, `memtui.core.checks.voice`), a chat role tag among them
#: ("<system>Be brief.</system>", newuser34 #15). Still read there: an order to drop or
#: reveal instructions, to keep an act from the user, to act for someone else.
STANDING = ("gives the model standing orders", "is addressed to the model",
            "imitates a system marker", "turns to the model", "contains a chat role tag")


def units(s: str) -> int:
    """``s.length`` in JavaScript: UTF-16 code units."""
    return len(s) + sum(1 for c in s if ord(c) > 0xFFFF)


def js_slice(s: str, start: int, end: int | None = None) -> str:
    """``s.slice(start, end)`` in UTF-16 code units (a cut surrogate pair keeps its half,
    as JavaScript's does: shown here as U+FFFD)."""
    data = s.encode("utf-16-le", "surrogatepass")
    n = len(data) // 2
    a = max(0, n + start) if start < 0 else min(start, n)
    b = n if end is None else (max(0, n + end) if end < 0 else min(end, n))
    return data[2 * a:2 * max(a, b)].decode("utf-16-le", "replace")


def js_trim_end(s: str) -> str:
    """``String.prototype.trimEnd`` (WhiteSpace and LineTerminator, not U+0085 or
    U+001C–U+001F, which Python's ``rstrip`` also takes)."""
    return s.rstrip(" \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
                    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff")


def truncate_safe(s: str, limit: int) -> str:
    """``truncateUtf16Safe``: the first ``limit`` units, a surrogate pair never cut."""
    if units(s) <= limit:
        return s
    data = s.encode("utf-16-le", "surrogatepass")
    end = limit
    if 0 < end < len(data) // 2:
        hi = int.from_bytes(data[2 * end - 2:2 * end], "little")
        lo = int.from_bytes(data[2 * end:2 * end + 2], "little")
        if 0xD800 <= hi <= 0xDBFF and 0xDC00 <= lo <= 0xDFFF:
            end -= 1
    return data[:2 * end].decode("utf-16-le", "replace")


def trim_file(content: str, name: str, max_chars: int) -> tuple[str, bool, int]:
    """``trimBootstrapContent``: (content, cut, original length)."""
    trimmed = js_trim_end(content)
    length = units(trimmed)
    if length <= max_chars:
        return trimmed, False, length
    head_n, tail_n = int(max_chars * 0.7), int(max_chars * 0.2)
    head, tail = js_slice(trimmed, 0, head_n), js_slice(trimmed, -tail_n) if tail_n else trimmed
    marker = "\n".join(["", f"[...truncated, read {name} for full content...]",
                        f"…(truncated {name}: kept {head_n}+{tail_n} chars of {length})…", ""])
    return "\n".join([head, marker, tail]), True, length


def dropped_lines(content: str, max_chars: int) -> tuple[int, int] | None:
    """The lines (first, last; 1-based) of ``content`` that `trim_file` at ``max_chars``
    drops whole from the middle (a line the head or the tail keeps a part of is seen), or
    None when it drops none (newuser27 #27: the Index view showed them as loaded)."""
    trimmed = js_trim_end(content)
    if units(trimmed) <= max_chars:
        return None
    head_n, tail_n = int(max_chars * 0.7), int(max_chars * 0.2)
    start = len(js_slice(trimmed, 0, head_n))
    end = len(trimmed) - len(js_slice(trimmed, -tail_n)) if tail_n else len(trimmed)
    first = trimmed.count("\n", 0, start) + 1 + (start > 0 and trimmed[start - 1] != "\n")
    last = trimmed.count("\n", 0, end)
    return (first, last) if first <= last else None


def _kept(cap: int) -> str:
    """``the first 8,400 and the last 2,400 characters (70 % and 20 % of 12,000)``: what
    `trim_file` keeps of a file past ``cap``."""
    return (f"the first {int(cap * 0.7):,} and the last {int(cap * 0.2):,} characters (70 % and "
            f"20 % of {cap:,})")


#: Repeated lines named one by one, at most (the rest counted on the last).
REPEATS_NAMED = 20
#: A line shorter than this (stripped) is structure, not a fact written twice.
REPEAT_LEAST = 20


def repeated_lines(name: str, content: str, cap: int) -> list[Finding]:
    """Each line of ``name`` (MEMORY.md, loaded whole every turn) written again word for
    word, outside code blocks: OpenClaw loads and counts both against its ``cap``, and does
    not drop the copy as Hermes does (newuser38 #12: a MEMORY.md of 121 bullets, 8 distinct,
    dreaming's promotions repeated, had no finding). Headings, table rows, rules and lines
    under `REPEAT_LEAST` characters are structure."""
    first: dict[str, int] = {}
    out: list[Finding] = []
    more = wasted = 0
    fence = ""
    for n, line in enumerate(content.splitlines(), 1):
        key = line.strip()
        if key.startswith(("```", "~~~")):
            fence = "" if fence and key.startswith(fence) else fence or key[:3]
            continue
        if fence or len(key) < REPEAT_LEAST or key.startswith(("#", "|", "---", "***")):
            continue
        if key not in first:
            first[key] = n
            continue
        wasted += units(line) + 1
        if len(out) < REPEATS_NAMED:
            out.append(finding("duplicate_entry", name, n,
                               f"line {first[key]} again word for word: OpenClaw loads both "
                               f"every turn and counts both against its {cap:,} characters "
                               "(it drops no copy)"))
        else:
            more += 1
    if more:
        out.append(finding("duplicate_entry", name, out[-1].line,
                           f"and {plural(more, 'more repeated line')} after this one "
                           f"({wasted:,} characters written twice in all)"))
    return out


def clamp(content: str, budget: int) -> str:
    """``clampToBudget``."""
    if budget <= 0:
        return ""
    if units(content) <= budget:
        return content
    if budget <= 3:
        return truncate_safe(content, budget)
    return truncate_safe(content, budget - 1) + "…"


def build(files: list[tuple[str, str, str | None]], max_chars: int, total_max: int
          ) -> tuple[list[tuple[str, str]], list[tuple[str, int]], bool, dict[str, int]]:
    """``buildBootstrapContextFiles`` over (name, absolute path, content or None when
    missing): the injected (name, content), each present file's length, whether any
    was cut, and the cap each present file was cut to."""
    remaining = max(1, total_max)
    out: list[tuple[str, str]] = []
    lengths: list[tuple[str, int]] = []
    cut = False
    caps: dict[str, int] = {}
    for name, path, content in files:
        if remaining <= 0:
            break
        if content is None:
            text = clamp(f"[MISSING] Expected at: {path}", remaining)
            if not text:
                break
            remaining = max(0, remaining - units(text))
            out.append((name, text))
            continue
        if remaining < MIN_FILE_BUDGET:
            cut = True
            break
        caps[name] = cap = max(1, min(max_chars, remaining))
        trimmed, was_cut, length = trim_file(content, name, cap)
        lengths.append((name, length))
        within = clamp(trimmed, remaining)
        if not within:
            continue
        cut = cut or was_cut or units(within) < units(trimmed)
        remaining = max(0, remaining - units(within))
        out.append((name, within))
    return out, lengths, cut, caps


def missing_markers(injected: list[tuple[str, str]]) -> str:
    """What the total holds besides the files: the ``[MISSING] Expected at: …`` line
    OpenClaw injects for each absent bootstrap file, named ('' when none is absent)."""
    missing = [(name, units(text)) for name, text in injected
               if text.startswith("[MISSING]")]
    if not missing:
        return ""
    marks = sum(n for _, n in missing)
    files = sum(units(text) for _, text in injected) - marks
    return (f"{files:,} in the files above, {marks:,} in "
            f"{plural(len(missing), '[MISSING] marker')} OpenClaw injects for the absent "
            + ", ".join(name for name, _ in missing))


class OpenClaw(Profile):
    name = "openclaw"
    agent = "OpenClaw"
    frontmatter = False
    index_of_links = False
    wikilinks = False  # retrieval by search (memory_search / memory_get): no links
    agent_files = True
    # the workspace (~/.openclaw/workspace/) is the agent's working folder: its tools read
    # what lies beside the bootstrap files (real folders keep an API-KEYS.md, a .env there)
    workspace_files = True
    # and its folders beside memory/: OpenClaw's agent reads a skill's SKILL.md each time
    # it uses the skill (the system prompt lists every skill's name and description) and
    # opens skills/, docs/ with its file tools, so the workspace is walked whole, what lies
    # outside memory/ read for credentials (`memtui.core.scanner.walk_scope`; newuser38 #6,
    # its OpenClaw half; memtui's own agent reaches them too, `memtui.agent.reach`)
    reach = "folder"
    limit_keys: ClassVar[dict[str, int]] = {"bootstrap_max_chars": 20_000,
                                            "bootstrap_total_max_chars": 150_000}
    cut_note = "OpenClaw keeps its first 70 % and last 20 % and drops the middle"
    found_by = "found by memory_search"

    def said(self, f: Finding) -> Finding:
        """A credential in a daily note: OpenClaw never injects one, memory_search finds it
        when the agent searches (newuser34 #2: "replayed into every later turn", worded as
        TOOLS.md's, which is in every turn)."""
        from memtui.core.scanner.readable import REPLAYED

        if f.kind == "relative_date" and f.path.startswith("memory/") \
                and f.message.endswith(UNTOLD):
            # a note with no day in its name and no frontmatter date (those are no finding):
            # its date is unknown, so is the day its "next week" meant (fix38a's notes)
            return finding(f.kind, f.path, f.line, f.message[:-len(UNTOLD)] + UNDATED_NOTE,
                           f.severity)
        if f.kind != "secret" or not f.path.startswith("memory/") \
                or not f.message.endswith(REPLAYED):
            return f
        what = DAILY_NOTE if DAILY.fullmatch(f.path) is not None else OTHER_NOTE
        return finding(f.kind, f.path, f.line, f.message[:-len(REPLAYED)] + what + SEARCHED,
                       f.severity)

    def loaded_on_use(self, root: Path) -> list[str]:
        """Each skill's ``skills/<name>/SKILL.md``: OpenClaw lists every skill's name and
        description in its system prompt and reads the file whole when it uses the skill
        (at most `MAX_SKILLS` looked at)."""
        out: list[str] = []
        try:
            with os.scandir(root / "skills") as it:
                for n, entry in enumerate(it):
                    if n >= MAX_SKILLS:
                        break
                    if entry.is_dir(follow_symlinks=False) and os.path.isfile(
                            os.path.join(entry.path, "SKILL.md")):
                        out.append(f"skills/{entry.name}/SKILL.md")
        except OSError:
            return []
        return sorted(out)

    def stands_in(self, rel: str) -> bool:
        return rel == ALT_MEMORY  # the bootstrap files are loaded all the same

    def cut_note_for(self, load: Load) -> str:
        """Past its own cap a file keeps its head and tail; past the total, the files are
        loaded in order and the last ones reached are cut to what is left, or left out
        (newuser30 #27: the total's finding quoted the per-file rule alone)."""
        if load.path is not None and load.room is not None:  # (newuser34 #11 b)
            return (f"the total of all bootstrap files left it only {load.room:,} characters: "
                    f"OpenClaw keeps {_kept(load.room)} and drops the middle")
        if load.path is not None:  # (newuser38 #28: "70 % and 20 %" read as 90 % of the file)
            return f"OpenClaw keeps {_kept(load.limit)} of it and drops the middle"
        return ("OpenClaw loads the files in order until the total is spent: the last one "
                "it reaches is cut to what is left (its first 70 % and last 20 % of that) "
                "and any after it are left out")

    def recognise(self, root: Path) -> bool:
        if not (root / "MEMORY.md").is_file() and not (root / "memory.md").is_file() \
                and not (root / "memory").is_dir():
            # no memory written yet: OpenClaw's workspace template itself (real41: SOUL.md,
            # AGENTS.md, IDENTITY.md, HEARTBEAT.md and no MEMORY.md was claude-code's, its
            # bootstrap files "never seen"); SOUL.md and AGENTS.md with a third file only
            # OpenClaw's template writes, not TOOLS.md or USER.md (a repository's too)
            return (root / "SOUL.md").is_file() and (root / "AGENTS.md").is_file() and any(
                (root / name).is_file() for name in OWN_BOOTSTRAP
                if name not in GENERIC and name != "SOUL.md")
        # SOUL.md is OpenClaw's own; AGENTS.md alone is any agent's (the cross-agent file
        # a repository keeps: newuser24 #37, an item workspace turned openclaw by it), so
        # it counts with a second bootstrap file of OpenClaw's
        if (root / "SOUL.md").is_file() or ((root / "AGENTS.md").is_file() and any(
                (root / name).is_file() for name in OWN_BOOTSTRAP)) \
                or (root / HEARTBEAT_STATE).is_file():
            return True
        try:
            with os.scandir(root / "memory") as it:
                for n, entry in enumerate(it):
                    if n >= SCAN_MAX:
                        break
                    name = entry.name
                    if len(name) == 13 and name[4] == "-" and DAY_NOTE.fullmatch(name):
                        return True
        except OSError:
            return False
        return False

    def evidence(self, root: Path, given: Path | None = None) -> tuple[int, str] | None:
        """openclaw.json beside the workspace is OpenClaw's config; SOUL.md, or AGENTS.md
        with a bootstrap file only OpenClaw keeps, its file set; a dated note, AGENTS.md
        with TOOLS.md or USER.md, or the heartbeat state, names any repository may hold
        (newuser34 #31): an index of links to memories with frontmatter outweighs them
        (`memtui.core.profiles.evidence.own_evidence`)."""
        from memtui.core.profiles.evidence import NAME, PLACE, SHAPE

        if not self.recognise(root):
            return None
        if (root.parent / "openclaw.json").is_file() or root.parent.name == ".openclaw":
            return PLACE, "the folder is OpenClaw's (~/.openclaw, openclaw.json)"
        if (root / "SOUL.md").is_file():
            return SHAPE, "OpenClaw's SOUL.md"
        if (root / "AGENTS.md").is_file():
            own = [n for n in OWN_BOOTSTRAP if n not in GENERIC and (root / n).is_file()]
            if own:
                return SHAPE, f"AGENTS.md beside OpenClaw's {own[0]}"
            if any((root / n).is_file() for n in GENERIC):
                return NAME, "AGENTS.md beside a TOOLS.md or USER.md"
        if not (root / "MEMORY.md").is_file() and (root / "memory" / "MEMORY.md").is_file():
            return None  # memory/ is a memory folder of its own (Claude Code's), not notes
        if (root / HEARTBEAT_STATE).is_file():
            # MEMORY.md and the heartbeat state alone (real35: taken for the item layout,
            # MEMORY.md's facts were 2 false content_in_index)
            return NAME, f"OpenClaw's heartbeat state, {HEARTBEAT_STATE}"
        return NAME, "a note named by a date, memory/YYYY-MM-DD.md"

    def memory(self, rel: str) -> bool:
        return rel.startswith("memory/")  # the bootstrap files are the agent's, not notes

    def rule(self, limits: dict[str, int]) -> str:
        return (f"OpenClaw: {limits['bootstrap_max_chars']:,} characters a file, "
                f"{limits['bootstrap_total_max_chars']:,} in all")

    def limits(self, ws: Workspace, given: dict[str, int]) -> tuple[dict[str, int],
                                                                  list[Finding]]:
        out = dict(self.limit_keys)
        found: list[Finding] = []
        # beside the workspace the agent names: trend audits a copy in a temporary folder
        # (newuser34 #5: it read no config there and counted the default caps)
        path = ws.named_root.parent / "openclaw.json"
        data, why = load_config(path)
        if why is not None:
            found.append(finding("agent_config", ".", None,
                                 f"{path}: {why}"
                                 + (" (memtui reads plain JSON)" if "parse" in why else "")
                                 + "; OpenClaw's default caps assumed"))
        for key, config_key in (("bootstrap_max_chars", "bootstrapMaxChars"),
                                ("bootstrap_total_max_chars", "bootstrapTotalMaxChars")):
            value = positive_int(dig(data, "agents", "defaults", config_key))
            if value is not None:
                out[key] = value
        out.update({k: v for k, v in given.items() if k in out})
        return out, found

    def inject(self, ws: Workspace, limits: dict[str, int], read: Reader) -> Injection:
        files: list[tuple[str, str, str | None]] = []
        for name in BOOTSTRAP:
            if name == "MEMORY.md" and not (ws.root / name).is_file():
                # memory.md, its lowercase alias, is loaded in its place when there is no
                # MEMORY.md (workspace.ts, DEFAULT_MEMORY_ALT_FILENAME: newuser32 #41)
                if not (ws.root / ALT_MEMORY).is_file():
                    continue
                name = ALT_MEMORY
            files.append((name, str(ws.named_root / name), read(name)))
        max_chars = limits["bootstrap_max_chars"]
        total_max = limits["bootstrap_total_max_chars"]
        got, lengths, cut, caps = build(files, max_chars, total_max)
        # a file the total's budget cut below its own length (or left out: never reached),
        # though under its own cap (newuser30 #27: MEMORY.md, loaded last, "nothing cut yet")
        shown = dict(got)
        # a file of white space alone (BOOTSTRAP.md holding one newline) is trimmed to
        # nothing and skipped: nothing of it is lost, so it is not cut (real36: the
        # total's over_limit named an empty BOOTSTRAP.md, "0 of 20,000 characters")
        loads = [Load(name, length, max_chars, "characters", name,
                      cut=0 < length <= max_chars and (
                          name not in caps or caps[name] < length or name not in shown),
                      # past its own cap, cut to what the total left (newuser34 #11 b)
                      room=caps[name] if length > caps.get(name, max_chars) and
                      caps[name] < max_chars else None)
                 for name, length in lengths]
        # The total is charged with each file after its own cut (the [MISSING] lines too),
        # not with the files' whole lengths: what the files would take with no total cap.
        uncapped = build(files, max_chars, 1 << 62)[0]
        loads.append(Load("all bootstrap files", sum(units(text) for _, text in uncapped),
                          max(1, total_max), "characters", cut=uncapped != got,
                          holds=missing_markers(uncapped)))
        memory = next((content for name, _path, content in files if name == "MEMORY.md"),
                      None)
        dropped = dropped_lines(memory, caps["MEMORY.md"]) \
            if memory is not None and "MEMORY.md" in caps else None
        # a file the total never reached (fewer than MIN_FILE_BUDGET characters left) is
        # left out whole: said by name, the worst case of the total's cut (newuser34 #11:
        # no finding named MEMORY.md, the Load limits row simply left it out)
        measured = {name for name, _length in lengths}
        left_out = [finding("over_limit", name, None,
                            f"{name}: {units(content):,} characters, left out whole: the "
                            f"{total_max:,} characters of all bootstrap files were spent by "
                            f"the files before it (OpenClaw loads a file only with "
                            f"{MIN_FILE_BUDGET} or more left)")
                    for name, _path, content in files
                    if content is not None and name not in measured]
        if memory is not None:
            left_out += repeated_lines("MEMORY.md", memory, max_chars)
        return Injection("\n\n".join(text for _, text in got),
                         [name for name, text in got if not text.startswith("[MISSING]")],
                         cut, loads, left_out, dropped=dropped)

    def references(self, ws: Workspace, index: Index, paths: tuple[str, ...],
                   limits: dict[str, int], read: Reader) -> References:
        # Every note under memory/ is indexed for memory_search: found, never an orphan.
        return References(found={p for p in paths if p.startswith("memory/")})

    def follows_links_in(self, source: str) -> bool:
        """OpenClaw never follows a link in a note: its notes are found by search."""
        return not source.startswith("memory/")

    def keeps(self, f: Finding) -> bool:
        """A broken link in a note (`follows_links_in`), and a note's line starting ``user:``
        / ``assistant:`` (the session-memory hook saves conversations as notes), do not mean
        what they mean in an index the agent reads every turn (real folders: 13 false
        findings). Standing orders in a bootstrap file of ``INSTRUCTIONS`` ("from now on you
        are the orchestrator" in AGENTS.md) are what that file is for, not memory turned into
        orders (real30), and so is a line addressed to the agent there or a system heading
        (session 33); an order to drop or reveal instructions is still reported there."""
        if f.kind == "broken_link" and not self.follows_links_in(f.path):
            return False
        if f.path.startswith("memory/") and f.kind == "instruction_like" \
                and "role label" in f.message:
            return False
        if f.path in INSTRUCTIONS and f.kind == "instruction_like" \
                and f.message.startswith(STANDING):
            return False
        if f.kind == "instruction_like" and ONBOARDED.search(f.message):
            return False  # "- [ ] Delete BOOTSTRAP.md": the step BOOTSTRAP.md itself asks for
        if f.kind == "relative_date" and f.path in INSTRUCTIONS:
            return False  # "read today's and yesterday's notes": a standing routine, no date
        return super().keeps(f)

    def directive(self, target: str) -> bool:
        head = target.lstrip(" /")[:3]  # (cheap: called for each wikilink of a note)
        if head == "rep":
            return REPLY_TAG.fullmatch(target) is not None
        return head == "tts" and TTS_TAG.fullmatch(target) is not None

    def dated(self, rel: str) -> float | None:
        m = DAILY.fullmatch(rel)
        if m is None:
            return None
        try:
            day = datetime.date(int(m[1]), int(m[2]), int(m[3]))
        except ValueError:
            return None
        import calendar  # only for a workspace with daily notes

        return float(calendar.timegm(day.timetuple()))

    def ages(self, rel: str) -> bool:
        return self.dated(rel) is None  # a day's note records its day: never stale
