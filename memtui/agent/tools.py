"""The agent's tools (SPEC §5): six file tools confined to the workspace, and the optional
decoys that reproduce the platform's competing mechanisms.

Every call returns a :class:`ToolOutcome`: the text handed back to the model, and — for the
operator — the call's effect on memory, found by comparing audits before and after.
"""

from __future__ import annotations

import os
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memtui.agent.age_note import age_note
from memtui.agent.sandbox import FORBIDDEN, Refused, Sandbox
from memtui.core.audit import Auditor, AuditResult
from memtui.core.workspace import INDEX_NAME, Workspace

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

    def call(self, name: str, arguments: dict[str, Any] | None) -> ToolOutcome:
        args = dict(arguments or {})
        if name in DECOY_NAMES and self.decoys:
            return self._decoy(name, args)
        if name not in self.names:
            return ToolOutcome(name, args, f"error: there is no tool named '{name}'. "
                               f"Available: {', '.join(self.names)}", ok=False)
        before = self._last or self.audit()
        try:
            outcome = getattr(self, "_" + name)(args)
        except Refused as exc:
            return ToolOutcome(name, args, f"error: refused — {exc}", ok=False)
        except (KeyError, TypeError) as exc:
            return ToolOutcome(name, args, f"error: missing or bad argument {exc}", ok=False)
        except OSError as exc:
            return ToolOutcome(name, args, f"error: {exc.strerror or exc}", ok=False)
        if outcome.written:
            after = self.audit(set(outcome.written))
            outcome.effect = memory_effect(before, after)
        return outcome

    def _path(self, args: dict[str, Any], allow_root: bool = False,
              default: str | None = None) -> tuple[str, Path]:
        if "path" not in args and default is not None:
            return self.sandbox.resolve(default, allow_root=allow_root)
        return self.sandbox.resolve(args["path"], allow_root=allow_root)

    # -- the six file tools ----------------------------------------------------------------

    def _read_file(self, args: dict[str, Any]) -> ToolOutcome:
        rel, full = self._path(args)
        if not full.is_file():
            what = "a folder" if full.is_dir() else "not found"
            return ToolOutcome("read_file", args, f"error: {rel} is {what}", ok=False)
        raw = full.read_bytes()
        text = raw.decode("utf-8", "replace")
        if len(text) > READ_LIMIT:
            text = text[:READ_LIMIT] + f"\n[… cut: the file has {len(raw):,} bytes]"
        report = (self._last or self.audit()).file(rel)
        if report is not None:
            text = text.rstrip("\n") + "\n\n" + age_note(report.age_days)
        return ToolOutcome("read_file", args, text)

    def _write_file(self, args: dict[str, Any]) -> ToolOutcome:
        rel, full = self._path(args)
        content = args["content"]
        if not isinstance(content, str):
            raise TypeError("'content' (must be a string)")
        if full.is_dir():
            return ToolOutcome("write_file", args, f"error: {rel} is a folder", ok=False)
        existed = full.exists()
        full.parent.mkdir(parents=True, exist_ok=True)
        data = content.encode("utf-8")
        atomic_write(full, data)
        verb = "overwrote" if existed else "created"
        return ToolOutcome("write_file", args, f"{verb} {rel} ({len(data):,} bytes)",
                           written=[rel], added_text=content)

    def _edit_file(self, args: dict[str, Any]) -> ToolOutcome:
        rel, full = self._path(args)
        old, new = args["old_string"], args["new_string"]
        if not isinstance(old, str) or not isinstance(new, str):
            raise TypeError("'old_string'/'new_string' (must be strings)")
        if not full.is_file():
            return ToolOutcome("edit_file", args, f"error: {rel} does not exist; create it "
                               "with write_file", ok=False)
        if not old:
            return ToolOutcome("edit_file", args, "error: old_string is empty", ok=False)
        raw = full.read_bytes()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return ToolOutcome("edit_file", args, f"error: {rel} is not UTF-8 text; "
                               "rewrite it with write_file", ok=False)
        crlf = "\r\n" in text and "\r\n" not in old
        if crlf:  # the model sees LF; keep the file's CRLF line ends
            old, new = old.replace("\n", "\r\n"), new.replace("\n", "\r\n")
        hits = text.count(old)
        if hits == 0:
            return ToolOutcome("edit_file", args, f"error: old_string not found in {rel}; "
                               "read the file and copy the exact text", ok=False)
        if hits > 1:
            return ToolOutcome("edit_file", args, f"error: old_string occurs {hits} times in "
                               f"{rel}; include more surrounding text so it is unique", ok=False)
        atomic_write(full, text.replace(old, new, 1).encode("utf-8"))
        added = "\n".join(ln for ln in new.splitlines() if ln not in old.splitlines())
        return ToolOutcome("edit_file", args, f"edited {rel}", written=[rel],
                           added_text=added)

    def _list_files(self, args: dict[str, Any]) -> ToolOutcome:
        rel, full = self._path(args, allow_root=True, default=".")
        if not full.is_dir():
            return ToolOutcome("list_files", args, f"error: {rel} is not a folder", ok=False)
        entries: list[str] = []
        for dirpath, dirnames, filenames in os.walk(full):
            dirnames[:] = sorted(d for d in dirnames if d.lower() not in FORBIDDEN)
            base = Path(dirpath)
            for d in dirnames:
                entries.append(self._rel(base / d) + "/")
            for f in sorted(filenames):
                entries.append(self._rel(base / f))
            if len(entries) > LIST_LIMIT:
                break
        entries.sort()
        more = len(entries) - LIST_LIMIT
        shown = entries[:LIST_LIMIT] + ([f"[… {more} more]"] if more > 0 else [])
        return ToolOutcome("list_files", args,
                           "\n".join(shown) if shown else f"{rel} is empty")

    def _exists(self, args: dict[str, Any]) -> ToolOutcome:
        rel, full = self._path(args)
        if full.is_file():
            answer = f"yes: {rel} is a file ({full.stat().st_size:,} bytes)"
        elif full.is_dir():
            answer = f"yes: {rel} is a folder"
        else:
            answer = f"no: {rel} does not exist"
        return ToolOutcome("exists", args, answer)

    def _delete_file(self, args: dict[str, Any]) -> ToolOutcome:
        rel, full = self._path(args)
        link = self.ws.root / rel
        target = link if link.is_symlink() else full
        if target.is_dir() and not target.is_symlink():
            return ToolOutcome("delete_file", args, f"error: {rel} is a folder; only files "
                               "can be deleted", ok=False)
        if not target.exists() and not target.is_symlink():
            return ToolOutcome("delete_file", args, f"error: {rel} does not exist", ok=False)
        target.unlink()
        return ToolOutcome("delete_file", args, f"deleted {rel}", written=[rel])

    def _rel(self, path: Path) -> str:
        try:
            return path.relative_to(self.sandbox.root).as_posix()
        except ValueError:
            return path.as_posix()

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


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


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
