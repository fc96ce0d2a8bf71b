"""The operator's own $EDITOR edit (the app's ``o``), journaled as an operation.

The editor writes the file itself; memtui reads it before the editor opens and after it
returns, and journals the difference as an ``edit`` record (the bytes before, their
modification time, the hash after), so ``u`` undoes it like any other operation, and an
earlier operation on that file is not blocked by a change nothing recorded (newuser31 #18).

An editor saves the buffer it read: a memtui write to the file while it was open (the
agent in another window, a ``memtui fix``) is replaced by the save, and nothing in the
editor says so (newuser41 #2: the agent's index line was gone, the journal called the save
"+1 −0 lines" and ``u`` restored a state without it either). The journal's records made
while the editor was open say so: the version the save replaced is kept in
``.memtui/displaced/`` when the journal holds its bytes (MEMORY.md's records keep what they
left), the edit is journaled from that version (so ``u`` puts it back), and the caller says
which write the save replaced.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from memtui.core.files.file_modes import STATE_MODE
from memtui.core.workspace import Workspace
from memtui.edit.changeset import Changeset, FileChange
from memtui.edit.errors import Refused
from memtui.edit.journal import Journal, is_active, kept_after, title
from memtui.edit.safe_write import (
    ABSENT,
    DISPLACED_DIR,
    MAX_EDIT_BYTES,
    digest,
    displaced_name,
    folder_lock,
    mtime_of,
    read_bytes,
    write_file,
)

#: The journal's name of the operation.
EDIT_OP = "edit"


@dataclass(frozen=True)
class BeforeEdit:
    """A workspace file as it was before the editor opened it."""

    path: str
    data: bytes
    mtime_ns: int | None
    #: The highest journal record number when the editor opened (its writes come after).
    journal_last: int = 0


@dataclass(frozen=True)
class Replaced:
    """A memtui write the editor's save replaced: its record's title, and where the
    version it left is kept (None: the journal holds no copy of it)."""

    record: str
    kept: str | None


def before_edit(ws: Workspace, rel: str) -> BeforeEdit | None:
    """``rel`` as it is now, or None when it cannot be journaled (absent, not a regular
    file inside the workspace, past the size memtui edits)."""
    try:
        data = read_bytes(ws.root, rel)
    except (Refused, OSError):
        return None
    if data is None:
        return None
    try:
        last = max(Journal(ws).ids(), default=0)
    except Refused:
        last = 0
    return BeforeEdit(rel, data, mtime_of(ws.root, rel), last)


def replaced_write(ws: Workspace, before: BeforeEdit, after: bytes
                   ) -> tuple[Replaced, bytes | None] | None:
    """The newest memtui write to ``before.path`` made while the editor was open that the
    save replaced (its record is still in effect and left other bytes than the editor
    read and than it saved), with that version's bytes when the journal keeps them."""
    try:
        records = Journal(ws).records_after(before.journal_last)
    except Refused:
        return None
    for rec in reversed(records):
        if not is_active(rec):
            continue
        for f in rec["files"]:
            if f["path"] != before.path:
                continue
            left = f.get("after_sha256")
            if left in (digest(before.data), digest(after)):
                return None
            data = kept_after(f)
            return Replaced(f"#{rec['id']} {title(rec)}", None), data
    return None


def journal_edit(ws: Workspace, before: BeforeEdit) -> dict[str, Any] | None:
    """Journal what the editor changed in ``before.path`` (None: it changed nothing).
    Refused when the change cannot be journaled (the file was deleted or grew past the size
    memtui edits and undoes): the caller says so, the edit stays as the editor left it.
    A memtui write the save replaced is in the record's ``replaced`` (`Replaced`)."""
    rel = before.path
    try:
        with folder_lock(ws.state_dir):
            after = read_bytes(ws.root, rel, limit=MAX_EDIT_BYTES)
            if after == before.data:
                return None
            if after is None:
                raise Refused(f"{rel} was deleted in the editor: not journaled (u cannot "
                              "bring it back)")
            found = replaced_write(ws, before, after)
            start, age, replaced = before.data, before.mtime_ns, None
            if found is not None:
                replaced, data = found
                if data is not None and _kept_in(before.data, data, after):
                    # the editor read the write back before saving (vim's autoread)
                    start, age, replaced = data, None, None
                elif data is not None:
                    # kept, and the edit journaled from it: u puts it back
                    kept = _keep_copy(ws, rel, data)
                    replaced = Replaced(replaced.record, kept)
                    start, age = data, None
            lines = _lines_changed(start, after)
            changeset = Changeset(EDIT_OP, {"path": rel},
                                  f"{rel}: edited in $EDITOR ({lines})",
                                  [FileChange(rel, start, after)])
            rec = Journal(ws).append(changeset, {rel: age})
            if replaced is not None:
                rec["replaced"] = replaced
            return rec
    except OSError as exc:
        raise Refused(f"{rel}: the edit could not be journaled ({exc.strerror or exc}); "
                      "u cannot undo it") from None


def _kept_in(first: bytes, then: bytes, saved: bytes) -> bool:
    """Whether ``saved`` still holds every line ``then`` added to ``first``."""
    a = first.decode("utf-8", errors="replace").splitlines()
    b = then.decode("utf-8", errors="replace").splitlines()
    have = set(saved.decode("utf-8", errors="replace").splitlines())
    for tag, _i1, _i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal" and not set(b[j1:j2]) <= have:
            return False
    return True


def _keep_copy(ws: Workspace, rel: str, data: bytes) -> str | None:
    """``data`` written as a new file in ``.memtui/displaced/``; where (None: it could not
    be, and the caller says no copy was kept)."""
    name = f"{DISPLACED_DIR}/{displaced_name(rel)}"
    try:
        write_file(ws.root, name, data, ABSENT, limit=MAX_EDIT_BYTES, new_mode=STATE_MODE)
    except (Refused, OSError):
        return None
    return name


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
