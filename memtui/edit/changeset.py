"""Planned file changes, shown as a diff or applied all together, checked and journaled.

An operation never writes: it fills a :class:`Plan` (a working copy over the bytes it read)
and hands back a :class:`Changeset`. `memtui.edit.apply.apply` then, under the workspace
lock, checks that every touched file still has the bytes the plan was computed from, writes
them atomically, and journals the operation so it can be undone.
"""

from __future__ import annotations

import contextlib
import difflib
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from memtui.core.creds.detector import mask
from memtui.core.files.safe_open import Unsafe, folder
from memtui.core.scanner.textfile import utf16
from memtui.core.workspace import Workspace
from memtui.edit.agent_lock import agent_locks
from memtui.edit.errors import Refused
from memtui.edit.rawtext import RawText
from memtui.edit.safe_write import (
    check_unchanged,
    digest,
    owned_temps,
    remove_stale_temps,
    write_file,
)
from memtui.edit.snapshot import Snapshot


@dataclass(frozen=True)
class FileChange:
    """One file: ``before`` None = it is created, ``after`` None = it is deleted.
    ``mtime_ns`` is the modification time the written file gets (None: now); ``mode`` the
    permissions a file it creates gets (None: 0o644 less the umask): a renamed or restored
    file keeps the one it had (newuser22 #43, a 0600 memory came back 0644)."""

    path: str
    before: bytes | None
    after: bytes | None
    moved_from: str | None = None
    moved_to: str | None = None
    mtime_ns: int | None = None
    mode: int | None = None
    #: The lines of ``before`` (1-based) the change removes, when several sets of lines
    #: would give the same ``after`` (an entry repeated exactly): the diff shows these go,
    #: as the summary says, not the first copy difflib would pick (newuser30 #20).
    removed: tuple[int, ...] = ()

    @property
    def kind(self) -> str:
        if self.before is None:
            return "create"
        if self.after is None:
            return "delete"
        return "modify"

    @property
    def label(self) -> str:
        if self.moved_from:
            return f"{self.moved_from} → {self.path}"
        return self.path


@dataclass(frozen=True)
class Turn:
    """One turn of the chat agent (a user message and every step it took to answer):
    ``id`` is unique, ``number`` counts the agent's turns in the workspace, across chats (a
    new chat goes on counting; shown as "turn 3"). The journal records of the writes made
    in one turn share it, so they undo together."""

    id: str
    number: int


@dataclass
class Changeset:
    """What an operation will do: its name, arguments, a summary, and the file changes.

    ``summary`` says what was done (the journal, history, the notice after it); ``preview``
    says the same before it is done (a dialog before Apply: "will rewrite 1 fuzzy
    wikilink", never "rewrote"); :attr:`planned` is the preview, or the summary when it
    reads the same either way ("MEMORY.md: +1 entry").

    ``keep_age``: the operation changes no fact (it repairs a link, redacts a credential),
    so the files it modifies keep their modification time, and a stale memory does not
    look new because a link in it was fixed.
    """

    op: str
    args: dict[str, Any]
    summary: str
    changes: list[FileChange] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # printed after the summary (e.g. dangling)
    #: What a summary counts, one per line (an archive's moves: ``--verbose`` prints them).
    details: list[str] = field(default_factory=list)
    #: Credentials this operation removes: masked in the diff, purged from the journal.
    secrets: list[str] = field(default_factory=list)
    keep_age: bool = False
    #: The agent turn that made these changes (None: the operator's own operation).
    turn: Turn | None = None
    preview: str = ""

    @property
    def planned(self) -> str:
        """What the operation will do, for a dialog before it is applied."""
        return self.preview or self.summary

    def __bool__(self) -> bool:
        return bool(self.changes)

    @property
    def paths(self) -> list[str]:
        return [c.path for c in self.changes]

    def diff(self) -> str:
        """A unified diff of every change (``/dev/null`` for created and deleted files)."""
        out: list[str] = []
        for ch, before in self._shown_changes():
            old_name = f"a/{ch.moved_from or ch.path}"
            a = _lines(before)
            b = _lines(ch.after)
            for n in ch.removed:  # marked so that only these can be the removed ones
                if 0 < n <= len(a):
                    a[n - 1] = _MARK + a[n - 1]
            hunks = difflib.unified_diff(a, b, old_name if before is not None else "/dev/null",
                                         f"b/{ch.path}" if ch.after is not None else "/dev/null")
            out += (_shown(line.replace(_MARK, "", 1) if ch.removed else line)
                    for line in hunks)
        text = "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                       for line in out)
        for secret in sorted({*self.secrets, *self._flagged()}, key=len, reverse=True):
            text = text.replace(secret, mask(secret))
        return text

    def _flagged(self) -> set[str]:
        """The credentials the audit flags in the changed files, before or after: masked
        in the diff as the preview masks them (newuser26 #20: its context lines showed
        them whole, in a dialog opened before a room); the write uses the bytes."""
        from memtui.core.creds.detector import scan_text
        from memtui.core.scanner.textfile import decode

        found: set[str] = set()
        read: set[bytes] = set()
        for ch, before in self._shown_changes():
            if ch.moved_from is not None and before == ch.after:
                continue  # moved unchanged: no line of it in the diff
            for data in (before, ch.after):
                if data and data not in read:
                    read.add(data)
                    found.update(hit.value for hit in scan_text(decode(data).text))
        return found

    def _shown_changes(self) -> list[tuple[FileChange, bytes | None]]:
        """Each change the diff shows, with what its file held before (a moved file's:
        the bytes at its old path; newuser35 #4: looked up once, not per moved file)."""
        old = {c.path: c.before for c in self.changes if c.moved_to}
        return [(ch, old.get(ch.moved_from) if ch.moved_from is not None else ch.before)
                for ch in self.changes if not ch.moved_to]


def _shown(line: str) -> str:
    r"""A diff line as shown: a changed line's combining marks that NFC would compose
    escaped (``cafe\u0301``), so the two sides of a repoint from one Unicode form to the
    other do not look the same (newuser33 #19)."""
    if line[:1] not in "+-" or line.startswith(("+++ ", "--- ")) or line.isascii():
        return line
    from memtui.core.reporting.safe_output import escape_decomposed

    return escape_decomposed(line)


REDACTED = "[REDACTED]"



#: Put before a line `FileChange.removed` names while its diff is made (then taken out).
_MARK = "\x00memtui-removed\x00"


def _lines(data: bytes | None) -> list[str]:
    if data is None:
        return []
    return data.decode("utf-8", errors="replace").splitlines(keepends=True)


class Plan:
    """A working copy over a snapshot: edit lines, create, delete and move files."""

    def __init__(self, snap: Snapshot) -> None:
        self.snap = snap
        self.texts: dict[str, RawText] = {}
        self.before: dict[str, bytes | None] = {}
        self.deleted: list[str] = []
        self.moved: dict[str, str] = {}  # old path → new path
        self.scanned = False  # every file's links were looked at (problem files are noted)

    def path(self, rel: str) -> str:
        """Where ``rel`` lives in the plan (its new path once moved)."""
        return self.moved.get(rel, rel)

    def raw(self, rel: str) -> RawText:
        """The editable text of ``rel`` (follows a move)."""
        rel = self.path(rel)
        if rel not in self.texts:
            data = self.snap.editable(rel)
            if data and utf16(data) is not None:  # its lines as written are not its text
                raise Refused(f"{rel} is UTF-16 text: memtui edits UTF-8 text only (save it "
                              "as UTF-8 and try again); nothing was written")
            self.before[rel] = data
            self.texts[rel] = RawText.parse(data)
        return self.texts[rel]

    def create(self, rel: str, data: bytes) -> None:
        if self.snap.exists(rel) or rel in self.texts:
            raise Refused(f"{rel} already exists; nothing was written")
        self.before[rel] = None
        self.texts[rel] = RawText.parse(data)

    def delete(self, rel: str) -> None:
        if rel not in self.deleted:
            self.before.setdefault(rel, self.snap.editable(rel))
            self.texts.pop(rel, None)
            self.deleted.append(rel)

    def move(self, old: str, new: str) -> None:
        if self.snap.exists(new):
            raise Refused(f"{new} already exists; nothing was written")
        text = self.raw(old)
        self.before[new] = None
        self.texts[new] = text
        del self.texts[old]
        self.moved[old] = new
        self.deleted.append(old)

    def changeset(self, op: str, args: dict[str, Any], summary: str) -> Changeset:
        moved_from = {new: old for old, new in self.moved.items()}
        changes: list[FileChange] = []
        for rel, text in self.texts.items():
            after = text.to_bytes()
            before = self.before.get(rel)
            if after != before or before is None:
                changes.append(FileChange(rel, before, after, moved_from=moved_from.get(rel)))
        for rel in self.deleted:
            changes.append(FileChange(rel, self.before[rel], None, moved_to=self.moved.get(rel)))
        notes = self.snap.unread() if self.scanned else []
        return Changeset(op, args, summary, changes, notes)


def clear_own_temps(ws: Workspace, paths: Collection[str], owners: Collection[int]) -> None:
    """Remove the temporary files interrupted writes left in the folders of ``paths``: any
    age for those tagged with a journal record in ``owners`` (see
    :func:`remove_stale_temps`). Call with the workspace lock held."""
    for parent in sorted({p.rpartition("/")[0] for p in paths}):
        with contextlib.suppress(OSError, Unsafe), \
                folder(ws.root, parent.split("/") if parent else []) as fd:
            remove_stale_temps(fd, owners=owners)


def write_changes(ws: Workspace, changes: list[FileChange], owner: int | None = None,
                  owners: Collection[int] = ()) -> None:
    """Check every file still has its ``before`` bytes, then write them all.

    Call with the workspace lock held. Raises Conflict (nothing written) when a file
    changed, before or while it is written; on that or an I/O error half-way, files already
    written are put back. Temporary files that interrupted writes left in the folders
    written to are removed first (those of the journal records ``owners`` at any age); the
    ones this write makes are tagged with journal record ``owner``. The agent's own lock on
    the files written is held throughout (`memtui.edit.agent_lock`: Hermes' ``<store>.lock``).
    """
    with agent_locks(ws.root, [ch.path for ch in changes]):
        for ch in changes:
            check_unchanged(ws.root, ch.path, digest(ch.before))
        clear_own_temps(ws, [ch.path for ch in changes], owners)
        with owned_temps(owner) if owner is not None else contextlib.nullcontext():
            _write_all(ws, changes)


def _write_all(ws: Workspace, changes: list[FileChange]) -> None:
    done: list[FileChange] = []
    order = [c for c in changes if c.after is not None] + [c for c in changes if c.after is None]
    ch = order[0] if order else None
    try:
        for ch in order:
            write_file(ws.root, ch.path, ch.after, digest(ch.before), mtime_ns=ch.mtime_ns,
                       new_mode=ch.mode)
            done.append(ch)
    except Refused as exc:
        put_back(ws, done)
        if done:
            raise type(exc)(f"{exc}; files already written were put back") from None
        raise
    except OSError as exc:
        put_back(ws, done)
        where = ch.path if ch is not None else ws.root
        raise Refused(f"could not write {where} ({exc.strerror or exc}); "
                      + ("files already written were put back" if done
                         else "nothing was written")) from None


def put_back(ws: Workspace, done: list[FileChange]) -> None:
    """Best effort: return files already written to their ``before`` bytes (each only while
    it still holds what memtui wrote)."""
    for ch in reversed(done):
        with contextlib.suppress(OSError, Refused):
            write_file(ws.root, ch.path, ch.before, digest(ch.after))
