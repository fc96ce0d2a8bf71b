"""The operator's own $EDITOR edit (the app's ``o``), journaled as an operation.

The editor writes the file itself; memtui reads it before the editor opens and after it
returns, and journals the difference as an ``edit`` record (the bytes before, their
modification time, the hash after), so ``u`` undoes it like any other operation, and an
earlier operation on that file is not blocked by a change nothing recorded (newuser31 #18).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from memtui.core.workspace import Workspace
from memtui.edit.changeset import Changeset, FileChange
from memtui.edit.errors import Refused
from memtui.edit.journal import Journal
from memtui.edit.safe_write import MAX_EDIT_BYTES, folder_lock, mtime_of, read_bytes

#: The journal's name of the operation.
EDIT_OP = "edit"


@dataclass(frozen=True)
class BeforeEdit:
    """A workspace file as it was before the editor opened it."""

    path: str
    data: bytes
    mtime_ns: int | None


def before_edit(ws: Workspace, rel: str) -> BeforeEdit | None:
    """``rel`` as it is now, or None when it cannot be journaled (absent, not a regular
    file inside the workspace, past the size memtui edits)."""
    try:
        data = read_bytes(ws.root, rel)
    except (Refused, OSError):
        return None
    if data is None:
        return None
    return BeforeEdit(rel, data, mtime_of(ws.root, rel))


def journal_edit(ws: Workspace, before: BeforeEdit) -> dict[str, Any] | None:
    """Journal what the editor changed in ``before.path`` (None: it changed nothing).
    Refused when the change cannot be journaled (the file was deleted or grew past the size
    memtui edits and undoes): the caller says so, the edit stays as the editor left it."""
    rel = before.path
    try:
        with folder_lock(ws.state_dir):
            after = read_bytes(ws.root, rel, limit=MAX_EDIT_BYTES)
            if after == before.data:
                return None
            if after is None:
                raise Refused(f"{rel} was deleted in the editor: not journaled (u cannot "
                              "bring it back)")
            lines = _lines_changed(before.data, after)
            changeset = Changeset(EDIT_OP, {"path": rel},
                                  f"{rel}: edited in $EDITOR ({lines})",
                                  [FileChange(rel, before.data, after)])
            return Journal(ws).append(changeset, {rel: before.mtime_ns})
    except OSError as exc:
        raise Refused(f"{rel}: the edit could not be journaled ({exc.strerror or exc}); "
                      "u cannot undo it") from None


def _lines_changed(before: bytes, after: bytes) -> str:
    """``+2 −1 lines``: the lines the edit added and removed."""
    a = before.decode("utf-8", errors="replace").splitlines()
    b = after.decode("utf-8", errors="replace").splitlines()
    added = removed = 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            removed += i2 - i1
            added += j2 - j1
    return f"+{added} −{removed} lines"
