"""Atomic, conflict-checked file writes on raw bytes.

A write goes to a hidden temporary file in the target's folder, is flushed to disk, then
renamed over the target (``os.replace`` is atomic on POSIX and Windows), and the folder is
flushed so the rename survives a crash. A reader therefore sees the old bytes or the new
bytes, never a mix. The temporary file is hidden (leading dot), so a write killed half-way
leaves nothing the audit would take for memory; the next write into that folder made under
the workspace lock removes it (:func:`remove_stale_temps`).

Conflicts are detected by content: memtui remembers the sha256 of the bytes it read and
refuses to write when the file on disk no longer has them.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from memtui.edit.errors import Refused

TEMP_PREFIX = ".memtui-tmp-"
TEMP_SUFFIX = ".part"
#: Exactly the names ``atomic_write`` gives its temporary files (tempfile's 8 random
#: characters between prefix and suffix).
TEMP_NAME = re.compile(re.escape(TEMP_PREFIX) + r"[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX))
#: A temporary file untouched this long belongs to a write that died. Writers that do not
#: take the workspace lock (the agent's tools, the chat history) may be mid-write, and no
#: write takes minutes, so a younger one is left alone.
STALE_TEMP_SECONDS = 600.0
ABSENT = "absent"


class Conflict(Refused):
    """The file on disk is not what memtui read: nothing was written."""


def digest(data: bytes | None) -> str:
    """sha256 of ``data`` in hex, or ``"absent"`` for a file that does not exist."""
    return ABSENT if data is None else hashlib.sha256(data).hexdigest()


def read_bytes(path: Path) -> bytes | None:
    """The file's bytes, or None when it does not exist."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


def check_unchanged(path: Path, expected: str, label: str | None = None) -> None:
    """Raise Conflict unless the file's content hash is still ``expected``.

    ``expected`` is a digest as returned by :func:`digest` (``"absent"`` = must not exist).
    """
    now = digest(read_bytes(path))
    if now == expected:
        return
    name = label or str(path)
    if expected == ABSENT:
        raise Conflict(f"{name} now exists (created since memtui read the workspace); "
                       "nothing was written")
    if now == ABSENT:
        raise Conflict(f"{name} was deleted since memtui read it; nothing was written")
    raise Conflict(f"{name} changed on disk since memtui read it; nothing was written "
                   "(reload and try again)")


def fsync_dir(folder: Path) -> None:
    """Flush a folder's entries (the rename) to disk; a no-op where unsupported."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes, mtime_ns: int | None = None) -> None:
    """Replace (or create) ``path`` with ``data`` atomically; keeps an existing file's mode.

    ``mtime_ns`` is the modification time the new file gets (default: now); it is set
    before the rename, so the file never shows up with another one. A symlink is written
    through (its target is replaced), never replaced by a file.
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
        os.chmod(tmp, mode if mode is not None else 0o644)
        if mtime_ns is not None:
            os.utime(tmp, ns=(time.time_ns(), mtime_ns))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(folder)


def remove_stale_temps(folder: Path, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete the temporary files interrupted writes left in ``folder``; returns them.

    Only regular files named exactly as :func:`atomic_write` names them, and only when
    untouched for ``older_than`` seconds. Call with the workspace lock held. Best effort:
    a file that cannot be removed stays.
    """
    removed: list[Path] = []
    limit = time.time() - older_than
    try:
        with os.scandir(folder) as it:
            names = [e.name for e in it if e.name.startswith(TEMP_PREFIX)]
    except OSError:
        return removed
    for name in names:
        if not TEMP_NAME.fullmatch(name):
            continue
        path = folder / name
        try:
            st = path.lstat()
            if stat.S_ISREG(st.st_mode) and st.st_mtime < limit:
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


def mtime_ns(path: Path) -> int | None:
    """The file's modification time in nanoseconds, or None when it does not exist."""
    try:
        return path.stat().st_mtime_ns
    except FileNotFoundError:
        return None


def atomic_delete(path: Path) -> None:
    path.unlink()
    fsync_dir(path.parent)


def write_checked(path: Path, data: bytes, expected: str) -> None:
    """Write ``data`` only when the file still hashes to ``expected`` (Conflict otherwise)."""
    check_unchanged(path, expected)
    atomic_write(path, data)


@contextlib.contextmanager
def folder_lock(state_dir: Path) -> Iterator[None]:
    """Serialise memtui writers on one workspace (an advisory lock in its state folder).

    Two memtui processes that check-then-write under this lock cannot interleave, so the
    second one sees the first one's bytes and refuses instead of clobbering them.
    """
    state_dir.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # Windows: the hash checks still apply
        yield
        return
    with open(state_dir / "lock", "a+b") as fh:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)
