"""The agent's tools (SPEC §5): the six file tools, run confined to the workspace, and the
optional decoys (`memtui.agent.decoys`) that reproduce the platform's competing mechanisms.

Every call returns a `memtui.agent.tool_outcome.ToolOutcome`: the text handed back to the
model, and — for the operator — the call's effect on memory, found by comparing audits before
and after. What the model is offered is `memtui.agent.tool_schemas`; how its arguments and
errors are worded, `memtui.agent.tool_arguments`.

The module is past 500 lines on purpose: the six tools and the confinement each applies
are one surface an attacker's model reaches, reviewed whole.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from contextlib import AbstractContextManager
from typing import Any

from memtui.agent.age_note import age_note
from memtui.agent.decoys import DECOY_NAMES, DECOY_TOOLS, decoy_outcome, other_mechanism
from memtui.agent.effects import memory_effects
from memtui.agent.reach import confined, hidden_folder, refuse_outside
from memtui.agent.sandbox import (
    FORBIDDEN,
    MAX_DEPTH,
    Refused,
    Sandbox,
    no_link,
    refuse_git_control,
)
from memtui.agent.tool_arguments import BadArgument, one_line, os_error_line, text_argument
from memtui.agent.tool_outcome import ToolOutcome
from memtui.agent.tool_schemas import example_path, file_tools
from memtui.agent.turn_numbers import claimed
from memtui.agent.turn_reads import TurnReads
from memtui.core.agent_paths import is_own, write_problem
from memtui.core.audit import Auditor, AuditResult
from memtui.core.files.safe_open import DIR_FLAGS, Unsafe, open_regular, read_in
from memtui.core.scanner.textfile import MAX_READ_BYTES
from memtui.core.workspace import Workspace
from memtui.edit.apply import apply_locked
from memtui.edit.changeset import Changeset, FileChange, Turn
from memtui.edit.errors import Refused as WriteRefused
from memtui.edit.safe_write import MAX_EDIT_BYTES, folder_lock

READ_LIMIT = 60_000  # characters of a file handed to the model
LIST_LIMIT = 300  # entries listed


class ToolBox:
    """Runs the agent's tool calls in one workspace.

    Every write goes through :func:`memtui.edit.apply.apply_locked`, as a curation does:
    checked against the bytes the tool read, atomic, and journaled first, one record per
    call, tagged with :attr:`turn` (set by the session for each user turn) so ``memtui
    undo`` can put back one call's write or the whole turn's.
    """

    def __init__(self, ws: Workspace, decoys: bool = False,
                 auditor: Auditor | None = None) -> None:
        self.ws = ws
        self.decoys = decoys
        self.example = example_path(ws)  # the path the tools' text gives as an example
        self.sandbox = Sandbox(ws.root, self.example)
        self.auditor = auditor or Auditor(ws)
        self._last: AuditResult | None = None
        #: The chat turn the calls belong to (None: not in a chat, e.g. a test's calls); its
        #: number is claimed at its first write (:func:`memtui.agent.turn_numbers.claimed`).
        self.turn: Turn | None = None
        self._claimed = ""  # the id of the turn whose number is claimed
        self._reads = TurnReads()  # the files the current turn read
        self._confined = confined(ws, self.auditor.profile)

    def schemas(self) -> list[dict[str, Any]]:
        return file_tools(self.example) + (DECOY_TOOLS if self.decoys else [])

    @property
    def names(self) -> list[str]:
        return [t["function"]["name"] for t in self.schemas()]

    def audit(self, changed: set[str] | None = None) -> AuditResult:
        """Audit now (the whole tree when ``changed`` is None) and remember the result."""
        self._last = self.auditor.run(changed)
        return self._last

    # -- dispatch --------------------------------------------------------------------------

    def call(self, name: str, arguments: object) -> ToolOutcome:
        """Run one call and audit its effect; never raises: whatever goes wrong is an error
        line for the model."""
        outcome = self.run(name, arguments)
        self.settle([outcome])
        return outcome

    def run(self, name: str, arguments: object) -> ToolOutcome:
        """Run one call of a batch without auditing after it (:meth:`settle` audits the
        batch once); never raises."""
        args = arguments if isinstance(arguments, dict) else {}
        if not isinstance(arguments, dict) and arguments is not None:
            return ToolOutcome(name, args, "error: the arguments must be a JSON object of "
                               f"named values, not {type(arguments).__name__}", ok=False)
        if name in DECOY_NAMES and self.decoys:
            return decoy_outcome(name, args)
        if name not in self.names:
            return ToolOutcome(name, args, f"error: there is no tool named '{one_line(name)}'. "
                               f"Available: {', '.join(self.names)}", ok=False,
                               wrong_mechanism=other_mechanism(name), unknown_tool=True)
        try:
            if self._last is None:  # the audit the batch's effects are measured against
                self.audit()
            return getattr(self, "_" + name)(args)  # type: ignore[no-any-return]
        except Refused as exc:
            return ToolOutcome(name, args, f"error: refused — {one_line(exc)}", ok=False)
        except (BadArgument, WriteRefused, Unsafe) as exc:
            return ToolOutcome(name, args, f"error: {one_line(exc)}", ok=False)
        except KeyError as exc:
            return ToolOutcome(name, args, f"error: missing or bad argument {exc}", ok=False)
        except OSError as exc:
            return ToolOutcome(name, args, f"error: {os_error_line(args.get('path'), exc)}",
                               ok=False)
        except Exception as exc:  # a bug must not end the turn: the model reads it
            return ToolOutcome(name, args, f"error: the tool failed unexpectedly "
                               f"({type(exc).__name__}: {one_line(exc)})", ok=False)

    def settle(self, outcomes: list[ToolOutcome]) -> None:
        """Audit once after a batch of calls (those :meth:`run` ran since the last audit)
        and give each writing call its share of the effect on memory: a phrase goes to the
        last call that wrote the file it names, else to the batch's last write."""
        writers = [o for o in outcomes if o.written]
        if not writers:
            return
        before = self._last or self.audit()
        try:
            after = self.audit({p for o in writers for p in o.written})
        except Exception as exc:  # the writes are done and journaled: say, do not raise
            writers[-1].effect.append(f"memory could not be audited after the writes "
                                      f"({type(exc).__name__}: {one_line(exc)})")
            return
        replaced: dict[str, str] = {}
        for o in writers:  # a file written twice: what the first write found
            for path in o.written if o.replaced is not None else ():
                replaced.setdefault(path, o.replaced)  # type: ignore[arg-type]
        for path, phrase in memory_effects(before, after, replaced):
            owner = next((o for o in reversed(writers) if path in o.written), writers[-1])
            owner.effect.append(phrase)

    def refused_outright(self, args: dict[str, Any]) -> bool:
        """Whether a write or delete at ``args["path"]`` is refused before anything is
        looked at (a path leaving the workspace, or not a memory file nor the index)."""
        try:
            rel, parts = self._path(args)
            refuse_git_control(parts, rel)
            self._writable(parts, rel)
        except (Refused, KeyError):
            return True
        return False

    def deletes_a_link(self, args: dict[str, Any]) -> bool:
        """Whether ``delete_file`` at ``args["path"]`` would remove a symbolic link (only
        the link goes, with no journal record: undo cannot bring it back)."""
        try:
            _rel, parts = self._path(args)
            link, _real = self.sandbox.at(parts, lambda fd, name: stat.S_ISLNK(
                os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode), follow=False)
        except (Refused, KeyError, OSError, Unsafe):
            return False
        return link

    def missing(self, args: dict[str, Any]) -> bool:
        """Whether nothing at all is at ``args["path"]``: no file, no folder, not even a
        dangling symlink (which ``delete_file`` would remove). A ``delete_file`` of it only
        fails, so there is nothing to ask the operator (newuser36 #3)."""
        def there(fd: int, name: str) -> bool:
            try:
                os.stat(name, dir_fd=fd, follow_symlinks=False)
            except FileNotFoundError:
                return False
            return True
        try:
            _rel, parts = self._path(args)
            found, _real = self.sandbox.at(parts, there, follow=False, absent=lambda: False)
        except (Refused, KeyError, OSError, Unsafe, BadArgument):
            return False
        return not found

    def fingerprint(self, args: dict[str, Any]) -> str | None:
        """A digest of the bytes at ``args["path"]`` now ("absent" when there is none; None
        when it cannot be read): the operator's answer holds for the file as it was asked
        about (newuser36 #25)."""
        try:
            _rel, current = self._current_of(args)
        except (Refused, KeyError, OSError, Unsafe, BadArgument):
            return None
        return "absent" if current is None else hashlib.sha256(current).hexdigest()

    def _current_of(self, args: dict[str, Any]) -> tuple[str, bytes | None]:
        """The path ``args`` names and the whole file there now (None when absent), read
        as a write would find it; raises what `_path` and the read raise."""
        rel, parts = self._path(args)
        current, _real = self.sandbox.at(parts, lambda fd, n: _current(fd, n, rel),
                                         absent=lambda: None)
        return rel, current

    def drops_most(self, name: str, args: dict[str, Any]) -> str:
        """Why a ``write_file`` / ``edit_file`` is a delete in effect ("" when it is not): it
        leaves an existing memory or the index with less than a quarter of its bytes, an
        empty file included (newuser32 #25: ``write_file MEMORY.md ""`` unlinks every
        memory with no question under ``ask-before = ["delete"]``)."""
        try:
            rel, current = self._current_of(args)
            if not current:
                return ""
            if name == "write_file":
                after = text_argument(args, "content").encode("utf-8")
            else:
                old, new = text_argument(args, "old_string"), text_argument(args, "new_string")
                text = current.decode("utf-8")
                if not old or text.count(old) != 1:
                    return ""  # the edit fails: nothing to ask
                after = text.replace(old, new, 1).encode("utf-8")
        except (Refused, KeyError, OSError, Unsafe, BadArgument, WriteRefused,
                UnicodeDecodeError):
            return ""
        if len(after.strip()) * 4 >= len(current.strip()):
            return ""
        left = "empty" if not after.strip() else f"{len(after):,} of its {len(current):,} bytes"
        return (f"this {name} leaves {one_line(rel, 200)} {left}: a delete in effect, so it "
                "is asked as one (undo can put it back)")

    def _locked(self) -> AbstractContextManager[None]:
        """The workspace lock curation takes: an agent write never interleaves with a
        curation operation (taken after the arguments were checked)."""
        return folder_lock(self.ws.state_dir)

    def _journaled(self, tool: str, real: str, before: bytes | None, after: bytes | None,
                   summary: str) -> int:
        """Write ``after`` at ``real`` (None: delete it) as a journaled operation, with the
        lock held; returns the journal record's id (Refused/Conflict: nothing written)."""
        if self.turn is not None and self.turn.id != self._claimed:
            self.turn, self._claimed = claimed(self.turn, self.ws), self.turn.id
        cs = Changeset(f"agent {tool}", {"path": real}, summary,
                       [FileChange(real, before, after)], turn=self.turn)
        return int(apply_locked(self.ws, cs)["id"])

    def _writable(self, parts: list[str], shown: str) -> None:
        """Refused unless the agent may write the file at ``parts`` (the one rule of
        :mod:`memtui.core.agent_paths`: memories and the index, portable names)."""
        flat = self.ws.layout == "flat"
        stores = self._stores()
        why = write_problem(parts, flat, flat and _keeps_memories(str(self.ws.root)),
                            stores)
        if why:
            raise Refused(f"'{one_line(shown, 120)}': {why}. {self._where_hint(stores)}")

    def _stores(self) -> tuple[str, ...]:
        """The stores the folder's agent loads, when its memory is stores of ``§`` entries
        (Hermes: MEMORY.md and USER.md), else ()."""
        profile = self._last.profile if self._last is not None else self.auditor.profile
        if profile != "hermes":
            return ()
        from memtui.core.profiles.hermes import STORES

        return tuple(name for _, name, _ in STORES)

    def _where_hint(self, stores: tuple[str, ...]) -> str:
        """Where a memory goes in this workspace, as the agent loads it: never the path
        just refused (newuser33 #24: a flat folder was told "e.g. memory/notes.md")."""
        if stores:
            return (f"Add the memory as an entry of {' or '.join(stores)}: edit_file that "
                    "store, appending a line holding only § and then the entry after its "
                    "last entry")
        if self.ws.layout == "flat":
            return "Keep memories in .md files beside MEMORY.md, e.g. notes.md"
        return "Keep memories in .md files, e.g. memory/notes.md"

    def _path(self, args: dict[str, Any], allow_root: bool = False,
              default: str | None = None) -> tuple[str, list[str]]:
        rel, parts = self.sandbox.parts(args.get("path", default) if default is not None
                                        else args["path"], allow_root=allow_root)
        if self._confined:  # (an item workspace: `memtui.agent.reach`)
            refuse_outside(self.ws.root, parts, rel, allow_root)
        return rel, parts

    # -- the six file tools ----------------------------------------------------------------

    def _read_file(self, args: dict[str, Any]) -> ToolOutcome:
        rel, parts = self._path(args)
        (raw, size), _real = self.sandbox.at(parts, lambda fd, name: _read_head(fd, name, rel))
        text = raw[:MAX_READ_BYTES].decode("utf-8", "replace")
        if len(text) > READ_LIMIT or size > MAX_READ_BYTES:
            text = text[:READ_LIMIT] + f"\n[… cut: the file has {size:,} bytes]"
        result = self._last or self.audit()
        report = result.file(rel)
        if report is not None:
            text = text.rstrip("\n") + "\n\n" + age_note(report.age_days)
        self._reads.note(self.turn.id if self.turn is not None else "", rel)
        return ToolOutcome("read_file", args, text)

    def planted_in_reads(self) -> list[str]:
        """Where the files this turn read hold what the last audit flags as an order to the
        model (`memtui.agent.turn_reads`)."""
        return self._reads.planted(self.turn.id if self.turn is not None else "", self._last)

    def _write_file(self, args: dict[str, Any]) -> ToolOutcome:
        rel, parts = self._path(args)
        refuse_git_control(parts, rel)
        self._writable(parts, rel)
        content = text_argument(args, "content")
        data = content.encode("utf-8")
        with self._locked():
            current, real = self.sandbox.at(parts, lambda fd, name: _current(fd, name, rel),
                                            absent=lambda: None)
            if current is None:  # through a link: the name it creates counts too
                refuse_git_control(real.split("/"), rel)
            self._writable(real.split("/"), real)
            if current == data:  # nothing to write, nothing to journal
                return ToolOutcome("write_file", args, f"{rel} already holds exactly this "
                                   f"content ({len(data):,} bytes); nothing was written")
            verb = "overwrote" if current is not None else "created"
            done = f"{verb} {rel} ({len(data):,} bytes)"
            journaled = self._journaled("write_file", real, current, data, done)
        return ToolOutcome("write_file", args, done, written=sorted({rel, real}),
                           added_text=content, journaled=journaled,
                           replaced=_text(current))

    def _edit_file(self, args: dict[str, Any]) -> ToolOutcome:
        rel, parts = self._path(args)
        self._writable(parts, rel)
        old, new = text_argument(args, "old_string"), text_argument(args, "new_string")
        if not old:
            return ToolOutcome("edit_file", args, "error: old_string is empty", ok=False)
        with self._locked():
            raw, real = self.sandbox.at(parts, lambda fd, name: _current(fd, name, rel))
            self._writable(real.split("/"), real)
            if raw is None:
                return ToolOutcome("edit_file", args, f"error: {rel} does not exist; create "
                                   "it with write_file", ok=False)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                return ToolOutcome("edit_file", args, f"error: {rel} is not UTF-8 text; "
                                   "rewrite it with write_file", ok=False)
            if "\r\n" in text and "\r\n" not in old:  # the model sees LF; keep CRLF ends
                old, new = old.replace("\n", "\r\n"), new.replace("\n", "\r\n")
            hits = text.count(old)
            if hits != 1:
                problem = (f"old_string not found in {rel}; read the file and copy the exact "
                           "text" if hits == 0 else f"old_string occurs {hits} times in "
                           f"{rel}; include more surrounding text so it is unique")
                return ToolOutcome("edit_file", args, f"error: {problem}", ok=False)
            after = text.replace(old, new, 1).encode("utf-8")
            if after == raw:
                return ToolOutcome("edit_file", args, f"old_string and new_string are the "
                                   f"same; {rel} is unchanged")
            journaled = self._journaled("edit_file", real, raw, after, f"edited {rel}")
        added = "\n".join(ln for ln in new.splitlines() if ln not in old.splitlines())
        return ToolOutcome("edit_file", args, f"edited {rel}", written=sorted({rel, real}),
                           added_text=added, journaled=journaled, replaced=text)

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
                nfd = os.open(name, DIR_FLAGS, dir_fd=fd)
                os.close(fd)
                fd = nfd
            names = sorted(os.listdir(fd))
            out = []
            base = prefix + "".join(n + "/" for n in sub)
            for name in names:
                if name.lower() in FORBIDDEN or is_own(name):
                    continue
                try:
                    st = os.stat(name, dir_fd=fd, follow_symlinks=False)
                except OSError:
                    continue
                shown = base + name.encode("utf-8", "surrogateescape").decode("utf-8",
                                                                              "replace")
                if stat.S_ISDIR(st.st_mode):
                    if self._confined and not prefix and hidden_folder(sub, name):
                        continue
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

        def look(fd: int, name: str) -> bytes | None:
            """The file's bytes (None: it was a symlink, removed itself, never followed)."""
            st = os.stat(name, dir_fd=fd, follow_symlinks=False)
            if stat.S_ISDIR(st.st_mode):
                raise IsADirectoryError(errno.EISDIR, "only files can be deleted", rel)
            if stat.S_ISLNK(st.st_mode):
                os.unlink(name, dir_fd=fd)
                return None
            return read_in(fd, name, MAX_EDIT_BYTES, rel)

        self._writable(parts, rel)
        journaled = None
        with self._locked():
            raw, real = self.sandbox.at(parts, look, follow=False)
            if raw is not None:  # (a symlink, gone already, had the same .md name)
                self._writable(real.split("/"), real)
                journaled = self._journaled("delete_file", real, raw, None, f"deleted {rel}")
        done = f"deleted {rel}" if raw is not None else (
            f"deleted {rel}, a symlink: only the link went, the file it led to is kept (a "
            "link is not journaled, so undo does not bring it back)")
        return ToolOutcome("delete_file", args, done, written=[rel], journaled=journaled,
                           not_undoable=raw is None)


def _text(raw: bytes | None) -> str | None:
    """``raw`` as text for the effect's count (None: absent or not UTF-8)."""
    try:
        return None if raw is None else raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _current(fd: int, name: str, shown: str) -> bytes | None:
    """The whole regular file ``name`` in ``fd`` (None when absent; Unsafe for anything but
    a regular file, or one above the edit cap). A symlink is left to :meth:`Sandbox.at`."""
    try:
        no_link(fd, name)
    except FileNotFoundError:
        return None
    return read_in(fd, name, MAX_EDIT_BYTES, shown)


def _read_head(fd: int, name: str, shown: str) -> tuple[bytes, int]:
    """At most MAX_READ_BYTES + 1 bytes of the regular file ``name`` in ``fd``, and its
    size: a file of any size costs no more memory than the audit's cap."""
    no_link(fd, name)
    opened = open_regular(fd, name, shown)
    if opened is None:
        raise FileNotFoundError(errno.ENOENT, "does not exist", shown)
    ffd, st = opened
    try:
        chunks: list[bytes] = []
        got = 0
        while got <= MAX_READ_BYTES:
            chunk = os.read(ffd, min(MAX_READ_BYTES + 1 - got, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        return b"".join(chunks), max(st.st_size, got)
    finally:
        os.close(ffd)


def _keeps_memories(root: str) -> bool:
    """Whether the flat folder ``root`` already keeps a memory beside its index (a .md file
    other than MEMORY.md): its layout is settled, and a ``memory/`` folder would change it
    (newuser32 #40); a folder holding MEMORY.md alone is a new workspace."""
    try:
        with os.scandir(root) as it:
            return any(e.name.lower().endswith(".md") and e.name != "MEMORY.md"
                       for e in it if not e.name.startswith("."))
    except OSError:
        return True
