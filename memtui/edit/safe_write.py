"""Atomic, conflict-checked file writes on raw bytes.

A write goes to a hidden temporary file in the target's folder, is flushed to disk, then
renamed over the target (``os.replace`` is atomic on POSIX and Windows), and the folder is
flushed so the rename survives a crash. A reader therefore sees the old bytes or the new
bytes, never a mix. The temporary file is hidden (leading dot), so a write killed half-way
leaves nothing the audit would take for memory.

Conflicts are detected by content: memtui remembers the sha256 of the bytes it read and
refuses to write when the file on disk no longer has them.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from memtui.edit.errors import Refused

TEMP_PREFIX = ".memtui-tmp-"
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


def atomic_write(path: Path, data: bytes) -> None:
    """Replace (or create) ``path`` with ``data`` atomically; keeps an existing file's mode.

    A symlink is written through (its target is replaced), never replaced by a file.
    """
    if path.is_symlink():
        path = path.resolve()
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    try:
        mode: int | None = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = None
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=".part", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode if mode is not None else 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(folder)


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
