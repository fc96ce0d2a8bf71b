"""The undo journal: one JSON record per operation in ``<workspace>/.memtui/journal/``.

A record holds the operation (name, arguments, summary, time) and, for every file it
touched, the bytes before (base64, or ``"absent"`` for a file it created), their
modification time, and the hash after (``"absent"`` for a file it deleted). Undo puts the
before bytes back with their modification time (a memory's age), after checking each file
still hashes to its after value; the record is then marked undone, and the next undo takes
the newest record not undone yet, back to the first operation.

When something else has written one of the files since (the agent wrote MEMORY.md), that
file blocks the undo: :func:`plan_undo` names it, and ``undo(ws, skip=...)`` reverts the
other files only, leaving the ones named as they are (the record says which).

A record memtui cannot read (damaged, not JSON, unreadable) is never skipped: history lists
it by its file name and undo stops at it, because what it did can no longer be known.
Records are only removed when asked (``memtui history --prune N``).
"""

from __future__ import annotations

import base64
import json
import time
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memtui.core.wording import plural
from memtui.core.workspace import Workspace
from memtui.edit.changeset import Changeset, FileChange, write_changes
from memtui.edit.errors import Refused
from memtui.edit.safe_write import (
    ABSENT,
    Conflict,
    atomic_write,
    digest,
    folder_lock,
    fsync_dir,
    read_bytes,
    remove_stale_temps,
)

SCHEMA = 1


@dataclass(frozen=True)
class Unreadable:
    """A journal file memtui cannot use; undo stops at it."""

    path: Path
    reason: str

    @property
    def id(self) -> int:
        return int(self.path.stem)

    @property
    def name(self) -> str:
        return self.path.name

    def refusal(self) -> Refused:
        return Refused(f"journal record .memtui/journal/{self.name} is unreadable "
                       f"({self.reason}); nothing was undone (move that file away to undo "
                       "the operations before it)")


Entry = dict[str, Any] | Unreadable


class Journal:
    """The operations journaled for one workspace."""

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws
        self.folder = ws.state_dir / "journal"

    def _files(self) -> list[Path]:
        if not self.folder.is_dir():
            return []
        return sorted(p for p in self.folder.glob("*.json") if p.stem.isdigit())

    def entries(self) -> list[Entry]:
        """Every journal file, oldest first: a record, or :class:`Unreadable`."""
        return [_load(p) for p in self._files()]

    def records(self) -> list[dict[str, Any]]:
        """The readable records, oldest first."""
        return [e for e in self.entries() if not isinstance(e, Unreadable)]

    def append(self, changeset: Changeset,
               ages: dict[str, int | None] | None = None) -> dict[str, Any]:
        """Journal an applied changeset (call with the workspace lock held); ``ages`` holds
        each existing file's modification time (ns) before the change."""
        files = self._files()
        seq = int(files[-1].stem) + 1 if files else 1
        now = time.time()
        rec: dict[str, Any] = {
            "schema": SCHEMA,
            "id": seq,
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(now)),
            "timestamp": now,
            "op": changeset.op,
            "args": changeset.args,
            "summary": changeset.summary,
            "undone": False,
            "files": [_file_record(ch, (ages or {}).get(ch.path)) for ch in changeset.changes],
        }
        self.folder.mkdir(parents=True, exist_ok=True)
        remove_stale_temps(self.folder)
        path = self.folder / f"{seq:06d}.json"
        atomic_write(path, json.dumps(rec, ensure_ascii=False, indent=1).encode("utf-8"))
        rec["_file"] = path
        return rec

    def mark_undone(self, rec: dict[str, Any], skipped: Collection[str] = ()) -> None:
        rec = dict(rec)
        path: Path = rec.pop("_file")
        rec["undone"] = True
        rec["undone_time"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        if skipped:
            rec["undone_except"] = sorted(skipped)
        atomic_write(path, json.dumps(rec, ensure_ascii=False, indent=1).encode("utf-8"))

    def discard(self, rec: dict[str, Any]) -> None:
        """Drop the record of an operation that was not carried out."""
        path: Path = rec["_file"]
        path.unlink(missing_ok=True)

    def last_active(self) -> dict[str, Any] | None:
        """The newest record not undone yet; None when there is none.

        Raises Refused at an unreadable record newer than it: whether that operation was
        undone, and what it touched, cannot be known, so undo must not go past it.
        """
        for path in reversed(self._files()):  # newest first; older ones are never read
            entry = _load(path)
            if isinstance(entry, Unreadable):
                raise entry.refusal()
            if not entry.get("undone"):
                return entry
        return None

    def prune(self, keep: int) -> list[Path]:
        """Delete every journal file but the newest ``keep``; returns the files deleted.

        Call with the workspace lock held. The operations they recorded can no longer be
        undone; the ones kept still can.
        """
        files = self._files()
        gone = files[:max(len(files) - keep, 0)]
        for p in gone:
            p.unlink(missing_ok=True)
        if gone:
            fsync_dir(self.folder)
        return gone


def _load(path: Path) -> Entry:
    try:
        rec = json.loads(path.read_bytes())
    except OSError as exc:
        return Unreadable(path, exc.strerror or str(exc))
    except (ValueError, RecursionError):  # not UTF-8, not JSON, nested beyond reason
        return Unreadable(path, "not valid JSON")
    if not _well_formed(rec):
        return Unreadable(path, "not a memtui journal record")
    rec["_file"] = path
    return rec


def _well_formed(rec: Any) -> bool:
    """A record undo can use: an id, an op, and every file's path, bytes and hashes."""
    if not (isinstance(rec, dict) and isinstance(rec.get("id"), int)
            and isinstance(rec.get("op"), str) and isinstance(rec.get("files"), list)):
        return False
    keys = ("path", "before", "before_sha256", "after_sha256")
    return all(isinstance(f, dict) and all(isinstance(f.get(k), str) for k in keys)
               for f in rec["files"])


def _file_record(ch: FileChange, age: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "path": ch.path,
        "change": ch.kind,
        "before": ABSENT if ch.before is None else base64.b64encode(ch.before).decode("ascii"),
        "before_sha256": digest(ch.before),
        "after_sha256": digest(ch.after),
    }
    if age is not None:
        out["before_mtime_ns"] = age
    if ch.moved_from:
        out["moved_from"] = ch.moved_from
    if ch.moved_to:
        out["moved_to"] = ch.moved_to
    return out


def public(rec: dict[str, Any]) -> dict[str, Any]:
    """A record without its stored bytes (for ``history --json``)."""
    out = {k: v for k, v in rec.items() if not k.startswith("_")}
    out["files"] = [{k: v for k, v in f.items() if k != "before"} for f in rec["files"]]
    return out


@dataclass
class UndoPlan:
    """What undoing the newest operation not undone yet would do, read now.

    ``changes`` put files back; ``blocked`` are the files something else has written since
    the operation (undo refuses unless told to skip them), each with why; ``untouched``
    counts files the operation never wrote (cut short), which need nothing.
    """

    record: dict[str, Any]
    changes: list[FileChange] = field(default_factory=list)
    blocked: dict[str, str] = field(default_factory=dict)  # path → why (one line)

    @property
    def id(self) -> int:
        return int(self.record["id"])

    def blocking(self) -> str:
        """One line naming the files that block the undo and what they did."""
        rec = self.record
        if len(self.blocked) == 1:
            (path, why), = self.blocked.items()
            return f"{path} {why} since operation #{rec['id']} ({rec['op']})"
        return (f"{' and '.join(self.blocked)} changed since operation #{rec['id']} "
                f"({rec['op']})")

    def others(self) -> str:
        """The files a partial undo would put back, e.g. ``2 files (a.md, b.md)``."""
        paths = [ch.path for ch in self.changes]
        return f"{plural(len(paths), 'other file')} ({', '.join(paths)})"


def plan_undo(ws: Workspace) -> UndoPlan:
    """Plan the undo of the newest operation not undone yet (nothing is written).

    Raises Refused when there is nothing to undo or an unreadable record comes first.
    """
    journal = Journal(ws)
    if not journal.folder.is_dir():
        raise Refused("nothing to undo (no operation journaled in this workspace)")
    rec = journal.last_active()
    if rec is None:
        raise Refused("nothing to undo (every journaled operation is undone already)")
    plan = UndoPlan(rec)
    for f in rec["files"]:
        path = f["path"]
        data = read_bytes(ws.abs(path))
        now = digest(data)
        if now == f["before_sha256"]:
            continue  # never written (the operation was cut short): nothing to revert
        if now != f["after_sha256"]:
            plan.blocked[path] = ("was deleted" if now == ABSENT else
                                  "was created again" if f["after_sha256"] == ABSENT else
                                  "changed")
            continue
        before = None if f["before"] == ABSENT else base64.b64decode(f["before"])
        plan.changes.append(FileChange(path, data, before, mtime_ns=_age(f)))
    # The two halves of a move go back together or not at all.
    pairs = {f["path"]: f.get("moved_to") or f.get("moved_from") for f in rec["files"]}
    for ch in list(plan.changes):
        partner = pairs.get(ch.path)
        if isinstance(partner, str) and partner in plan.blocked:
            plan.blocked[ch.path] = f"moved with {partner}, which changed"
            plan.changes.remove(ch)
    return plan


def _age(f: dict[str, Any]) -> int | None:
    """A file record's modification time before the operation, when it holds a usable one
    (a tampered value is ignored, not passed to the system)."""
    age = f.get("before_mtime_ns")
    ok = isinstance(age, int) and not isinstance(age, bool) and 0 <= age < 2**62
    return age if ok else None


def undo(ws: Workspace, skip: Collection[str] = (), expect: int | None = None) -> dict[str, Any]:
    """Revert the newest operation not undone yet; returns its record.

    ``skip`` names files something else wrote since, to leave as they are while the others
    are put back (from :meth:`UndoPlan.blocked`); ``expect`` is the operation's id the
    caller showed the operator (refused when the newest is another one by now).

    Raises Refused when there is nothing to undo or an unreadable record comes first,
    Conflict when a file it touched has changed since and is not in ``skip`` (then nothing
    is written).
    """
    if not Journal(ws).folder.is_dir():  # never create .memtui/ just to find nothing
        plan_undo(ws)
    with folder_lock(ws.state_dir):
        plan = plan_undo(ws)
        rec = plan.record
        if expect is not None and plan.id != expect:
            raise Refused(f"the newest operation is #{plan.id} ({rec['op']}) now, not "
                          f"#{expect}; nothing was undone")
        unexpected = {p: why for p, why in plan.blocked.items() if p not in skip}
        if unexpected:
            plan.blocked = unexpected
            raise Conflict(f"{plan.blocking()}; nothing was undone")
        if plan.blocked and not plan.changes:
            raise Refused(f"every file operation #{plan.id} ({rec['op']}) wrote has changed "
                          "since; nothing was undone")
        write_changes(ws, plan.changes)
        Journal(ws).mark_undone(rec, plan.blocked)
    rec["undone_except"] = sorted(plan.blocked)
    return rec
