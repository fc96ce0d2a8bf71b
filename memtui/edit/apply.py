"""Applying a changeset: checked under the workspace lock, journaled first, written
atomically (see `memtui.edit.changeset`). Apart from the changeset so that the journal,
which replays changes, and the changeset form no import circle."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from memtui.core.workspace import Workspace
from memtui.edit.changeset import Changeset, FileChange, write_changes
from memtui.edit.chat_state import scrub_chat_state
from memtui.edit.errors import Refused
from memtui.edit.journal import Journal
from memtui.edit.kept_age import kept_ages
from memtui.edit.made_folders import missing_folders
from memtui.edit.safe_write import (
    MAX_EDIT_BYTES,
    check_unchanged,
    digest,
    folder_lock,
    mode_of,
    mtime_of,
)


def apply(ws: Workspace, changeset: Changeset) -> dict[str, Any]:
    """Write a changeset (checked, atomic) and journal it; returns the journal record.

    The record is written first (write-ahead): should memtui die half-way, ``undo`` still
    knows every file's before bytes and puts back the ones that were written.
    """
    refuse_unundoable(changeset)
    try:
        with folder_lock(ws.state_dir):
            return apply_locked(ws, changeset)
    except OSError as exc:
        raise Refused(f"cannot write in {ws.root} ({exc.strerror or exc}); "
                      "nothing was written") from None


def apply_locked(ws: Workspace, changeset: Changeset) -> dict[str, Any]:
    """:func:`apply` for a caller that holds the workspace lock already (the agent's tools,
    which read the file they change under it): the same checks, journal and writes."""
    refuse_unundoable(changeset)
    try:
        for ch in changeset.changes:
            check_unchanged(ws.root, ch.path, digest(ch.before))
        # Each file's age as it was, for undo to give back (and to keep, with keep_age).
        ages = {ch.path: mtime_of(ws.root, ch.path) for ch in changeset.changes
                if ch.before is not None}
        # And the permissions of the files a move takes away, for the file it makes (a
        # 0600 memory renamed stays 0600) and for undo to give back.
        modes = {ch.path: mode_of(ws.root, ch.path) for ch in changeset.changes
                 if ch.before is not None and (ch.moved_to or ch.after is None)}
        # No memtui write keeps an executable bit, and undo gives none back: said, not
        # dropped unseen (newuser23 #31: a 755 memory renamed, then undone, came back 644).
        dropped = [ch.path for ch in changeset.changes if ch.before is not None
                   and ((modes[ch.path] if ch.path in modes else mode_of(ws.root, ch.path))
                        or 0) & 0o111]
        # The folders a new file's write creates, for undo to remove again (newuser26 #11).
        made: dict[str, list[str]] = {}
        for ch in changeset.changes:
            if ch.before is None and ch.after is not None:
                new = [f for f in missing_folders(ws.root, ch.path)
                       if not any(f in m for m in made.values())]
                if new:
                    made[ch.path] = new
        journal = Journal(ws)
        record = journal.append(changeset, ages, modes, made)
        if changeset.keep_age:  # the age that dated each file: its mtime, or its commit's
            kept = kept_ages(ws.root, changeset, ages)
            changes = [_aged(ch, kept) for ch in changeset.changes]
        else:
            changes = list(changeset.changes)
        changes = [replace(ch, mode=modes.get(ch.moved_from))
                   if ch.kind == "create" and ch.moved_from is not None else ch
                   for ch in changes]
        try:
            write_changes(ws, changes, record["id"], journal.ids())
        except BaseException:
            journal.discard(record)
            raise
        changeset.notes += [f"{rel}: its executable bits were dropped (no memtui write keeps "
                            "one; undo does not give them back)" for rel in dropped]
        if changeset.secrets:
            # Earlier records expect the unredacted bytes: they now find the redacted.
            rehash = {digest(ch.before): digest(ch.after) for ch in changeset.changes}
            changeset.notes += journal.scrub(changeset.secrets, record, rehash)
            # and from the chat's history and transcripts, which hold what the agent read
            changeset.notes += scrub_chat_state(str(ws.root), changeset.secrets)
        return record
    except OSError as exc:
        raise Refused(f"cannot write in {ws.root} ({exc.strerror or exc}); "
                      "nothing was written") from None


def _aged(ch: FileChange, ages: dict[str, int | None]) -> FileChange:
    """``ch`` keeping the age its file had: a file modified keeps its own, a file moved
    (a rename) the age it had at its old path."""
    if ch.kind == "modify":
        return replace(ch, mtime_ns=ages.get(ch.path))
    if ch.kind == "create" and ch.moved_from is not None:
        return replace(ch, mtime_ns=ages.get(ch.moved_from))
    return ch


def too_large(changeset: Changeset) -> str | None:
    """Why ``changeset`` would be refused for its size (a file past the cap could not be
    read back to undo it: never produced), without ``; nothing was written``; None when
    every file it writes fits. What a flow can say before its form opens."""
    for ch in changeset.changes:
        if ch.after is not None and len(ch.after) > MAX_EDIT_BYTES:
            return (f"{ch.path} would grow to {len(ch.after):,} bytes, past the "
                    f"{MAX_EDIT_BYTES // (1024 * 1024)} MiB memtui edits (and undoes)")
    return None


def refuse_unundoable(changeset: Changeset) -> None:
    """Refused when ``changeset`` is one `apply` never writes (nothing to change, a file
    past the cap memtui edits and undoes): asked by a dry run too, which must not promise a
    write the real run refuses (newuser27 #6)."""
    if not changeset.changes:
        raise Refused("nothing to change")
    why = too_large(changeset)
    if why is not None:
        raise Refused(f"{why}; nothing was written")
