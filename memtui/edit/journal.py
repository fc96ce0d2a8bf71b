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

An agent write (the chat agent's file tools) is journaled like any operation, one record
per tool call, with a ``turn`` field (``{"id", "number"}``) shared by the records of one
agent turn, so :mod:`memtui.edit.turn_undo` can undo a turn's writes together.

The module is past 500 lines on purpose: the record format, its validation as untrusted
input and the undo that trusts only what passed it belong in one place.

Records are untrusted input (anyone who can write in the workspace can write them): a
record with a field of the wrong type, or a path that is absolute, has ``..`` or is
otherwise not inside the workspace, is unreadable; undo also refuses bytes that do not
match their recorded sha256. A redaction keeps no copy of the credential: its own record
holds the before bytes with the credential redacted, and earlier records are scrubbed.
So a redaction is not undoable: undo refuses it (:class:`NotUndoable`, one line saying
why) and marks its record ``passed_over``, so the next undo goes on to the operation before
it; history marks it "not undoable (the secret is not kept)".
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import re
import time
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from typing import Any

from memtui.core.files.file_modes import STATE_MODE
from memtui.core.files.safe_open import Unsafe, folder, parts_of
from memtui.core.reporting.wording import plural
from memtui.core.workspace import STATE_DIR, Workspace
from memtui.edit.changeset import (
    REDACTED,
    Changeset,
    FileChange,
    clear_own_temps,
    write_changes,
)
from memtui.edit.errors import Distrusted, Refused
from memtui.edit.journal_seal import NoKey, seal, sealing_key, unsealed_why, user_key
from memtui.edit.made_folders import remove_empty
from memtui.edit.safe_write import (
    ABSENT,
    Conflict,
    digest,
    folder_lock,
    read_bytes,
    remove_stale_temps,
    write_file,
)
from memtui.edit.undo_links import (
    index_rel,
    keep_linked,
    kept_clause,
    unindexed,
    unindexed_clause,
)
from memtui.edit.undo_merge import reverse_in

SCHEMA = 1
#: How history marks a redaction (its record cannot bring the credential back).
NOT_UNDOABLE = "not undoable (the secret is not kept)"
JOURNAL_DIR = f"{STATE_DIR}/journal"
#: The largest journal file memtui writes or reads: a record holds the before bytes of
#: every file an operation touched (each at most the edit cap), base64-encoded. A larger
#: file in the journal folder is unreadable (never read whole); an operation whose record
#: would be larger is refused.
MAX_RECORD_BYTES = 64 * 1024 * 1024
#: A journal file name: its number (ASCII digits only), ``.json``.
_RECORD_NAME = re.compile(r"([0-9]+)\.json")


@dataclass(frozen=True)
class Unreadable:
    """A journal file memtui cannot use; undo stops at it."""

    name: str
    reason: str

    @property
    def id(self) -> int:
        return _number(self.name)

    def refusal(self) -> Refused:
        return Refused(f"journal record {JOURNAL_DIR}/{self.name} is unreadable "
                       f"({self.reason}); nothing was undone (move that file away to undo "
                       "the operations before it)")


@dataclass(frozen=True, eq=False)
class Untrusted(Unreadable):
    """A journal record memtui did not write for this workspace (its seal is missing or
    wrong: :mod:`memtui.edit.journal_seal`), or one whose file changes do not fit its
    operation: never acted on. Undo stops at it as at an unreadable one; history lists
    what it claims, marked as not memtui's."""

    record: dict[str, Any] = field(default_factory=dict)

    def refusal(self) -> Refused:
        rec = self.record
        return Distrusted(
            f"journal record #{rec['id']} ({rec['op']}, {JOURNAL_DIR}/{self.name}) was not "
            f"written by memtui for this workspace: {self.reason}; nothing was undone "
            "(memtui never acts on it: if you did not make it, delete it; if it is an "
            "operation of yours, put its files back by hand from the record's \"before\" "
            "copies, then move the file away to undo the operations before it)")


Entry = dict[str, Any] | Unreadable


def _number(name: str) -> int:
    return int(name[:-5])


def record_name(number: int) -> str:
    return f"{number:06d}.json"


def _dump(rec: dict[str, Any]) -> bytes:
    """A record as written: ASCII JSON (a name that is not valid UTF-8 survives escaped)."""
    return json.dumps({k: v for k, v in rec.items() if not k.startswith("_")},
                      indent=1).encode("ascii")


class Journal:
    """The operations journaled for one workspace."""

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws
        self.folder = ws.root / JOURNAL_DIR
        self._key: bytes | None = None
        self._looked = False  # whether the key was looked up (never made by a read)

    def _checking_key(self) -> bytes | None:
        """The user's journal key to check seals with (None: none usable), read once."""
        if not self._looked:
            self._looked = True
            try:
                self._key = user_key()
            except NoKey:
                self._key = None
        return self._key

    def exists(self) -> bool:
        """Whether the journal folder exists (Refused when it is a link or not a folder)."""
        try:
            with refusing_journal(), folder(self.ws.root, JOURNAL_DIR.split("/")):
                return True
        except FileNotFoundError:
            return False

    def _names(self) -> list[str]:
        """Journal file names (``<digits>.json``), in numeric order; others are ignored."""
        try:
            with refusing_journal(), folder(self.ws.root, JOURNAL_DIR.split("/")) as fd:
                names = [n for n in os.listdir(fd) if _RECORD_NAME.fullmatch(n)]
        except FileNotFoundError:
            return []
        except OSError as exc:  # permissions, a name too long: one line, never a traceback
            raise Refused(f"cannot read {JOURNAL_DIR} ({exc.strerror or exc})") from None
        return sorted(names, key=lambda n: (_number(n), n))

    def ids(self) -> set[int]:
        """The numbers of the records present (readable or not)."""
        return {_number(n) for n in self._names()}

    def _load(self, name: str) -> Entry:
        try:
            data = read_bytes(self.ws.root, f"{JOURNAL_DIR}/{name}", MAX_RECORD_BYTES)
        except Refused as exc:
            return Unreadable(name, str(exc).removeprefix(f"{JOURNAL_DIR}/{name} "))
        except OSError as exc:
            return Unreadable(name, exc.strerror or str(exc))
        if data is None:
            return Unreadable(name, "vanished while memtui read it")
        try:
            rec = json.loads(data)
        except (ValueError, RecursionError):  # not UTF-8, not JSON, nested beyond reason
            return Unreadable(name, "not valid JSON")
        problem = malformed(rec)
        if problem is None and name != record_name(rec["id"]):
            problem = (f"its file name does not match its id #{rec['id']} (memtui names "
                       f"it {record_name(rec['id'])})")
        if problem is not None:
            return Unreadable(name, f"not a memtui journal record: {problem}")
        rec["_name"] = name
        rec["_sha256"] = digest(data)
        why = unsealed_why(rec, self.ws.root, self._checking_key())
        if why is None:
            why = misfit(rec)
        if why is not None:
            return Untrusted(name, why, rec)
        return rec

    def entries(self) -> list[Entry]:
        """Every journal file, oldest first: a record, or :class:`Unreadable`."""
        return [self._load(n) for n in self._names()]

    def highest_turn(self, look: int = 200) -> int:
        """The highest agent turn number among the newest ``look`` records (0: none): the
        next chat turn is numbered past it, so numbers keep growing across chats ("turn 4"
        names one turn in history) and two chats writing at once never share one (the
        newest record alone can be the older turn's, newuser36 #30). Unreadable records are
        passed."""
        highest = 0
        for name in self._names()[-look:]:
            entry = self._load(name)
            turn = None if isinstance(entry, Unreadable) else turn_of(entry)
            if turn is not None:
                highest = max(highest, turn[1])
        return highest

    def records_after(self, number: int) -> list[dict[str, Any]]:
        """The readable records numbered above ``number``, oldest first (only their files
        are read)."""
        return [e for e in (self._load(n) for n in self._names() if _number(n) > number)
                if not isinstance(e, Unreadable)]

    def records(self) -> list[dict[str, Any]]:
        """The readable records, oldest first."""
        return [e for e in self.entries() if not isinstance(e, Unreadable)]

    def append(self, changeset: Changeset, ages: dict[str, int | None] | None = None,
               modes: dict[str, int | None] | None = None,
               made: dict[str, list[str]] | None = None) -> dict[str, Any]:
        """Journal an applied changeset (call with the workspace lock held); ``ages`` holds
        each existing file's modification time (ns) before the change, ``modes`` the
        permissions of those it deletes or moves (undo creates them again with those),
        ``made`` the folders writing each new file creates (undo removes them again).

        Its number is one above the highest present, and the file is created only where
        none exists, so no stray or copied-back file can make two records share one.
        """
        names = self._names()
        seq = _number(names[-1]) + 1 if names else 1
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
            "files": [_file_record(ch, changeset.secrets, (ages or {}).get(ch.path),
                                   (modes or {}).get(ch.path), (made or {}).get(ch.path))
                      for ch in changeset.changes],
        }
        index = index_rel(self.ws)
        for f, ch in zip(rec["files"], changeset.changes, strict=True):
            if ch.path == index and ch.before is not None and ch.after is not None:
                # what it left, so that its own lines can be taken back once the agent
                # has edited other lines (`own_lines_back`, newuser39 #3)
                after = ch.after if not changeset.secrets else \
                    _scrub_bytes(ch.after, changeset.secrets)
                f["after"] = base64.b64encode(after).decode("ascii")
        if changeset.secrets:
            rec["redacted"] = True
        if changeset.turn is not None:
            rec["turn"] = {"id": changeset.turn.id, "number": changeset.turn.number}
        key = self._sealing_key()
        with refusing_journal(), folder(self.ws.root, JOURNAL_DIR.split("/"),
                                        create=True) as fd:
            remove_stale_temps(fd)
        for _ in range(1000):
            rec["id"] = seq
            data = _dump(seal(rec, self.ws.root, key))
            if len(data) > MAX_RECORD_BYTES:
                raise Refused(f"this operation touches too much to journal ({len(data):,} "
                              "bytes of undo data); nothing was written (do it in parts)")
            try:
                write_file(self.ws.root, f"{JOURNAL_DIR}/{record_name(seq)}", data, ABSENT,
                           limit=MAX_RECORD_BYTES, new_mode=STATE_MODE)
            except Conflict:  # a file by that name appeared: take the next number
                seq += 1
                continue
            rec["_name"] = record_name(seq)
            rec["_sha256"] = digest(data)
            return rec
        raise Refused("cannot find a free journal number; nothing was written")

    def _sealing_key(self) -> bytes:
        """The user's journal key, made when there is none; Refused when it cannot be."""
        if self._key is None:
            self._key, self._looked = sealing_key(), True
        return self._key

    def _rewrite(self, rec: dict[str, Any], sealing: bool = True) -> None:
        """Write ``rec`` back over its file (sealed again; ``sealing`` False: as it came, for
        a record memtui did not write, whose scrub must not make it trusted)."""
        data = _dump(seal(rec, self.ws.root, self._sealing_key()) if sealing else rec)
        write_file(self.ws.root, f"{JOURNAL_DIR}/{rec['_name']}", data, rec["_sha256"],
                   limit=MAX_RECORD_BYTES)
        rec["_sha256"] = digest(data)

    def mark_undone(self, rec: dict[str, Any], skipped: Collection[str] = ()) -> None:
        rec = dict(rec)
        rec["undone"] = True
        rec["undone_time"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        if skipped:
            rec["undone_except"] = sorted(skipped)
        self._rewrite(rec)

    def mark_passed_over(self, rec: dict[str, Any]) -> None:
        """Record that undo met this redaction and left it: the next undo takes the one
        before it."""
        rec = dict(rec)
        rec["passed_over"] = True
        rec["passed_over_time"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        self._rewrite(rec)

    def discard(self, rec: dict[str, Any]) -> None:
        """Drop the record of an operation that was not carried out."""
        write_file(self.ws.root, f"{JOURNAL_DIR}/{rec['_name']}", None, rec["_sha256"],
                   limit=MAX_RECORD_BYTES)

    def last_active(self) -> dict[str, Any] | None:
        """The newest record not undone yet (nor a redaction undo passed over); None when
        there is none.

        Raises Refused at an unreadable record newer than it: whether that operation was
        undone, and what it touched, cannot be known, so undo must not go past it.
        """
        return next(self.active(), None)

    def active(self) -> Iterator[dict[str, Any]]:
        """The records not undone yet, newest first, read one by one as asked for (older
        ones are never read); raises Refused on reaching an unreadable record."""
        for name in reversed(self._names()):
            entry = self._load(name)
            if isinstance(entry, Unreadable):
                raise entry.refusal()
            if is_active(entry):
                yield entry

    def prune(self, keep: int) -> list[str]:
        """Delete every journal file but the newest ``keep``; returns the names deleted.

        Call with the workspace lock held. The operations they recorded can no longer be
        undone; the ones kept still can. Everything is listed and checked before the first
        file is deleted.
        """
        names = self._names()
        gone = names[:max(len(names) - keep, 0)]
        if not gone:
            return []
        with refusing_journal(), folder(self.ws.root, JOURNAL_DIR.split("/")) as fd:
            for name in gone:
                try:
                    os.unlink(name, dir_fd=fd)
                except FileNotFoundError:
                    continue
            os.fsync(fd)
        return gone

    def scrub(self, secrets: list[str], current: dict[str, Any],
              rehash: dict[str, str]) -> list[str]:
        """Replace ``secrets`` by ``[REDACTED]`` in every other record (the bytes they would
        restore and their text); returns notes for the operator. Call with the lock held.

        ``rehash`` maps the digest of each file before the redaction to its digest after:
        a record expecting the former now expects the latter, so undo can go back past the
        redaction."""
        scrubbed: list[int] = []
        left: list[str] = []
        entries = list(self.entries())
        rehash = {**rehash, **_before_rehash(entries, secrets)}
        for entry in entries:
            if isinstance(entry, Untrusted):  # scrubbed too, never sealed by it
                clean = _scrubbed(entry.record, secrets, rehash)
                if clean is not None:
                    try:
                        self._rewrite(clean, sealing=False)
                    except (Refused, OSError):
                        left.append(entry.name)
                continue
            if isinstance(entry, Unreadable):
                left.append(entry.name)
                continue
            if entry["_name"] == current["_name"]:
                continue
            clean = _scrubbed(entry, secrets, rehash)
            if clean is not None:
                try:
                    self._rewrite(clean)
                except (Refused, OSError):
                    left.append(entry["_name"])
                    continue
                scrubbed.append(entry["id"])
        notes: list[str] = []
        if scrubbed:
            notes.append(f"scrubbed it from {len(scrubbed)} earlier journal record"
                         f"{'' if len(scrubbed) == 1 else 's'} "
                         f"({', '.join(f'#{n}' for n in scrubbed)})")
        if left:
            notes.append(f"could not check {', '.join(left)} in {JOURNAL_DIR} (unreadable): "
                         "remove it if it may hold the credential")
        return notes


def refusing_journal() -> Any:
    from memtui.edit.safe_write import refusing

    return refusing(" (memtui keeps its journal only in a real folder)")


def _scrub_text(text: str, secrets: list[str]) -> str:
    for s in secrets:
        text = text.replace(s, REDACTED)
    return text


def _before_rehash(entries: list[Any], secrets: list[str]) -> dict[str, str]:
    """The digest of every recorded ``before`` that holds ``secrets`` mapped to the digest
    of its scrubbed form. The record before it on that file ended with those same bytes,
    so its after digest must move along too: else undo, having restored the scrubbed
    ``before``, finds the file "changed since" the earlier operation and stops there."""
    out: dict[str, str] = {}
    for entry in entries:
        if isinstance(entry, Unreadable):
            continue
        for f in entry["files"]:
            if f["before"] == ABSENT:
                continue
            before = _decode_before(f["before"])
            if before is None:
                continue
            clean = _scrub_bytes(before, secrets)
            if clean != before:
                out[digest(before)] = digest(clean)
    return out


def _scrubbed(rec: dict[str, Any], secrets: list[str],
              rehash: dict[str, str]) -> dict[str, Any] | None:
    """``rec`` with ``secrets`` replaced everywhere (and its after digests moved along
    ``rehash``), or None when it holds none of them."""
    changed = False

    def walk(value: Any) -> Any:
        nonlocal changed
        if isinstance(value, str):
            new = _scrub_text(value, secrets)
            changed = changed or new != value
            return new
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        return value

    out = {k: (v if k.startswith("_") or k == "files" else walk(v)) for k, v in rec.items()}
    files = []
    for f in rec["files"]:
        f = {k: walk(v) if k not in ("before", "before_sha256", "after_sha256", "after")
             else v for k, v in f.items()}
        kept_after = _decode_before(f["after"]) if isinstance(f.get("after"), str) else None
        if kept_after is not None and (clean := _scrub_bytes(kept_after, secrets)) != kept_after:
            f["after"] = base64.b64encode(clean).decode("ascii")
            changed = True
        if f["after_sha256"] in rehash:
            f["after_sha256"] = rehash[f["after_sha256"]]
            changed = True
        if f["before"] != ABSENT:
            before = _decode_before(f["before"])
            if before is not None:
                clean = _scrub_bytes(before, secrets)
                if clean != before:
                    changed = True
                    f["before"] = base64.b64encode(clean).decode("ascii")
                    f["before_sha256"] = digest(clean)
        files.append(f)
    out["files"] = files
    return out if changed else None


def _scrub_bytes(data: bytes, secrets: list[str]) -> bytes:
    for s in secrets:
        data = data.replace(s.encode("utf-8", "surrogateescape"), REDACTED.encode())
    return data



def malformed(rec: Any) -> str | None:
    """What makes ``rec`` unusable as a journal record (None: nothing). Records are read as
    untrusted input: every field undo or history uses must have its type, and every path
    must name a file inside the workspace."""
    if not isinstance(rec, dict):
        return "not an object"
    for key, kind, what in (("id", int, "a whole number"), ("op", str, "text"),
                            ("files", list, "a list")):
        if not isinstance(rec.get(key), kind) or isinstance(rec.get(key), bool):
            return f"'{key}' is not {what}"
    if rec["id"] < 1:
        return "'id' is below 1"
    for key in ("undone", "redacted", "passed_over"):
        if not isinstance(rec.get(key, False), bool):
            return f"'{key}' is not true or false"
    for key in ("summary", "time"):
        if not isinstance(rec.get(key, ""), str):
            return f"'{key}' is not text"
    if "turn" in rec and turn_of(rec) is None:
        return "'turn' is not an object with a text 'id' and a whole 'number' of 1 or more"
    for f in rec["files"]:
        if not isinstance(f, dict):
            return "a file entry is not an object"
        for key in ("path", "before", "before_sha256", "after_sha256"):
            if not isinstance(f.get(key), str):
                return f"a file's '{key}' is not text"
        for key in ("change", "moved_from", "moved_to"):
            if not isinstance(f.get(key, ""), str):
                return f"a file's '{key}' is not text"
        made = f.get("made_folders", [])
        if not isinstance(made, list) or not all(isinstance(d, str) for d in made):
            return "a file's 'made_folders' is not a list of text"
        for key in ("path", "moved_from", "moved_to"):
            if key in f:
                try:
                    parts_of(f[key])
                except Unsafe:
                    return f"{f[key]!r} is not a path inside the workspace"
        for d in made:
            try:
                parts_of(d)
            except Unsafe:
                return f"{d!r} is not a path inside the workspace"
    return None


#: What each operation may do to a file, by what undo would do to it: an operation that
#: only edits files never creates or deletes one (so its record never makes undo delete or
#: create a file). Defence in depth behind the seal: a sealed record that does not fit is
#: refused too.
_MODIFY = frozenset({"modify"})
_FITS: dict[str, frozenset[str]] = {
    **{op: _MODIFY for op in ("fold", "unfold", "repoint", "remove-link", "unlink",
                              "fix-wikilinks", "redact", "remove-duplicate-entry", "move-entry",
                              "agent edit_file", "edit")},
    # adding to an index that does not exist yet writes it new
    "add-to-index": frozenset({"modify", "create"}),
    "add-pointer": frozenset({"modify", "create"}),
    "new": frozenset({"create", "modify"}),
    "agent write_file": frozenset({"create", "modify"}),
    "delete": frozenset({"delete", "modify"}),
    "agent delete_file": frozenset({"delete"}),
    "rename": frozenset({"create", "delete", "modify"}),
    "archive": frozenset({"create", "delete", "modify"}),  # a move, and the index's lines
}


def effect(f: dict[str, Any]) -> str:
    """What an operation did to a file entry's file, read from its hashes (what undo acts
    on), not from its ``change`` label: ``create``, ``delete``, ``modify`` or ``none``."""
    if f["before_sha256"] == ABSENT or f["before"] == ABSENT:
        return "none" if f["after_sha256"] == ABSENT else "create"
    return "delete" if f["after_sha256"] == ABSENT else "modify"


def misfit(rec: dict[str, Any]) -> str | None:
    """Why ``rec``'s file changes do not fit its operation (None: they do)."""
    op = rec["op"]
    fits = _FITS.get(op)
    if fits is None:
        return f"'{op}' is no operation memtui journals"
    for f in rec["files"]:
        did = effect(f)
        if did == "none" or f.get("change", did) != did:
            return (f"its entry for {f['path']} says '{f.get('change')}' but its hashes say "
                    f"{'nothing' if did == 'none' else repr(did)}")
        if did not in fits:
            return f"a {op} never {did}s a file, yet it says it {did}d {f['path']}"
        if op == "rename" and did != "modify" and not f.get(
                "moved_from" if did == "create" else "moved_to"):
            return f"a rename {did}s a file only as one half of a move ({f['path']} is not)"
    return None


def is_active(rec: dict[str, Any]) -> bool:
    """Whether undo may still take ``rec``: not undone, not a redaction it passed over."""
    return not rec.get("undone") and not rec.get("passed_over")


def is_redaction(rec: dict[str, Any]) -> bool:
    """Whether ``rec`` redacted credentials: its record does not hold them, so it cannot be
    undone."""
    return bool(rec.get("redacted"))


def turn_of(rec: dict[str, Any]) -> tuple[str, int] | None:
    """``(id, number)`` of the agent turn that made ``rec``; None for an operation of the
    operator's own (or a ``turn`` field of the wrong shape)."""
    turn = rec.get("turn")
    if not isinstance(turn, dict):
        return None
    tid, number = turn.get("id"), turn.get("number")
    if not isinstance(tid, str) or not tid or len(tid) > 200:
        return None
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number < 2**62:
        return None
    return tid, number


def title(rec: dict[str, Any]) -> str:
    """How history names an operation: its name, and for an agent write the file it wrote
    and its turn, e.g. ``agent write_file MEMORY.md (turn 3)``."""
    turn = turn_of(rec)
    if turn is None:
        return str(rec["op"])
    paths = [f["path"] for f in rec["files"] if not f.get("moved_to")]
    return f"{rec['op']} {', '.join(paths)} (turn {turn[1]})"


def _file_record(ch: FileChange, secrets: list[str], age: int | None = None,
                 mode: int | None = None, made: list[str] | None = None) -> dict[str, Any]:
    """A file's entry; with ``secrets``, its before bytes are kept with them redacted."""
    before = ch.before if ch.before is None or not secrets else _scrub_bytes(ch.before, secrets)
    out: dict[str, Any] = {
        "path": ch.path,
        "change": ch.kind,
        "before": ABSENT if before is None else base64.b64encode(before).decode("ascii"),
        "before_sha256": digest(before),
        "after_sha256": digest(ch.after),
    }
    if age is not None:
        out["before_mtime_ns"] = age
    if mode is not None:
        out["before_mode"] = mode
    if ch.moved_from:
        out["moved_from"] = ch.moved_from
    if ch.moved_to:
        out["moved_to"] = ch.moved_to
    if made:
        out["made_folders"] = made
    return out


def folders_made(rec: dict[str, Any], paths: Collection[str]) -> list[str]:
    """The folders ``rec``'s writes of the files ``paths`` created (the undo of those files
    removes them again when empty)."""
    return [d for f in rec["files"] if f["path"] in paths for d in f.get("made_folders", [])]


def _decode_before(text: str) -> bytes | None:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return None


def public(rec: dict[str, Any]) -> dict[str, Any]:
    """A record without its stored bytes (for ``history --json``)."""
    out = {k: v for k, v in rec.items() if not k.startswith("_")}
    out["files"] = [{k: v for k, v in f.items() if k != "before"} for f in rec["files"]]
    return out


#: How a move's other half is said to be blocked (`UndoPlan.blocked`).
MOVED_WITH = "moved with"


@dataclass
class UndoPlan:
    """What undoing the newest operation not undone yet would do, read now.

    ``changes`` put files back; ``blocked`` are the files something else has written since
    the operation (undo refuses unless told to skip them), each with why. A redaction has
    neither: it is not undoable (:attr:`redaction`, :func:`undo` refuses it).
    """

    record: dict[str, Any]
    changes: list[FileChange] = field(default_factory=list)
    blocked: dict[str, str] = field(default_factory=dict)  # path → what happened to it
    #: Why the other files cannot be put back without the blocked ones ("" when they can).
    whole: str = ""
    #: files the undo would delete that a blocked file links: they stay too, so an undo in
    #: part never leaves a broken link (newuser34 #7, as :mod:`memtui.edit.turn_undo`);
    #: path → the file that links it.
    linked: dict[str, str] = field(default_factory=dict)
    #: memories the undo makes again that the index left as it is does not link (orphans)
    unindexed: list[str] = field(default_factory=list)
    #: the index files something else edited since, whose own lines the undo takes back
    #: all the same (`memtui.edit.undo_merge`: newuser39 #3): path → the diff it makes
    merged: dict[str, str] = field(default_factory=dict)

    @property
    def id(self) -> int:
        return int(self.record["id"])

    @property
    def redaction(self) -> bool:
        return is_redaction(self.record)

    def blocking(self) -> str:
        """One line naming the files that block the undo and what happened to them."""
        rec = self.record
        moved = [p for p, why in self.blocked.items() if why.startswith(MOVED_WITH)]
        own = {p: why for p, why in self.blocked.items() if p not in moved}
        if len(own) == 1:
            (path, why), = own.items()
            line = f"{path} {why} since operation #{rec['id']} ({rec['op']})"
        else:
            line = f"{' and '.join(own)} changed since operation #{rec['id']} ({rec['op']})"
        # the other half of a move is named as such, not as changed (newuser28 #19)
        return line + (f" (with it the other half of the move: {' and '.join(moved)})"
                       if moved else "")

    def kept(self) -> str:
        """``; memory/x.md would stay too: MEMORY.md links it`` ("" when none does)."""
        return kept_clause(self.linked)

    def stuck(self) -> str:
        """Why nothing is left to undo when the files left as they are keep the rest:
        ``MEMORY.md changed since operation #3 (new); memory/x.md would stay too: MEMORY.md
        links it; nothing else to undo, so nothing was undone``."""
        return f"{self.blocking()}{self.kept()}; nothing else to undo, so nothing was undone"

    def orphans(self) -> str:
        """``; memory/a.md and 3 more: they come back without their index lines, …`` ("" when
        the undo puts back no memory the index left as it is does not link)."""
        return unindexed_clause(self.unindexed)

    def left(self) -> list[str]:
        """Every file the undo leaves as it is: the blocked ones, then those they link."""
        return [*self.blocked, *self.linked]

    def way_out(self) -> str:
        """How to undo it after all: put the changed files back as the operation left
        them (no journaled operation since changed them: memtui's own are undone first),
        then undo again."""
        own = [p for p, why in self.blocked.items() if not why.startswith(MOVED_WITH)]
        return (f"to undo #{self.record['id']}, put {' and '.join(own)} back as it left "
                f"{'it' if len(own) == 1 else 'them'} (the change since was not made by a "
                "journaled operation), then undo again")

    def others(self) -> str:
        """The files a partial undo would put back, e.g. ``2 other files (a.md, b.md)``."""
        paths = [ch.path for ch in self.changes]
        return f"{plural(len(paths), 'other file')} ({', '.join(paths)})"


def plan_undo(ws: Workspace) -> UndoPlan:
    """Plan the undo of the newest operation not undone yet (nothing is written).

    Raises Refused when there is nothing to undo, an unreadable record comes first, or the
    record's bytes do not match their sha256.
    """
    try:
        return _undo(ws)
    except OSError as exc:  # read-only or full disk, permissions, a name too long
        where = f" ({exc.filename})" if exc.filename else ""
        raise Refused(f"cannot undo in {ws.root}: {exc.strerror or exc}{where}; nothing was "
                      "undone") from None


def _undo(ws: Workspace) -> dict[str, Any]:
    journal = Journal(ws)
    if not journal.exists():
        raise Refused("nothing to undo (no operation journaled in this workspace)")
    rec = journal.last_active()
    if rec is None:
        raise Refused(nothing_left(journal))
    plan = UndoPlan(rec)
    if plan.redaction:
        return plan  # nothing it could put back: see undo
    staying: dict[str, bytes | None] = {}  # what the blocked files hold now
    for f in rec["files"]:
        path = f["path"]
        before = kept_before(rec, f)
        data = read_bytes(ws.root, path)
        now = digest(data)
        if now == f["before_sha256"]:
            continue  # never written (the operation was cut short): nothing to revert
        if now != f["after_sha256"]:
            back = own_lines_back(ws, rec, f, before, data)
            if back is not None:
                plan.changes.append(FileChange(path, data, back, mode=_mode(f)))
                plan.merged[path] = merged_diff(path, data, back)
                continue
            staying[path] = data
            plan.blocked[path] = ("was deleted" if now == ABSENT else
                                  "was created again" if f["after_sha256"] == ABSENT else
                                  "changed")
            continue
        plan.changes.append(FileChange(path, data, before, mtime_ns=_age(f), mode=_mode(f)))
    # The two halves of a move go back together or not at all.
    pairs = {f["path"]: f.get("moved_to") or f.get("moved_from") for f in rec["files"]}
    for ch in list(plan.changes):
        partner = pairs.get(ch.path)
        if partner in plan.blocked:
            plan.blocked[ch.path] = f"{MOVED_WITH} {partner}, which changed"
            plan.changes.remove(ch)
            staying[ch.path] = ch.before
    # A file it would delete that a file left as it is links stays too (newuser34 #7).
    keep_linked(plan.changes, staying, plan.linked)
    plan.unindexed = unindexed(plan.changes, staying, index_rel(ws))
    if any(pairs.get(path) for path in plan.left()) and plan.changes:
        # the links it rewrote lead to the moved file: put back without the move, they
        # would lead nowhere (newuser28 #19: a new broken link, reported as success)
        plan.whole = ("a move is undone whole or not at all (the links it rewrote lead to "
                      "the moved file)")
    return plan


def nothing_left(journal: Journal) -> str:
    """Why undo has nothing to take: every operation is undone, or all that are not are
    redactions (not undoable: the credential was not kept), named so the line is true."""
    kept = [r for r in journal.records() if is_redaction(r) and not r.get("undone")]
    pruned = pruned_before(journal)
    if not kept:
        if not journal.ids():  # a folder made by a refused write (newuser33 #12)
            return "nothing to undo: no operation has been journaled in this workspace"
        if pruned:  # newuser23 #30: "every … undone already" while their changes stay
            return (f"nothing left to undo: {beyond(pruned)}; every operation journaled "
                    "since is undone already")
        return "nothing to undo (every journaled operation is undone already)"
    names = " and ".join(f"#{r['id']} redact" for r in kept)
    gone = f"; {beyond(pruned)}" if pruned else ""
    return (f"nothing to undo: {names} {'is' if len(kept) == 1 else 'are'} not undoable (the "
            "credential was not kept: memtui never stores a secret); every other operation is "
            f"undone already{gone}")


def beyond(pruned: str) -> str:
    """``#1–#2 were pruned (…): undo cannot go back to them``. Whether their changes are
    still in the files is not known once their records are gone (newuser24 #16: "their
    changes stay" was said of records undone before the prune), so it is not said."""
    one = "–" not in pruned
    return (f"{pruned} {'was' if one else 'were'} pruned (memtui history --prune): undo "
            f"cannot go back to {'it' if one else 'them'}")


def pruned_before(journal: Journal) -> str:
    """``#1–#2`` (``#1``): the records older than the oldest kept, which ``history
    --prune`` deleted (records are numbered from 1); empty when none is missing."""
    ids = journal.ids()
    first = min(ids) if ids else 1
    if first <= 1:
        return ""
    return "#1" if first == 2 else f"#1–#{first - 1}"


class NotUndoable(Refused):
    """The newest operation is a redaction: the credential was never kept, so it is not
    undone; undo passed over it (the next undo takes the operation before it)."""


def not_undone(ws: Workspace, rec: dict[str, Any], after: str = "") -> str:
    """One line: which redaction is not undone, why, and what the next undo takes (or
    ``after``)."""
    paths = [f["path"] for f in rec["files"]]
    stays = f"{' and '.join(paths)} {'stays' if len(paths) == 1 else 'stay'} redacted"
    if not after:
        try:
            older = Journal(ws).last_active()
        except Refused:
            after = "; the next undo stops at an unreadable journal record"
        else:
            after = (f"; the next undo takes #{older['id']} ({title(older)})"
                     if older is not None else "; nothing older to undo")
    return (f"#{rec['id']} {rec['op']} is not undone: the credential was not kept (memtui "
            f"never stores a secret), so {stays}{after}")


def own_lines_back(ws: Workspace, rec: dict[str, Any], f: dict[str, Any],
                   before: bytes | None, now: bytes | None) -> bytes | None:
    """The index file ``f`` names as it is ``now`` with the operation's own lines taken
    back (`memtui.edit.undo_merge`), or None: not the index, not a file it modified, not
    one whose kept ``after`` is known, or a hunk that no longer applies."""
    if before is None or now is None or f["path"] != index_rel(ws) or \
            f["after_sha256"] == ABSENT:
        return None
    after = kept_after(f)
    if after is None:  # (older records keep none)
        return None
    return reverse_in(before, after, now)


def kept_after(f: dict[str, Any]) -> bytes | None:
    """The bytes a record's file entry ``f`` says the operation left (MEMORY.md's entries
    keep them), checked against its ``after_sha256``; None when it keeps none or they do
    not match."""
    after = _decode_before(f["after"]) if isinstance(f.get("after"), str) else None
    return after if after is not None and digest(after) == f.get("after_sha256") else None


def merged_lines(merged: dict[str, str]) -> list[str]:
    """What a merged undo says of each file it takes its own lines back from."""
    return [f"{path} changed since (not by memtui): only the operation's own lines are "
            "taken back, the lines changed since stay as they are" for path in merged]


def merged_diff(path: str, now: bytes, back: bytes) -> str:
    """The unified diff the merged undo makes to ``path`` (as it is now → as it will be)."""
    import difflib

    return "".join(difflib.unified_diff(
        now.decode("utf-8", "replace").splitlines(keepends=True),
        back.decode("utf-8", "replace").splitlines(keepends=True),
        f"a/{path}", f"b/{path}"))


def kept_before(rec: dict[str, Any], f: dict[str, Any]) -> bytes | None:
    """The bytes file entry ``f`` of ``rec`` puts back (None: the operation created it);
    Refused when they are not valid base64 or do not match their recorded sha256."""
    where = f"journal record #{rec['id']} ({rec['op']})"
    before: bytes | None = None
    if f["before"] != ABSENT:
        before = _decode_before(f["before"])
        if before is None:
            raise Refused(f"{where}: the bytes kept for {f['path']} are not valid base64; "
                          "nothing was undone")
    if digest(before) != f["before_sha256"]:
        raise Refused(f"{where}: the bytes kept for {f['path']} do not match their "
                      "sha256 (the record was altered); nothing was undone")
    return before


def before_age(f: dict[str, Any]) -> int | None:
    """A file entry's modification time before the operation (see :func:`_age`)."""
    return _age(f)


def _mode(f: dict[str, Any]) -> int | None:
    """A file entry's permissions before the operation, when it holds usable ones (read
    and write bits only: a tampered value never makes a file executable or setuid)."""
    mode = f.get("before_mode")
    ok = isinstance(mode, int) and not isinstance(mode, bool) and 0 <= mode <= 0o7777
    return mode & 0o666 if ok else None


def _age(f: dict[str, Any]) -> int | None:
    """A file entry's modification time before the operation, when it holds a usable one
    (a tampered value is ignored, never passed to the system)."""
    age = f.get("before_mtime_ns")
    ok = isinstance(age, int) and not isinstance(age, bool) and 0 <= age < 2**62
    return age if ok else None


def undo(ws: Workspace, skip: Collection[str] = (), expect: int | None = None) -> dict[str, Any]:
    """Revert the newest operation not undone yet; returns its record.

    ``skip`` names files something else wrote since, to leave as they are while the others
    are put back (from :attr:`UndoPlan.blocked`); ``expect`` is the operation's id the
    caller showed the operator (refused when the newest is another one by now).

    Raises Refused when there is nothing to undo, an unreadable record comes first, or the
    record's bytes do not match their sha256; Conflict when a file it touched has changed
    since and is not in ``skip``. Either way nothing is written. NotUndoable when the newest
    is a redaction: no file is written, its record is marked passed over.
    """
    if not Journal(ws).exists():  # say so without creating .memtui/ just for the lock
        plan_undo(ws)
    with folder_lock(ws.state_dir):
        plan = plan_undo(ws)
        rec = plan.record
        if expect is not None and plan.id != expect:
            raise Refused(f"the newest operation is #{plan.id} ({rec['op']}) now, not "
                          f"#{expect}; nothing was undone")
        if plan.redaction:
            try:
                Journal(ws).mark_passed_over(rec)
            except (Refused, OSError) as exc:  # the refusal stands; undo stays stuck here
                why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
                raise NotUndoable(not_undone(ws, rec, f"; and it could not be marked in the "
                                                     f"journal ({why}), so undo stops here"
                                              )) from None
            raise NotUndoable(not_undone(ws, rec))
        unexpected = {p: why for p, why in plan.blocked.items() if p not in skip}
        if unexpected:
            plan.blocked = unexpected
            raise Conflict(f"{plan.blocking()}; nothing was undone")
        if plan.blocked and not plan.changes:
            raise Refused(plan.stuck() if plan.linked else
                          f"every file operation #{plan.id} ({rec['op']}) wrote has changed "
                          "since; nothing was undone")
        if plan.blocked and plan.whole:
            raise Refused(f"{plan.blocking()}{plan.kept()}; {plan.whole}; nothing was undone")
        owners = Journal(ws).ids()
        # A killed run (this operation's or its undo's) may have left its temporary files
        # in any folder the record touches, even where nothing is to be written now.
        clear_own_temps(ws, [f["path"] for f in rec["files"]], owners)
        write_changes(ws, plan.changes, rec["id"], owners)
        remove_empty(ws.root, folders_made(rec, {ch.path for ch in plan.changes}))
        Journal(ws).mark_undone(rec, plan.left())
    rec["undone_except"] = sorted(plan.left())
    return rec
