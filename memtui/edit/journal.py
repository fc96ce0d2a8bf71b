"""The undo journal: one JSON record per operation in ``<workspace>/.memtui/journal/``.

A record holds the operation (name, arguments, summary, time) and, for every file it
touched, the bytes before (base64, or ``"absent"`` for a file it created) and the hash
after (``"absent"`` for a file it deleted). Undo puts the before bytes back, after checking
each file still hashes to its after value; the record is then marked undone, and the next
undo takes the newest record not undone yet, back to the first operation.

A record memtui cannot read (damaged, not JSON, unreadable) is never skipped: history lists
it by its file name and undo stops at it, because what it did can no longer be known.
Records are only removed when asked (``memtui history --prune N``).
"""

from __future__ import annotations

import base64
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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

    def append(self, changeset: Changeset) -> dict[str, Any]:
        """Journal an applied changeset (call with the workspace lock held)."""
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
            "files": [_file_record(ch) for ch in changeset.changes],
        }
        self.folder.mkdir(parents=True, exist_ok=True)
        remove_stale_temps(self.folder)
        path = self.folder / f"{seq:06d}.json"
        atomic_write(path, json.dumps(rec, ensure_ascii=False, indent=1).encode("utf-8"))
        rec["_file"] = path
        return rec

    def mark_undone(self, rec: dict[str, Any]) -> None:
        rec = dict(rec)
        path: Path = rec.pop("_file")
        rec["undone"] = True
        rec["undone_time"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
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


def _file_record(ch: FileChange) -> dict[str, Any]:
    out: dict[str, Any] = {
        "path": ch.path,
        "change": ch.kind,
        "before": ABSENT if ch.before is None else base64.b64encode(ch.before).decode("ascii"),
        "before_sha256": digest(ch.before),
        "after_sha256": digest(ch.after),
    }
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


def undo(ws: Workspace) -> dict[str, Any]:
    """Revert the newest operation not undone yet; returns its record.

    Raises Refused when there is nothing to undo or an unreadable record comes first,
    Conflict when a file it touched has changed since (then nothing is written).
    """
    journal = Journal(ws)
    if not journal.folder.is_dir():
        raise Refused("nothing to undo (no operation journaled in this workspace)")
    with folder_lock(ws.state_dir):
        rec = journal.last_active()
        if rec is None:
            raise Refused("nothing to undo (every journaled operation is undone already)")
        changes: list[FileChange] = []
        for f in rec["files"]:
            path = f["path"]
            data = read_bytes(ws.abs(path))
            now = digest(data)
            if now == f["before_sha256"]:
                continue  # never written (the operation was cut short): nothing to revert
            if now != f["after_sha256"]:
                raise Conflict(f"{path} changed since operation #{rec['id']} ({rec['op']}); "
                               "nothing was undone")
            before = None if f["before"] == ABSENT else base64.b64decode(f["before"])
            changes.append(FileChange(path, data, before))
        write_changes(ws, changes)
        journal.mark_undone(rec)
    return rec
