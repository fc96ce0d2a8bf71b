"""Atomic, conflict-checked file writes on raw bytes, confined to the workspace.

A write goes to a hidden temporary file in the target's folder, is flushed to disk, then
swapped in for the target by a rename, and the folder is flushed so the rename survives a
crash. A reader therefore sees the old bytes or the new bytes, never a mix. The temporary
file is hidden (leading dot), so a write killed half-way leaves nothing the audit would
take for memory; the next write into that folder made under the workspace lock removes it
(:func:`remove_stale_temps`).

Every file is reached through :mod:`memtui.core.files.safe_open`: folders opened one by one
without following links, files opened only when they are regular and under the size cap.

Conflicts are detected by content: memtui remembers the sha256 of the bytes it read and
refuses to write when the file on disk no longer has them, checked once more right before
the rename. An outside edit landing in the instant between that check and the rename is
caught afterwards: the rename atomically *exchanges* the two files (``renameat2`` on Linux;
elsewhere the old file is hard-linked aside first), so memtui holds exactly what it
displaced and compares it. A displaced outside edit is put back and the write refused; if
even that races, the displaced bytes are kept in ``.memtui/displaced/`` (:class:`Recovered`).

The module is past 500 lines on purpose: the write, the exchange-rename check and the
recovery of a displaced edit are one protocol, and it is reviewed whole.
"""

from __future__ import annotations

import contextlib
import contextvars
import errno
import hashlib
import os
import re
import secrets
import stat
import tempfile
import time
from collections.abc import Callable, Collection, Iterator
from pathlib import Path

from memtui.core.files.file_modes import kept_mode, shared_mode
from memtui.core.files.safe_open import (
    Unsafe,
    folder,
    open_folder,
    open_regular,
    parts_of,
    read_fd,
    read_in,
)
from memtui.core.scanner.textfile import MAX_READ_BYTES
from memtui.core.workspace import STATE_DIR
from memtui.edit.errors import Refused

TEMP_PREFIX = ".memtui-tmp-"
TEMP_SUFFIX = ".part"
_TEMP_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_"
#: Exactly the names ``atomic_write`` gives its temporary files (8 random characters
#: between prefix and suffix).
TEMP_NAME = re.compile(re.escape(TEMP_PREFIX) + r"[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX))
#: The names temporary files get while a journaled operation (or its undo) writes, under
#: the workspace lock: ``j<record id>-`` after the prefix ties each to its journal record.
OWNED_TEMP_NAME = re.compile(re.escape(TEMP_PREFIX) + r"j([0-9]{1,12})-[a-z0-9_]{8}"
                             + re.escape(TEMP_SUFFIX))
_OWNER: contextvars.ContextVar[int | None] = contextvars.ContextVar("memtui_temp_owner",
                                                                    default=None)
#: A temporary file untouched this long belongs to a write that died. Writers that do not
#: take the workspace lock (the agent's tools, the chat history) may be mid-write, and no
#: write takes minutes, so a younger one is left alone.
STALE_TEMP_SECONDS = 600.0
ABSENT = "absent"
#: The largest file memtui edits: the audit's read cap. Larger files are read by the audit
#: only up to the cap, so no edit could be planned on their whole content.
MAX_EDIT_BYTES = MAX_READ_BYTES
#: Where displaced outside edits are kept when they cannot be put back.
DISPLACED_DIR = f"{STATE_DIR}/displaced"
_WRITE_FLAGS = (os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
                | getattr(os, "O_CLOEXEC", 0))


class Conflict(Refused):
    """The file on disk is not what memtui read: nothing was written. ``label``: the file,
    as the message names it ("" when the message is not about one file)."""

    def __init__(self, message: str, label: str = "") -> None:
        super().__init__(message)
        self.label = label


class Recovered(Conflict):
    """An outside edit raced a write and could not be put back: its bytes were kept aside."""


def digest(data: bytes | None) -> str:
    """sha256 of ``data`` in hex, or ``"absent"`` for a file that does not exist."""
    return ABSENT if data is None else hashlib.sha256(data).hexdigest()


@contextlib.contextmanager
def refusing(suffix: str = "; nothing was written") -> Iterator[None]:
    """Turn :class:`Unsafe` (a link, a FIFO, a file too large) into a one-line Refused."""
    try:
        yield
    except Unsafe as exc:
        raise Refused(f"{exc}{suffix}") from None


class HeldFolder:
    """The last folder :func:`read_bytes` opened, kept open for the next file in it: a
    snapshot reads every memory in path order, and opening the root and each folder
    anew for each file was three opens and closes a file (issue 35: a tenth of
    ``fix add-to-index --all-unreachable`` on 20,000 memories). One folder at a time:
    a workspace of many folders holds one descriptor, not one each. ``close`` when done."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.parts: list[str] | None = None
        self.fd = -1

    def open(self, parts: list[str]) -> int:
        """A descriptor of ``root/parts…``, opened as :func:`folder` opens it (a link or a
        file in the way refused, a missing folder FileNotFoundError, nothing kept then)."""
        if parts != self.parts:
            self.close()
            self.fd = open_folder(self.root, parts)
            self.parts = parts
        return self.fd

    def close(self) -> None:
        if self.parts is not None:
            self.parts = None
            os.close(self.fd)

    def __enter__(self) -> HeldFolder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_bytes(root: Path, rel: str, limit: int = MAX_EDIT_BYTES,
               held: HeldFolder | None = None) -> bytes | None:
    """The bytes of ``root/rel`` (None when absent), read safely: Refused for a path that is
    not inside the workspace, a link, anything but a regular file, or a file above ``limit``.
    ``held``: a folder kept open across calls (`HeldFolder`, of the same ``root``).
    """
    parts = _parts(rel)
    with refusing(""):
        try:
            if held is not None:
                return read_in(held.open(parts[:-1]), parts[-1], limit, rel)
            with folder(root, parts[:-1]) as fd:
                return read_in(fd, parts[-1], limit, rel)
        except FileNotFoundError:
            return None


def _parts(rel: str) -> list[str]:
    with refusing(""):
        return parts_of(rel)


def _current(fd: int, name: str, label: str, limit: int) -> tuple[str, int | None]:
    """(digest, mode) of what is at ``name`` now; Refused when it is not a regular file."""
    with refusing():
        opened = open_regular(fd, name, label)
    if opened is None:
        return ABSENT, None
    ffd, st = opened
    try:
        try:
            data = read_fd(ffd, st, limit, label)
        except Unsafe:  # grown past the cap: not what memtui read
            return "too large", st.st_mode & 0o7777
        return digest(data), st.st_mode & 0o7777
    finally:
        os.close(ffd)


def _conflict(label: str, expected: str, now: str) -> Conflict:
    if expected == ABSENT:
        return Conflict(f"{label} now exists (created since memtui read the workspace); "
                        "nothing was written", label)
    if now == ABSENT:
        return Conflict(f"{label} was deleted since memtui read it; nothing was written",
                        label)
    return Conflict(f"{label} changed on disk since memtui read it; nothing was written "
                    "(reload and try again)", label)


def _check(fd: int, name: str, expected: str, label: str, limit: int) -> int | None:
    """Raise Conflict unless ``name`` still hashes to ``expected``; returns its mode."""
    now, mode = _current(fd, name, label, limit)
    if now != expected:
        raise _conflict(label, expected, now)
    return mode


def check_unchanged(root: Path, rel: str, expected: str, label: str | None = None,
                    limit: int = MAX_EDIT_BYTES) -> None:
    """Raise Conflict unless ``root/rel`` still hashes to ``expected``.

    ``expected`` is a digest as returned by :func:`digest` (``"absent"`` = must not exist).
    """
    parts = _parts(rel)
    try:
        with refusing(), folder(root, parts[:-1]) as fd:
            _check(fd, parts[-1], expected, label or rel, limit)
    except FileNotFoundError:
        if expected != ABSENT:
            raise _conflict(label or rel, expected, ABSENT) from None


def write_file(root: Path, rel: str, data: bytes | None, expected: str,
               label: str | None = None, limit: int = MAX_EDIT_BYTES,
               mtime_ns: int | None = None, new_mode: int | None = None) -> None:
    """Make ``root/rel`` hold ``data`` (None: delete it), only if it still hashes to
    ``expected``; atomic, and never through a link (see the module). ``mtime_ns`` is the
    modification time the file gets (default: now), set before it takes the name, so the
    file never shows another one. A file it creates gets ``new_mode`` (memtui's state:
    ``STATE_MODE``), or by default 0o644 less the umask; a replaced one keeps its mode less
    any executable bit (:mod:`memtui.core.files.file_modes`)."""
    label = label or rel
    parts = _parts(rel)
    name = parts[-1]
    try:
        with refusing(), folder(root, parts[:-1], create=data is not None) as fd:
            mode = _check(fd, name, expected, label, limit)
            if data is None:
                _delete(root, fd, name, expected, label, limit)
            elif expected == ABSENT:
                _create(fd, name, data, label, mtime_ns, new_mode)
            else:
                _replace(root, fd, name, data, expected, label, limit, mode, mtime_ns)
            with contextlib.suppress(OSError):
                os.fsync(fd)
    except FileNotFoundError:
        if data is not None or expected != ABSENT:  # a folder on the way is gone
            raise _conflict(label, expected, ABSENT) from None


def mode_of(root: Path, rel: str) -> int | None:
    """The permission bits of ``root/rel``, looked up without following links; None when
    nothing is there."""
    parts = _parts(rel)
    try:
        with refusing(""), folder(root, parts[:-1]) as fd:
            return os.lstat(parts[-1], dir_fd=fd).st_mode & 0o7777
    except FileNotFoundError:
        return None


def mtime_of(root: Path, rel: str) -> int | None:
    """The modification time (ns) of ``root/rel``, looked up without following links; None
    when nothing is there."""
    parts = _parts(rel)
    try:
        with refusing(""), folder(root, parts[:-1]) as fd:
            return os.lstat(parts[-1], dir_fd=fd).st_mtime_ns
    except FileNotFoundError:
        return None


def _temp_name() -> str:
    """A fresh temporary name (unpredictable: nobody can plant a file there in advance),
    tagged with the journal record of the operation writing, if any (:func:`owned_temps`)."""
    owner = _OWNER.get()
    tag = f"j{owner}-" if owner is not None else ""
    return (TEMP_PREFIX + tag + "".join(secrets.choice(_TEMP_CHARS) for _ in range(8))
            + TEMP_SUFFIX)


@contextlib.contextmanager
def owned_temps(record_id: int) -> Iterator[None]:
    """Within this block, temporary files are named for journal record ``record_id`` (call
    with the workspace lock held), so a later run can prove them its own after a kill."""
    token = _OWNER.set(record_id)
    try:
        yield
    finally:
        _OWNER.reset(token)


def _aside(fd: int, name: str, how: Callable[..., None]) -> str:
    """Link (``os.link``) or move (``os.rename``) ``name`` to a new hidden temporary name in
    folder ``fd``; returns that name. A link never replaces a file; a rename target is
    checked to be free first."""
    for _ in range(100):
        aside = _temp_name()
        if how is os.rename and _lexists(fd, aside):
            continue
        extra = {"follow_symlinks": False} if how is os.link else {}
        try:
            how(name, aside, src_dir_fd=fd, dst_dir_fd=fd, **extra)
        except FileExistsError:
            continue
        return aside
    raise FileExistsError(errno.EEXIST, "no free temporary name", TEMP_PREFIX)


def _temp(fd: int, data: bytes, mode: int | None, mtime_ns: int | None = None) -> str:
    """A new hidden temporary file in folder ``fd`` holding ``data`` (flushed to disk), with
    modification time ``mtime_ns`` when given.

    Its mode is ``mode`` without any executable, setuid, setgid or sticky bit (no memtui
    write makes a program), or, when None, 0o644 less the umask, as any new file."""
    for _ in range(100):
        name = _temp_name()
        try:
            tfd = os.open(name, _WRITE_FLAGS, 0o600 if mode is not None else 0o644,
                          dir_fd=fd)
        except FileExistsError:
            continue
        break
    else:  # pragma: no cover - 100 collisions of 37**8 names
        raise FileExistsError(errno.EEXIST, "no free temporary name", TEMP_PREFIX)
    try:
        if mode is not None:
            os.fchmod(tfd, mode & 0o666)
        view = memoryview(data)
        while view:
            view = view[os.write(tfd, view):]
        if mtime_ns is not None:
            os.utime(tfd, ns=(time.time_ns(), mtime_ns))
        os.fsync(tfd)
    except BaseException:
        os.close(tfd)
        with contextlib.suppress(OSError):
            os.unlink(name, dir_fd=fd)
        raise
    os.close(tfd)
    return name


def _create(fd: int, name: str, data: bytes, label: str, mtime_ns: int | None = None,
            mode: int | None = None) -> None:
    """Create ``name`` (with ``mode``; None: 0o644 less the umask) only if nothing is there:
    a hard link never replaces a file."""
    tmp = _temp(fd, data, mode, mtime_ns)
    try:
        try:
            os.link(tmp, name, src_dir_fd=fd, dst_dir_fd=fd, follow_symlinks=False)
        except FileExistsError:
            raise _conflict(label, ABSENT, "exists") from None
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EMLINK):
                raise
            # No hard links here: the check above is as close as this system allows.
            if _lexists(fd, name):
                raise _conflict(label, ABSENT, "exists") from None
            os.rename(tmp, name, src_dir_fd=fd, dst_dir_fd=fd)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=fd)


def _lexists(fd: int, name: str) -> bool:
    try:
        os.lstat(name, dir_fd=fd)
    except FileNotFoundError:
        return False
    return True


SAME, CHANGED, BUSY = "same", "changed", "busy"
#: How long a write waits for another process to close the file it displaced.
WRITER_WAIT_SECONDS = 2.0


def _examine(fd: int, name: str, expected: str, label: str, limit: int) -> str:
    """What a swap displaced into ``name``: SAME (exactly the bytes memtui read, and no
    other process holds it open for writing), CHANGED, or BUSY (still open for writing
    elsewhere after :data:`WRITER_WAIT_SECONDS`, so more bytes may yet land in it)."""
    try:
        opened = open_regular(fd, name, label)
    except (Unsafe, OSError):
        return CHANGED
    if opened is None:
        return CHANGED
    ffd, _ = opened
    try:
        if _digest_fd(ffd, limit, label) != expected:
            return CHANGED
        settled = _no_writer(ffd)
        if settled is None:
            return SAME  # no leases here: this is as far as the system lets memtui look
        if not settled:
            return BUSY
        # A write may have landed between the read and the lease: read once more.
        return SAME if _digest_fd(ffd, limit, label) == expected else CHANGED
    finally:
        os.close(ffd)


def _digest_fd(fd: int, limit: int, label: str) -> str:
    os.lseek(fd, 0, os.SEEK_SET)
    try:
        return digest(read_fd(fd, os.fstat(fd), limit, label))
    except (Unsafe, OSError):
        return "unreadable"


def _no_writer(fd: int) -> bool | None:
    """Whether no other process holds the open file ``fd`` for writing (True), still does
    after waiting (False), or None when this system cannot tell. Linux read leases: one
    can be placed only while nobody has the file open for writing."""
    try:
        import fcntl
        import signal

        set_lease, unlock, read_lock = fcntl.F_SETLEASE, fcntl.F_UNLCK, fcntl.F_RDLCK
        # A lease break signals the holder; SIGURG is ignored by default (SIGIO kills).
        fcntl.fcntl(fd, fcntl.F_SETSIG, signal.SIGURG)
    except (ImportError, AttributeError, OSError):
        return None
    deadline = time.monotonic() + WRITER_WAIT_SECONDS
    while True:
        try:
            fcntl.fcntl(fd, set_lease, read_lock)
        except OSError as exc:
            if exc.errno != errno.EAGAIN:
                return None  # not the owner, or the file system has no leases
            if time.monotonic() > deadline:
                return False
            time.sleep(0.002)
            continue
        with contextlib.suppress(OSError):
            fcntl.fcntl(fd, set_lease, unlock)
        return True


#: How long the displaced file stays under a read lease after it is unlinked: a writer that
#: looked its name up before the swap and opens it only now must break the lease, and so
#: shows itself, instead of writing unseen into a file about to vanish.
RETIRE_GRACE_SECONDS = 0.01


def _retire(root: Path, fd: int, name: str, expected: str, label: str, limit: int) -> None:
    """Remove the displaced file ``name`` (known to hold what memtui read), holding a Linux
    read lease on it across the unlink: a writer that reaches it meanwhile breaks the lease;
    memtui then waits for that writer, reads what it wrote through its own descriptor, and
    keeps it in ``.memtui/displaced/`` (Recovered) instead of losing it."""
    try:
        opened = open_regular(fd, name, label)
    except (Unsafe, OSError):
        opened = None
    if opened is None:
        with contextlib.suppress(OSError):
            os.unlink(name, dir_fd=fd)
        return
    ffd, _ = opened
    try:
        import fcntl
        import signal

        try:
            # A lease break signals the holder: SIGURG is ignored by default (SIGIO kills).
            fcntl.fcntl(ffd, fcntl.F_SETSIG, signal.SIGURG)
            fcntl.fcntl(ffd, fcntl.F_SETLEASE, fcntl.F_RDLCK)
            leased = True
        except OSError:
            leased = False  # no leases here, or a writer already has it open: look below
        os.unlink(name, dir_fd=fd)
        broken = not leased
        if leased:
            time.sleep(RETIRE_GRACE_SECONDS)
            broken = fcntl.fcntl(ffd, fcntl.F_GETLEASE) != fcntl.F_RDLCK
            with contextlib.suppress(OSError):
                fcntl.fcntl(ffd, fcntl.F_SETLEASE, fcntl.F_UNLCK)
        if not broken:
            return
        time.sleep(RETIRE_GRACE_SECONDS)  # let the late writer's open go through
        _no_writer(ffd)  # then wait (bounded) for it to close
        if _digest_fd(ffd, limit, label) == expected:
            return
        os.lseek(ffd, 0, os.SEEK_SET)
        late = read_fd(ffd, os.fstat(ffd), limit, label)
    except (ImportError, AttributeError):
        with contextlib.suppress(OSError):
            os.unlink(name, dir_fd=fd)
        return
    finally:
        os.close(ffd)
    keep = _temp(fd, late, 0o600)
    where = _keep(root, fd, keep, label)
    raise Recovered(f"{label} was written by another process while memtui replaced it; "
                    f"what it wrote into the replaced version was kept in {where} (copy back "
                    "what you need)")


def _raced(label: str, verdict: str, doing: str) -> str:
    if verdict == BUSY:
        return f"{label} is open for writing in another process"
    return f"{label} changed on disk while memtui was {doing} it"


def _replace(root: Path, fd: int, name: str, data: bytes, expected: str, label: str,
             limit: int, mode: int | None, mtime_ns: int | None = None) -> None:
    tmp = _temp(fd, data, mode, mtime_ns)
    try:
        _check(fd, name, expected, label, limit)  # once more, right before the swap
        if exchange(fd, tmp, name):
            # ``tmp`` now names exactly the file the swap displaced.
            verdict = _examine(fd, tmp, expected, label, limit)
            if verdict != SAME:
                _put_back(root, fd, name, tmp, digest(data), label,
                          _raced(label, verdict, "writing"))
            displaced, tmp = tmp, ""
            _retire(root, fd, displaced, expected, label, limit)
            return
        aside = _aside(fd, name, os.link)
        os.replace(tmp, name, src_dir_fd=fd, dst_dir_fd=fd)
        tmp = aside  # removed below once known to hold only what memtui read
        verdict = _examine(fd, aside, expected, label, limit)
        if verdict != SAME:
            where = _keep(root, fd, aside, label)
            tmp = ""
            raise Recovered(f"{_raced(label, verdict, 'writing')}; the version memtui "
                            f"replaced was kept in {where} (copy back what you need)")
    finally:
        if tmp:
            with contextlib.suppress(OSError):
                os.unlink(tmp, dir_fd=fd)


def _put_back(root: Path, fd: int, name: str, displaced: str, ours: str, label: str,
              why: str) -> None:
    """An outside edit was displaced into ``displaced``: swap it back, and refuse."""
    if exchange(fd, displaced, name) and _digest_name(fd, displaced) == ours:
        # memtui's version, out of the way again: a writer may have reached it meanwhile
        _retire(root, fd, displaced, ours, label, MAX_EDIT_BYTES)
        raise Conflict(f"{why}; the outside edit was kept and nothing was written (reload "
                       "and try again)")
    where = _keep(root, fd, displaced, label)
    raise Recovered(f"{why}; the version memtui displaced was kept in {where} (copy back "
                    "what you need)")


def _digest_name(fd: int, name: str) -> str:
    try:
        return digest(read_in(fd, name, MAX_EDIT_BYTES, name))
    except (Unsafe, OSError):
        return "unreadable"


def _delete(root: Path, fd: int, name: str, expected: str, label: str, limit: int) -> None:
    """Rename ``name`` aside (atomic: exactly what was there), examine it, then remove it."""
    aside = _aside(fd, name, os.rename)
    verdict = _examine(fd, aside, expected, label, limit)
    if verdict == SAME:
        os.unlink(aside, dir_fd=fd)
        return
    why = _raced(label, verdict, "deleting")
    try:
        os.link(aside, name, src_dir_fd=fd, dst_dir_fd=fd, follow_symlinks=False)
    except OSError:
        where = _keep(root, fd, aside, label)
        raise Recovered(f"{why}; the outside version was kept in {where}") from None
    os.unlink(aside, dir_fd=fd)
    raise Conflict(f"{why}; it was kept and nothing was deleted (reload and try again)")


def _stamp() -> str:
    """A displaced version's stamp: unique, so that two kept in the same second never
    replace each other."""
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(4)}"


def displaced_name(label: str) -> str:
    """The name a version of the workspace file ``label`` is kept under in
    ``.memtui/displaced/``."""
    return f"{_stamp()}-{label.replace('/', '~')}"


def _keep(root: Path, fd: int, name: str, label: str) -> str:
    """Move the displaced file ``name`` (in folder ``fd``) to ``.memtui/displaced/``; returns
    where it is now (workspace-relative). Left in its folder, renamed, if that fails."""
    stamp = _stamp()
    kept = f"{stamp}-{label.replace('/', '~')}"
    with contextlib.suppress(OSError, Unsafe), \
            folder(root, DISPLACED_DIR.split("/"), create=True) as dfd:
        os.rename(name, kept, src_dir_fd=fd, dst_dir_fd=dfd)
        return f"{DISPLACED_DIR}/{kept}"
    beside = f".memtui-displaced-{stamp}-{label.rsplit('/', 1)[-1]}"
    os.rename(name, beside, src_dir_fd=fd, dst_dir_fd=fd)
    return f"{label.rsplit('/', 1)[0]}/{beside}" if "/" in label else beside


_renameat2: object = None


def exchange(fd: int, a: str, b: str) -> bool:
    """Atomically swap the names ``a`` and ``b`` in folder ``fd`` (Linux ``renameat2`` with
    ``RENAME_EXCHANGE``); False when this system or file system cannot."""
    global _renameat2
    if _renameat2 is None:
        _renameat2 = False
        with contextlib.suppress(Exception):
            import ctypes

            fn = ctypes.CDLL(None, use_errno=True).renameat2
            fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                           ctypes.c_uint]
            fn.restype = ctypes.c_int
            _renameat2 = fn
    if not _renameat2:
        return False
    import ctypes

    if _renameat2(fd, os.fsencode(a), fd, os.fsencode(b), 2) == 0:  # type: ignore[operator]
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), b)


def fsync_dir(folder: Path) -> None:
    """Flush a folder's entries (the rename) to disk; a no-op where unsupported."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_NONBLOCK)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes) -> None:
    """Replace (or create) ``path`` with ``data`` atomically; keeps an existing file's mode
    less any executable bit (a new file: 0o644 less the umask).

    Unchecked (no conflict check, no lock): for the agent's tools and memtui's own chat
    history. Curation writes use :func:`write_file`. A symlink is written through (its
    target is replaced), never replaced by a file.
    """
    if path.is_symlink():
        path = path.resolve()
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    try:
        mode: int | None = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = None
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, kept_mode(mode) if mode is not None else shared_mode())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(folder)


def remove_stale_temps(folder_fd: int, older_than: float = STALE_TEMP_SECONDS,
                       owners: Collection[int] = ()) -> list[str]:
    """Delete the temporary files interrupted writes left in the open folder ``folder_fd``;
    returns their names.

    Only regular files named exactly as memtui names them: those of a journaled operation
    whose record id is in ``owners`` at any age (it wrote under the workspace lock, which
    the caller now holds, so it is over: killed), others only when untouched for
    ``older_than`` seconds. Call with the workspace lock held. Best effort: a file that
    cannot be removed stays.
    """
    removed: list[str] = []
    limit = time.time() - older_than
    try:
        with os.scandir(folder_fd) as it:
            names = [e.name for e in it if e.name.startswith(TEMP_PREFIX)]
    except OSError:
        return removed
    for name in names:
        owned = OWNED_TEMP_NAME.fullmatch(name)
        mine = owned is not None and int(owned.group(1)) in owners
        if not mine and not TEMP_NAME.fullmatch(name):
            continue
        try:
            st = os.lstat(name, dir_fd=folder_fd)
            if stat.S_ISREG(st.st_mode) and (mine or st.st_mtime < limit):
                os.unlink(name, dir_fd=folder_fd)
                removed.append(name)
        except OSError:
            continue
    return removed


@contextlib.contextmanager
def folder_lock(state_dir: Path) -> Iterator[None]:
    """Serialise memtui writers on one workspace (an advisory lock in its state folder).

    Two memtui processes that check-then-write under this lock cannot interleave, so the
    second one sees the first one's bytes and refuses instead of clobbering them. The state
    folder and the lock file are opened without following links (Refused for a link or a
    FIFO), so the lock never lands outside the workspace and never blocks on opening.
    """
    try:
        import fcntl
    except ImportError:  # Windows: the hash checks still apply
        yield
        return
    flags = (os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | os.O_NONBLOCK
             | getattr(os, "O_CLOEXEC", 0))
    with refusing(""), folder(state_dir.parent, [state_dir.name], create=True) as dfd:
        opened = open_regular(dfd, "lock", f"{STATE_DIR}/lock", flags)
        if opened is None:
            raise FileNotFoundError(errno.ENOENT, "lock vanished", f"{STATE_DIR}/lock")
        fd, _ = opened
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


#: The largest state file memtui reads back (the chat history): bounded like every read.
MAX_STATE_BYTES = 8 * 1024 * 1024
_APPEND_FLAGS = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
                 | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))


def write_state(root: Path, rel: str, data: bytes) -> None:
    """Replace (or create) memtui's own state file ``root/rel`` atomically, unchecked (no
    lock, no conflict check), yet reached like every other write: folders opened one by one
    without following links (created when missing), the file only replaced when it is a
    regular file or absent. Refused for a link, FIFO or device on the way: nothing is
    written, and never outside the workspace."""
    parts = _parts(rel)
    with refusing(), folder(root, parts[:-1], create=True) as fd:
        with contextlib.suppress(FileNotFoundError):
            st = os.lstat(parts[-1], dir_fd=fd)
            if not stat.S_ISREG(st.st_mode):
                opened = open_regular(fd, parts[-1], rel)  # raises the one-line Unsafe
                if opened is not None:  # pragma: no cover - swapped back meanwhile
                    os.close(opened[0])
        tmp = _temp(fd, data, 0o600)
        try:
            os.replace(tmp, parts[-1], src_dir_fd=fd, dst_dir_fd=fd)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp, dir_fd=fd)
            raise
        with contextlib.suppress(OSError):
            os.fsync(fd)


def append_state(root: Path, rel: str, data: bytes, limit: int = MAX_STATE_BYTES * 8) -> None:
    """Append ``data`` to memtui's own state file ``root/rel`` (a transcript), created when
    absent; never through a link, never into a FIFO or device (opened without blocking and
    checked to be a regular file), and refused once the file is past ``limit`` bytes."""
    parts = _parts(rel)
    with refusing(), folder(root, parts[:-1], create=True) as fd:
        opened = open_regular(fd, parts[-1], rel, _APPEND_FLAGS)
        if opened is None:  # pragma: no cover - O_CREAT makes it
            raise FileNotFoundError(errno.ENOENT, "vanished", rel)
        ffd, st = opened
        try:
            if st.st_size > limit:
                raise Refused(f"{rel} is larger than {limit:,} bytes; nothing more is "
                              "written to it")
            view = memoryview(data)
            while view:
                view = view[os.write(ffd, view):]
        finally:
            os.close(ffd)
