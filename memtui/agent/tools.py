"""The agent's tools (SPEC §5): six file tools confined to the workspace, and the optional
decoys that reproduce the platform's competing mechanisms.

Every call returns a :class:`ToolOutcome`: the text handed back to the model, and — for the
operator — the call's effect on memory, found by comparing audits before and after.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections import Counter
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

from memtui.agent.age_note import age_note
from memtui.agent.dirfd_io import check_regular, read_at, replace_at
from memtui.agent.sandbox import (
    DIR_FLAGS,
    FORBIDDEN,
    MAX_DEPTH,
    NOFOLLOW,
    Refused,
    Sandbox,
    no_link,
)
from memtui.core.audit import Auditor, AuditResult
from memtui.core.textfile import MAX_READ_BYTES
from memtui.core.workspace import INDEX_NAME, Workspace
from memtui.edit.safe_write import digest, folder_lock

READ_LIMIT = 60_000  # characters of a file handed to the model
LIST_LIMIT = 300  # entries listed


def _fn(name: str, description: str, props: dict[str, str],
        required: list[str] | None = None) -> dict[str, Any]:
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object",
                       "properties": {k: {"type": "string", "description": v}
                                      for k, v in props.items()},
                       "required": list(props) if required is None else required}}}


FILE_TOOLS: list[dict[str, Any]] = [
    _fn("read_file", "Read a text file of the workspace.",
        {"path": "path relative to the workspace root, e.g. memory/user-role.md"}),
    _fn("write_file", "Create or overwrite a file with the given content. Parent folders are "
        "created as needed.",
        {"path": "path relative to the workspace root", "content": "the full file content"}),
    _fn("edit_file", "Replace one exact, unique occurrence of old_string with new_string.",
        {"path": "path relative to the workspace root",
         "old_string": "text to replace; must occur exactly once",
         "new_string": "replacement text"}),
    _fn("list_files", "List files and folders under a folder of the workspace (recursively).",
        {"path": "folder relative to the workspace root; default '.'"}, required=[]),
    _fn("exists", "Tell whether a file or folder exists.",
        {"path": "path relative to the workspace root"}),
    _fn("delete_file", "Delete a file.", {"path": "path relative to the workspace root"}),
]

DECOY_TOOLS: list[dict[str, Any]] = [
    _fn("save_skill", "Save a reusable skill: a working method available in every item.",
        {"name": "skill name", "description": "when to use it", "content": "the method"}),
    _fn("save_workflow", "Save an automated workflow that can run in any item.",
        {"name": "workflow name", "description": "what it does", "steps": "the steps"}),
    _fn("create_context_card", "Add a glossary card: a term and its definition, shared by "
        "all items.", {"term": "the term", "definition": "its definition"}),
]
DECOY_NAMES = frozenset(t["function"]["name"] for t in DECOY_TOOLS)


_SURROGATE = re.compile("[\ud800-\udfff]")


class BadArgument(Exception):
    """An argument of the wrong type or content; the message is addressed to the model."""


def one_line(value: object, limit: int = 300) -> str:
    """``value`` as one printable line (lone surrogates replaced), at most ``limit`` chars."""
    text = _SURROGATE.sub("\ufffd", " ".join(str(value).split()))
    return text if len(text) <= limit else text[:limit] + "…"


def text_argument(args: dict[str, Any], key: str) -> str:
    """The string argument ``key``: present, a string, and valid Unicode text."""
    value = args[key]
    if not isinstance(value, str):
        raise BadArgument(f"'{key}' must be a string, not {type(value).__name__}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise BadArgument(f"'{key}' holds a lone surrogate at character {exc.start} (not "
                          "valid Unicode text); send plain text") from None
    return value


@dataclass
class ToolOutcome:
    name: str
    arguments: dict[str, Any]
    result: str  # what the model reads
    ok: bool = True
    effect: list[str] = field(default_factory=list)  # what it did to memory, for the operator
    wrong_mechanism: bool = False
    written: list[str] = field(default_factory=list)  # paths created, changed or deleted
    added_text: str = ""  # text the call put into files (for the fabrication check)

    @property
    def effect_text(self) -> str:
        return "; ".join(self.effect) if self.effect else "no effect on memory"

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "arguments": self.arguments, "ok": self.ok,
                "result": self.result, "effect": self.effect_text,
                "wrong_mechanism": self.wrong_mechanism}


class ToolBox:
    """Runs the agent's tool calls in one workspace."""

    def __init__(self, ws: Workspace, decoys: bool = False,
                 auditor: Auditor | None = None) -> None:
        self.ws = ws
        self.decoys = decoys
        self.sandbox = Sandbox(ws.root)
        self.auditor = auditor or Auditor(ws)
        self._last: AuditResult | None = None

    def schemas(self) -> list[dict[str, Any]]:
        return FILE_TOOLS + (DECOY_TOOLS if self.decoys else [])

    @property
    def names(self) -> list[str]:
        return [t["function"]["name"] for t in self.schemas()]

    def audit(self, changed: set[str] | None = None) -> AuditResult:
        """Audit now (the whole tree when ``changed`` is None) and remember the result."""
        self._last = self.auditor.run(changed)
        return self._last

    # -- dispatch --------------------------------------------------------------------------

    def call(self, name: str, arguments: object) -> ToolOutcome:
        """Run one call; never raises: whatever goes wrong is an error line for the model."""
        args = arguments if isinstance(arguments, dict) else {}
        if not isinstance(arguments, dict) and arguments is not None:
            return ToolOutcome(name, args, "error: the arguments must be a JSON object of "
                               f"named values, not {type(arguments).__name__}", ok=False)
        if name in DECOY_NAMES and self.decoys:
            return self._decoy(name, args)
        if name not in self.names:
            return ToolOutcome(name, args, f"error: there is no tool named '{one_line(name)}'. "
                               f"Available: {', '.join(self.names)}", ok=False)
        try:
            before = self._last or self.audit()
            outcome = getattr(self, "_" + name)(args)
            if outcome.written:
                after = self.audit(set(outcome.written))
                outcome.effect = memory_effect(before, after)
            return outcome
        except Refused as exc:
            return ToolOutcome(name, args, f"error: refused — {one_line(exc)}", ok=False)
        except BadArgument as exc:
            return ToolOutcome(name, args, f"error: {one_line(exc)}", ok=False)
        except KeyError as exc:
            return ToolOutcome(name, args, f"error: missing or bad argument {exc}", ok=False)
        except OSError as exc:
            where = f"{one_line(exc.filename)}: " if isinstance(exc.filename, str) else ""
            return ToolOutcome(name, args, f"error: {where}{one_line(exc.strerror or exc)}",
                               ok=False)
        except Exception as exc:  # a bug must not end the turn: the model reads it
            return ToolOutcome(name, args, f"error: the tool failed unexpectedly "
                               f"({type(exc).__name__}: {one_line(exc)})", ok=False)

    def _locked(self) -> AbstractContextManager[None]:
        """The workspace lock curation takes: an agent write never interleaves with a
        curation operation (taken after the arguments were checked)."""
        return folder_lock(self.ws.state_dir)

    def _path(self, args: dict[str, Any], allow_root: bool = False,
              default: str | None = None) -> tuple[str, list[str]]:
        if "path" not in args and default is not None:
            return self.sandbox.parts(default, allow_root=allow_root)
        return self.sandbox.parts(args["path"], allow_root=allow_root)

    # -- the six file tools ----------------------------------------------------------------

    def _read_file(self, args: dict[str, Any]) -> ToolOutcome:
        rel, parts = self._path(args)
        (raw, st), _real = self.sandbox.at(
            parts, lambda fd, name: read_at(fd, name, MAX_READ_BYTES))
        size = max(st.st_size, len(raw))
        text = raw[:MAX_READ_BYTES].decode("utf-8", "replace")
        if len(text) > READ_LIMIT or size > len(raw):
            text = text[:READ_LIMIT] + f"\n[… cut: the file has {size:,} bytes]"
        report = (self._last or self.audit()).file(rel)
        if report is not None:
            text = text.rstrip("\n") + "\n\n" + age_note(report.age_days)
        return ToolOutcome("read_file", args, text)

    def _write_file(self, args: dict[str, Any]) -> ToolOutcome:
        rel, parts = self._path(args)
        content = text_argument(args, "content")
        data = content.encode("utf-8")

        def write(fd: int, name: str) -> bool:
            try:
                st = no_link(fd, name)
            except FileNotFoundError:
                existed = False
            else:
                check_regular(st, name)
                existed = True
            replace_at(fd, name, data)
            return existed

        with self._locked():
            existed, real = self.sandbox.at(parts, write, create=True)
        verb = "overwrote" if existed else "created"
        return ToolOutcome("write_file", args, f"{verb} {rel} ({len(data):,} bytes)",
                           written=sorted({rel, real}), added_text=content)

    def _edit_file(self, args: dict[str, Any]) -> ToolOutcome:
        rel, parts = self._path(args)
        old, new = text_argument(args, "old_string"), text_argument(args, "new_string")
        if not old:
            return ToolOutcome("edit_file", args, "error: old_string is empty", ok=False)

        def edit(fd: int, name: str) -> str | None:
            no_link(fd, name)
            raw, _st = read_at(fd, name, MAX_READ_BYTES)
            if len(raw) > MAX_READ_BYTES:
                return (f"error: {rel} is larger than {MAX_READ_BYTES // 1024} KiB; too large "
                        "to edit")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                return f"error: {rel} is not UTF-8 text; rewrite it with write_file"
            o, n = old, new
            if "\r\n" in text and "\r\n" not in o:  # the model sees LF; keep CRLF line ends
                o, n = o.replace("\n", "\r\n"), n.replace("\n", "\r\n")
            hits = text.count(o)
            if hits == 0:
                return (f"error: old_string not found in {rel}; read the file and copy the "
                        "exact text")
            if hits > 1:
                return (f"error: old_string occurs {hits} times in {rel}; include more "
                        "surrounding text so it is unique")
            replace_at(fd, name, text.replace(o, n, 1).encode("utf-8"), digest(raw))
            return None

        try:
            with self._locked():
                problem, real = self.sandbox.at(parts, edit)
        except FileNotFoundError:
            problem, real = f"error: {rel} does not exist; create it with write_file", rel
        if problem:
            return ToolOutcome("edit_file", args, problem, ok=False)
        added = "\n".join(ln for ln in new.splitlines() if ln not in old.splitlines())
        return ToolOutcome("edit_file", args, f"edited {rel}", written=sorted({rel, real}),
                           added_text=added)

    def _list_files(self, args: dict[str, Any]) -> ToolOutcome:
        rel, parts = self._path(args, allow_root=True, default=".")
        prefix = "" if rel == "." else rel + "/"
        entries: list[str] = []
        try:
            with self.sandbox.folder(parts) as (top, _real):
                pending: list[list[str]] = [[]]
                while pending and len(entries) <= LIST_LIMIT:
                    sub = pending.pop()
                    entries.extend(self._list_one(top, sub, prefix, pending))
        except NotADirectoryError:
            return ToolOutcome("list_files", args, f"error: {rel} is not a folder", ok=False)
        entries.sort()
        more = len(entries) - LIST_LIMIT
        shown = entries[:LIST_LIMIT] + ([f"[… {more} more]"] if more > 0 else [])
        return ToolOutcome("list_files", args,
                           "\n".join(shown) if shown else f"{rel} is empty")

    def _list_one(self, top: int, sub: list[str], prefix: str,
                  pending: list[list[str]]) -> list[str]:
        """The entries of one folder under ``top`` (its subfolders go on ``pending``)."""
        fd = os.dup(top)
        try:
            for name in sub:  # never through a link: a swap makes this folder fail
                nfd = os.open(name, DIR_FLAGS | NOFOLLOW, dir_fd=fd)
                os.close(fd)
                fd = nfd
            names = sorted(os.listdir(fd))
            out = []
            base = prefix + "".join(n + "/" for n in sub)
            for name in names:
                if name.lower() in FORBIDDEN:
                    continue
                try:
                    st = os.stat(name, dir_fd=fd, follow_symlinks=False)
                except OSError:
                    continue
                shown = base + name.encode("utf-8", "surrogateescape").decode("utf-8",
                                                                              "replace")
                if stat.S_ISDIR(st.st_mode):
                    out.append(shown + "/")
                    if len(sub) < MAX_DEPTH:
                        pending.append([*sub, name])
                elif stat.S_ISLNK(st.st_mode):
                    out.append(shown + " (symlink)")
                else:
                    out.append(shown)
            return out
        except OSError:
            return []
        finally:
            os.close(fd)

    def _exists(self, args: dict[str, Any]) -> ToolOutcome:
        rel, parts = self._path(args)
        try:
            st, _real = self.sandbox.at(parts, no_link)
        except (FileNotFoundError, NotADirectoryError):
            return ToolOutcome("exists", args, f"no: {rel} does not exist")
        if stat.S_ISDIR(st.st_mode):
            answer = f"yes: {rel} is a folder"
        elif stat.S_ISREG(st.st_mode):
            answer = f"yes: {rel} is a file ({st.st_size:,} bytes)"
        else:
            answer = f"yes: {rel} exists but is not a regular file (it is never opened)"
        return ToolOutcome("exists", args, answer)

    def _delete_file(self, args: dict[str, Any]) -> ToolOutcome:
        rel, parts = self._path(args)

        def delete(fd: int, name: str) -> None:
            st = os.stat(name, dir_fd=fd, follow_symlinks=False)
            if stat.S_ISDIR(st.st_mode):
                raise IsADirectoryError(errno.EISDIR, "is a folder; only files can be "
                                        "deleted", rel)
            os.unlink(name, dir_fd=fd)  # a symlink itself, never what it points to
            os.fsync(fd)

        try:
            with self._locked():
                self.sandbox.at(parts, delete, follow=False)
        except FileNotFoundError:
            return ToolOutcome("delete_file", args, f"error: {rel} does not exist", ok=False)
        return ToolOutcome("delete_file", args, f"deleted {rel}", written=[rel])

    # -- decoys ----------------------------------------------------------------------------

    def _decoy(self, name: str, args: dict[str, Any]) -> ToolOutcome:
        label = str(args.get("name") or args.get("term") or "")
        what = {"save_skill": "skill", "save_workflow": "workflow",
                "create_context_card": "context card"}[name]
        text = " ".join(str(v) for v in args.values())
        return ToolOutcome(
            name, args, f"saved {what} '{label}'", wrong_mechanism=True, added_text=text,
            effect=[f"wrong mechanism: a {what} is for what holds in every item; a fact about "
                    "this item belongs in memory — nothing was written to memory"])


def memory_effect(before: AuditResult, after: AuditResult) -> list[str]:
    """What changed in memory between two audits, in short operator-facing phrases."""
    out: list[str] = []
    old = {p: s.memory.text for p, s in before.scans.items()}
    new = {p: s.memory.text for p, s in after.scans.items()}
    for p in sorted(new.keys() - old.keys()):
        out.append(f"created {p} — " + ("linked from the index" if p in after.index_linked
                                        else "not in the index yet"))
    for p in sorted(old.keys() & new.keys()):
        if old[p] != new[p]:
            out.append(f"updated {p}")
    still_linked = {t for ln in after.index.lines for t in ln.targets}
    for p in sorted(old.keys() - new.keys()):
        out.append(f"deleted {p}" + (" — the index still links it" if p in still_linked
                                     else ""))
    entries_before = Counter(ln.text for ln in before.index.lines if ln.kind in ("entry",
                                                                                 "packed"))
    entries_after = Counter(ln.text for ln in after.index.lines if ln.kind in ("entry",
                                                                               "packed"))
    added = sum((entries_after - entries_before).values())
    removed = sum((entries_before - entries_after).values())
    if added:
        out.append("index line added" if added == 1 else f"{added} index lines added")
    if removed:
        out.append("index line removed" if removed == 1 else f"{removed} index lines removed")
    if not added and not removed and before.index.text != after.index.text:
        out.append(f"{INDEX_NAME} edited (no index entry changed)")
    for p in sorted((after.index_linked - before.index_linked) & old.keys() & new.keys()):
        out.append(f"{p} now linked from the index")
    for p in sorted((before.index_linked - after.index_linked) & new.keys()):
        out.append(f"{p} no longer linked from the index")
    seen = {(b.source, b.target) for b in before.broken_links}
    for b in after.broken_links:
        if (b.source, b.target) not in seen:
            out.append(f"broken link {b.source}:{b.line} → {b.target}")
    seen_secrets = {(f.path, f.line) for f in before.findings if f.kind == "secret"}
    for f in after.findings:
        if f.kind == "secret" and (f.path, f.line) not in seen_secrets:
            out.append(f"credential-like text in {f.path}:{f.line} — remove it")
    return out
