"""The way forward when an undo is refused because a file changed since (newuser33 #6:
"MEMORY.md changed since operation #1 (fold); nothing was undone", and the fold could then
be reversed only by knowing that ``F`` unfolds): the operation that reverses it, as the
files stand now, where there is one — ``F on line 3 (Index view) unfolds it``, or the
command (``memtui fix unfold PATH 3``)."""

from __future__ import annotations

import shlex
from typing import Any

from memtui.core.workspace import INDEX_NAME, Workspace
from memtui.edit.safe_write import ABSENT


def inverse(ws: Workspace, rec: dict[str, Any], path: str | None = None) -> str:
    """How to reverse ``rec``'s operation with another one, said for the app (``path``
    None: its keys) or for the command line (``path``: the workspace as a shell command
    names it, quoted);
    "" when there is none memtui offers (a delete, a redaction …) or it cannot be told."""
    try:
        return _inverse(ws, rec, path)
    except Exception:  # a record or index that cannot be read so: no way named, no failure
        return ""


def _inverse(ws: Workspace, rec: dict[str, Any], path: str | None) -> str:
    from memtui.edit.snapshot import Snapshot

    op, args = rec.get("op"), rec.get("args") or {}
    def fix(op: str) -> str:
        return f"memtui fix {op} {path} "
    if op == "fold":
        memories = [str(m) for m in args.get("memories") or []]
        line = _line_linking(Snapshot.read(ws), memories)
        if line is None:
            return ""
        if path is None:
            return f"or reverse it: F on {INDEX_NAME} line {line} (Index view, 1) unfolds it"
        return f"or reverse it: {fix('unfold')}{line}"
    if op == "add-to-index":
        rels = [str(e[0]) for e in args.get("entries") or [] if e]
        if not rels and args.get("memories"):  # (the command line records the names)
            snap = Snapshot.read(ws)
            rels = [snap.memory(str(m)).path for m in args["memories"]]
        if not rels:
            return ""
        if path is None:
            return ("or reverse it: X on each added line in the Index view (1) removes it "
                    f"({', '.join(rels)})")
        return "or reverse it: " + "; ".join(f"{fix('remove-link')}{shlex.quote(r)}"
                                             for r in rels)
    if op == "new":
        made = [f["path"] for f in rec.get("files") or []
                if f.get("path") != INDEX_NAME and f.get("before") == ABSENT]
        if len(made) != 1:
            return ""
        if path is None:
            return f"or reverse it: d on {made[0]} (Files view, 2) deletes it"
        return f"or reverse it: {fix('delete')}{shlex.quote(made[0])}"
    if op == "rename":  # a rename back rewrites the links again, the kept file's too
        moved = [f for f in rec.get("files") or [] if f.get("moved_from")]
        if len(moved) != 1:
            return ""
        now, was = (_stem(p) for p in (moved[0]["path"], moved[0]["moved_from"]))
        if path is None:
            return (f"or reverse it: R on {moved[0]['path']} (Files view, 2) renames it back "
                    f"to {was}, rewriting every link")
        return f"or reverse it: {fix('rename')}{shlex.quote(now)} {shlex.quote(was)}"
    return ""


def _stem(path: str) -> str:
    """A memory's name as ``fix rename`` takes it: its file name without ``.md``."""
    return str(path).rsplit("/", 1)[-1].removesuffix(".md")


def _line_linking(snap: Any, memories: list[str]) -> int | None:
    """The index line that links every one of ``memories`` (a fold's packed line)."""
    wanted = {m.rsplit("/", 1)[-1] for m in memories}
    if not wanted:
        return None
    for line in snap.index.lines:
        targets = {str(lk.target).rsplit("/", 1)[-1] for lk in line.links if lk.target}
        if wanted <= targets:
            return int(line.number)
    return None

