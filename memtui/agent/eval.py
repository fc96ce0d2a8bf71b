"""``memtui eval``: the same message, N fresh runs, each classified (SPEC §5).

Each run works on its own temporary copy of the workspace (the original is never touched),
starts with no history, and is labelled from the tool calls it made (what they did, and
where the files they wrote ended up): ``memory_written`` (a call wrote a memory file that
MEMORY.md links at the end), ``orphan_written`` (written, not linked), ``written_then_deleted``
(every memory file the calls wrote was deleted again by a later call), ``index_only``,
``deleted`` (calls deleted files and wrote none), ``wrong_mechanism`` (a decoy called, no
memory), ``unknown_tool`` (only calls to tools that were not offered), ``no_write`` (tool
calls, none of which wrote or deleted anything), ``no_tool_call`` (no call at all),
``error``. Any call to a skill or workflow tool is the wrong mechanism, offered
(``--decoys``) or not. The net change to the files (the audits before and after) is reported
beside it as ``diff``: a run that wrote a file and deleted it again made calls, even though
its diff is empty. Flags: ``fabricated`` (numbers, times or percentages written that the user
never gave), ``overwrote`` (a ``write_file`` replaced a memory that was there before the run
and lines it held are gone: newuser23 #13; or, where MEMORY.md is the memory itself — Hermes'
``§`` entries, a Gemini, Codex or OpenClaw index's bullets — an entry of it is gone:
newuser38 #23), ``deleted_memory`` (a call deleted a memory that
was there before the run and that the message does not name: newuser34 #6),
``index_dropped`` (a memory the index linked before the run is still there and no longer
linked: the run orphaned it, newuser36 #4 — ``write_file MEMORY.md ""`` read as a harmless
``index_only``), ``past_load_limit`` (the run linked its memory on an index line the agent
never loads, past its load limit: an ``orphan_written`` whose model did link it, newuser38
#5; ``reason`` says the line and the limit), ``truncated``
(the system prompt was cut) and ``stopped`` (``--max-steps`` ended the turn before the model
answered: newuser34 #24). A run passes when it is ``memory_written`` and none of
:data:`FAILING` is among its flags: a truncated or stopped run is not a comparable run, so it
never counts as a pass.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memtui.agent.backend import ChatClient, make_client
from memtui.agent.ollama import NoToolSupport
from memtui.agent.session import ChatSession, ModelFacts, TurnRecord
from memtui.agent.settings import AgentSettings
from memtui.agent.tool_outcome import ToolOutcome
from memtui.core.audit import AuditResult
from memtui.core.counting.tokens import TokenCounter, default_counter
from memtui.core.files.file_modes import kept_mode
from memtui.core.reporting.unloaded_lines import added_unloaded, unloaded_phrase
from memtui.core.workspace import INDEX_NAME, Workspace, open_workspace

# (a space only before a percent sign: "5203" at the end of a line was kept with its line
# break and split the report's line, newuser41 #13)
_NUMBER = re.compile(r"(?<![A-Za-z0-9_])\d+(?:[.,:]\d+)*(?:[ \t]?%)?")
_LINK_TARGET = re.compile(r"\]\([^)]*\)")


#: The flags that keep a run from passing.
FAILING = ("fabricated", "overwrote", "deleted_memory", "index_dropped", "truncated",
           "stopped")


@dataclass
class RunResult:
    #: From the calls: memory_written, orphan_written, written_then_deleted, index_only,
    #: deleted, wrong_mechanism, unknown_tool, no_write, no_tool_call or error.
    outcome: str
    flags: list[str] = field(default_factory=list)
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    #: Files a call wrote or edited (one deleted later among them); `files_deleted` says
    #: which of the files the calls touched a delete ended.
    files_written: list[str] = field(default_factory=list)
    prompt_eval_count: int | None = None
    num_ctx: int | None = None
    error: str | None = None
    invented: list[str] = field(default_factory=list)  # the numbers behind `fabricated`
    answer: str = ""
    #: The net change to the files, from the audits before and after the run.
    diff: dict[str, Any] = field(default_factory=dict)
    #: Files whose last call was a delete (written before in the run or not).
    files_deleted: list[str] = field(default_factory=list)
    #: Why the outcome is what it is, when the label alone misleads ("" when it does not):
    #: an ``orphan_written`` whose index line lies past the load limit (newuser38 #5).
    reason: str = ""
    #: Why ``truncated``: what the server did and what to do, as the chat pane says it
    #: (newuser41 #12: the flag came with no cause; "" when not truncated).
    truncation: str = ""

    @property
    def passed(self) -> bool:
        return self.outcome == "memory_written" and not any(f in self.flags for f in FAILING)

    def as_dict(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "flags": self.flags, "tool_calls": self.tool_calls,
                "files_written": self.files_written, "files_deleted": self.files_deleted,
                "prompt_eval_count": self.prompt_eval_count, "num_ctx": self.num_ctx,
                "error": self.error, "invented": self.invented, "passed": self.passed,
                "diff": self.diff, "reason": self.reason, "truncation": self.truncation}


@dataclass
class EvalReport:
    runs: list[RunResult]
    model: str
    facts: ModelFacts | None = None

    @property
    def passes(self) -> int:
        return sum(r.passed for r in self.runs)

    @property
    def pass_rate(self) -> float:
        return self.passes / len(self.runs) if self.runs else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"model": self.model, "runs": [r.as_dict() for r in self.runs],
                "pass_rate": round(self.pass_rate, 4)}


def numbers(text: str) -> set[str]:
    """Numbers, times and percentages in ``text``, normalised (``08:00`` stays a time)."""
    out = set()
    for m in _NUMBER.finditer(_LINK_TARGET.sub("]", text)):
        tok = "".join(m.group(0).split()).rstrip("%").replace(",", "")
        if ":" not in tok:
            tok = tok.lstrip("0") or "0"
        out.add(tok)
    return out


def chosen_names(paths: Iterable[str]) -> set[str]:
    """Numbers in the names of the files a run wrote (``live-demo-5167.md``, ``meeting-
    2026-12-07.md``): the model chose them, it claims nothing by them; they recur in the
    file's frontmatter ``name`` and in its index line."""
    return {n for p in paths for n in numbers(p.rsplit("/", 1)[-1].rsplit(".", 1)[0])}


def added_lines(before: str, after: str) -> list[str]:
    old = set(before.splitlines())
    return [ln for ln in after.splitlines() if ln not in old]


def net_diff(before: AuditResult, after: AuditResult) -> dict[str, Any]:
    """What the run changed on disk, whatever the calls did: memory files new or changed
    (``written``), those of them that were there before (``changed``), gone (``deleted``:
    MEMORY.md too, when the run deleted it), and whether the index changed."""
    old = {p: s.memory.text for p, s in before.scans.items()}
    new = {p: s.memory.text for p, s in after.scans.items()}
    # the index is no scanned memory: its loss was "index_changed" alone (newuser32 #7)
    index_gone = [INDEX_NAME] if before.index.exists and not after.index.exists else []
    return {"written": sorted(p for p in new if old.get(p) != new[p]),
            "changed": sorted(p for p in new if p in old and old[p] != new[p]),
            "deleted": sorted([p for p in old if p not in new] + index_gone),
            "index_changed": before.index.text != after.index.text}


def diff_text(diff: dict[str, Any]) -> str:
    """The net change in a few words (``—`` for none): ``+`` a new memory, ``~`` one that
    was there before and changed, ``-`` one gone."""
    changed = set(diff.get("changed", []))
    parts = [f"{'~' if p in changed else '+'}{p}" for p in diff.get("written", [])]
    parts += [f"-{p}" for p in diff.get("deleted", [])]
    if diff.get("index_changed") and INDEX_NAME not in diff.get("deleted", []):
        parts.append(f"{INDEX_NAME} changed")
    return " ".join(parts) or "—"


def files_text(run: RunResult) -> str:
    """The files the run's calls touched, one a line, each with how it ended: ``memory/a.md``
    (written), ``memory/b.md (deleted)`` (only deleted), ``memory/c.md (written, then
    deleted)``; ``—`` for none. A file a call deleted is never listed as simply written."""
    written, deleted = set(run.files_written), set(run.files_deleted)
    lines = [p + (" (written, then deleted)" if p in written else " (deleted)")
             if p in deleted else p for p in sorted(written | deleted)]
    return "\n".join(lines) or "—"


def touched(record: TurnRecord) -> tuple[list[str], list[str]]:
    """The files the run's calls wrote or edited, and those whose last call deleted them
    (both sorted)."""
    written: set[str] = set()
    last_deleted: dict[str, bool] = {}
    for o in record.outcomes:
        if not o.ok:
            continue
        deleting = o.name == "delete_file"
        for p in o.written:
            last_deleted[p] = deleting
            if not deleting:
                written.add(p)
    return sorted(written), sorted(p for p, gone in last_deleted.items() if gone)


def label(record: TurnRecord, after: AuditResult) -> str:
    """The run's outcome, from the calls it made (SPEC §5; the module's docstring)."""
    done = [o for o in record.outcomes if o.ok and o.written]
    wrote = {p for o in done if o.name != "delete_file" for p in o.written}
    memories = wrote - {INDEX_NAME}
    if memories:
        kept = {p for p in memories if p in after.scans}
        if kept & after.index_linked:
            return "memory_written"
        return "orphan_written" if kept else "written_then_deleted"
    if wrote:
        return "index_only"
    if done:  # only deletes
        return "deleted"
    if record.error:
        return "error"
    if any(o.wrong_mechanism for o in record.outcomes):
        return "wrong_mechanism"
    if any(o.unknown_tool for o in record.outcomes):
        return "unknown_tool"
    return "no_write" if record.outcomes else "no_tool_call"


def classify(before: AuditResult, after: AuditResult, record: TurnRecord, message: str,
             today: dt.date) -> RunResult:
    diff = net_diff(before, after)
    old = {p: s.memory.text for p, s in before.scans.items()}
    new = {p: s.memory.text for p, s in after.scans.items()}
    decoys = [o for o in record.outcomes if o.wrong_mechanism]
    outcome = label(record, after)
    added = [ln for p in diff["written"] for ln in added_lines(old.get(p, ""), new[p])]
    added += added_lines(before.index.text, after.index.text)
    added += [o.added_text for o in decoys]
    # the names the run gave its files are no claims (newuser41 #14: live-demo-5167.md)
    allowed = numbers(message) | numbers(today.isoformat()) | chosen_names(diff["written"])
    invented = sorted(numbers("\n".join(added)) - allowed)
    flags = []
    if invented:
        flags.append("fabricated")
    if overwrote(record, old, new) or entries_lost(before, after):
        flags.append("overwrote")
    if unasked_deletes(record, old, message):
        flags.append("deleted_memory")
    if unlinked(before, after):
        flags.append("index_dropped")
    reason, late = orphan_reason(record, before, after) if outcome == "orphan_written" \
        else ("", False)
    if late:
        flags.append("past_load_limit")
    cut = next((r.truncation for r in record.replies if r.truncation), None)
    if cut is not None:
        flags.append("truncated")
    if record.stopped == "max_steps":
        flags.append("stopped")
    if record.error and outcome != "error":
        flags.append("error")
    files, deleted = touched(record)
    pecs = [r.stats.prompt_eval_count for r in record.replies
            if r.stats.prompt_eval_count is not None]
    return RunResult(outcome, flags,
                     [call_record(o) for o in record.outcomes],
                     files, max(pecs) if pecs else None, None, record.error, invented,
                     record.content, diff, deleted, reason,
                     f"{cut.message} — {cut.fix}" if cut is not None else "")


def call_record(o: ToolOutcome) -> dict[str, Any]:
    """One tool call as the report keeps it: its name and arguments, whether it succeeded,
    and why not when it did not: ``refused`` (the write rule or a check said no: the
    reason the model read) or ``error`` (newuser39 #27: a refused write read as a plain
    ``no_write``, the chat pane's "1 refused" nowhere in the report)."""
    refused = o.result.removeprefix("error: refused").lstrip(" —:") \
        if o.result.startswith("error: refused") else None
    error = o.result.removeprefix("error:").strip() if not o.ok and refused is None else None
    return {"name": o.name, "arguments": o.arguments, "ok": o.ok, "refused": refused,
            "error": error}


def call_text(call: dict[str, Any]) -> str:
    """A tool call's name, with ``(refused)`` or ``(failed)`` when it did not succeed."""
    return call["name"] + (" (refused)" if call.get("refused") is not None else
                           " (failed)" if call.get("ok") is False else "")


def orphan_reason(record: TurnRecord, before: AuditResult, after: AuditResult
                  ) -> tuple[str, bool]:
    """Why the memories the run wrote are orphans: the index line that links them lies
    where the agent never loads it (the chat pane's sentence, `unloaded_phrase`:
    newuser38 #5, a run that did link its memory on line 228 of a 200-line limit read as
    one that forgot the index); "" when the index does not link them at all (what the
    label says). With whether an index line past the limit is why."""
    wrote = {p for o in record.outcomes if o.ok and o.written and o.name != "delete_file"
             for p in o.written} - {INDEX_NAME}
    kept = sorted(p for p in wrote if p in after.scans)
    orphans = [o for o in after.orphans if o.path in kept and o.past_limit is not None]
    late = sorted({o.past_limit for o in orphans if o.past_limit is not None})
    if late:
        added = set(added_unloaded(before, after))
        return f"{', '.join(o.path for o in orphans)}: " + unloaded_phrase(
            late, after, "added" if set(late) <= added else "already there"), True
    return "", False


def unlinked(before: AuditResult, after: AuditResult) -> list[str]:
    """The memories the index linked before the run that are still there, no longer linked
    (the run dropped their index lines)."""
    return sorted(p for p in before.index_linked
                  if p not in after.index_linked and p in after.scans)


def entries(text: str, profile: str) -> set[str]:
    """The entries of an index that is the agent's memory itself, not links: Hermes' ``§``
    entries, else its bullet lines (GEMINI.md's saved memories, Codex's, OpenClaw's)."""
    if profile == "hermes":
        from memtui.core.profiles.hermes import entries_with_lines, fold

        return {entry for entry, _line in entries_with_lines(fold(text))}
    return {ln.strip() for ln in text.splitlines() if re.match(r"\s{0,3}[-*+]\s+\S", ln)}


def entries_lost(before: AuditResult, after: AuditResult) -> list[str]:
    """The entries of the index the run removed, under a profile whose MEMORY.md is the
    memory itself (newuser38 #23: a Hermes run replaced all 62 entries with one markdown
    line and passed as ``memory_written``, "no overwrite"; the chat pane's approval asks
    it as a delete). An item or Claude Code index of links: ``index_dropped`` says it."""
    from memtui.core.profiles import get

    try:
        if get(before.profile).index_of_links:
            return []
    except (KeyError, ValueError):
        return []
    return sorted(entries(before.index.text, before.profile)
                  - entries(after.index.text, before.profile))


def overwrote(record: TurnRecord, old: dict[str, str], new: dict[str, str]) -> list[str]:
    """The memories that were there before the run, that a ``write_file`` call replaced,
    and that lost lines they held (sorted)."""
    replaced = {p for o in record.outcomes if o.ok and o.name == "write_file"
                for p in o.written if p in old and p in new}
    return sorted(p for p in replaced
                  if {ln for ln in old[p].splitlines() if ln.strip()} - set(new[p].splitlines()))


def unasked_deletes(record: TurnRecord, old: dict[str, str], message: str) -> list[str]:
    """The memories that were there before the run, that a ``delete_file`` call removed, and
    whose name (``old-note.md`` or ``old-note``) the message never gives (sorted)."""
    said = message.lower()
    gone = {p for o in record.outcomes if o.ok and o.name == "delete_file"
            for p in o.written if p in old}
    return sorted(p for p in gone
                  if p.rsplit("/", 1)[-1].lower().removesuffix(".md") not in said)


def copy_workspace(ws: Workspace, into: Path) -> Workspace:
    """A private copy of the workspace (memtui's state and .git left out). Symlinks are
    copied as links; FIFOs, sockets and devices are skipped, never opened."""
    target = into / (ws.root.name or "workspace")
    shutil.copytree(ws.root, target, symlinks=True, copy_function=_copy_regular,
                    ignore=shutil.ignore_patterns(".memtui", ".git"))
    return open_workspace(target)


def _copy_regular(src: str, dst: str) -> None:
    """Copy ``src`` when it is a regular file; anything else (a FIFO would block the open,
    a device would never end) is left out. Opened without blocking, checked, then read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        if not stat.S_ISREG(os.lstat(src).st_mode):
            raise OSError(f"{src}: not a regular file")
        fd = os.open(src, flags)
    except OSError:
        if os.path.islink(src):
            os.symlink(os.readlink(src), dst)  # swapped for a link meanwhile: copy the link
        return
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if not stat.S_ISREG(st.st_mode):
            return
        with open(dst, "xb") as out:
            shutil.copyfileobj(fh, out)
    shutil.copystat(src, dst)
    os.chmod(dst, kept_mode(st.st_mode))  # the copy is never a program


async def prepare(settings: AgentSettings, ws: Workspace,
                  client: ChatClient) -> ModelFacts:
    """Ask the server about the model once (raises OllamaError)."""
    return await ChatSession(ws, settings, client=client, persist=False).prepare()


async def run_once(source: Workspace, message: str, settings: AgentSettings,
                   client: ChatClient, facts: ModelFacts, counter: TokenCounter,
                   today: dt.date) -> RunResult:
    with tempfile.TemporaryDirectory(prefix="memtui-eval-") as tmp:
        ws = copy_workspace(source, Path(tmp))
        session = ChatSession(ws, settings, client=client, counter=counter, persist=False,
                              today=today)
        session.facts = facts
        before = session.tools.audit()
        record = await session.run_turn(message)
        after = session.tools.audit()
        result = classify(before, after, record, message, today)
        result.num_ctx = facts.window.num_ctx
        return result


async def run_eval(ws: Workspace, message: str, n: int, settings: AgentSettings,
                   on_run: Callable[[int, RunResult], None] | None = None,
                   today: dt.date | None = None) -> EvalReport:
    """N fresh runs; raises OllamaError when the model cannot be reached at all."""
    day = today or dt.date.today()
    counter = default_counter()
    client = make_client(settings)
    try:
        facts = await prepare(settings, ws, client)
        if facts.tools_note:
            raise NoToolSupport(facts.tools_note)
        report = EvalReport([], settings.model or "", facts)
        for i in range(n):
            result = await run_once(ws, message, settings, client, facts, counter, day)
            report.runs.append(result)
            if on_run:
                on_run(i, result)
        return report
    finally:
        await client.aclose()
