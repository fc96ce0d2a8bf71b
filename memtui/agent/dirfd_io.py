"""Read and atomically replace one file named relative to an open folder (a directory file
descriptor), never following a symlink and never opening what is not a regular file.

The counterpart of :mod:`memtui.edit.safe_write` for the agent's confined tools
(:mod:`memtui.agent.sandbox`): the same temporary-file names (so an interrupted write is
cleaned up the same way), the same write-flush-rename-flush order, but every call takes the
folder's descriptor and one name, so nothing is resolved by path again after the sandbox
walked it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat

from memtui.agent.sandbox import NOFOLLOW, NONBLOCK
from memtui.core.textfile import MAX_READ_BYTES
from memtui.edit.safe_write import TEMP_PREFIX, TEMP_SUFFIX, digest

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_TEMP_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789_"


class NotRegular(OSError):
    """The name is a FIFO, socket, device or folder: it is never opened for content."""


class ChangedUnderneath(OSError):
    """The file changed between reading it and replacing it: nothing was written."""


def check_regular(st: os.stat_result, name: str) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise NotRegular(errno.EISDIR, "is a folder", name)
    if not stat.S_ISREG(st.st_mode):
        raise NotRegular(errno.EINVAL, "is not a regular file (a FIFO, socket or device); "
                         "it is never opened", name)


def read_at(fd: int, name: str, limit: int) -> tuple[bytes, os.stat_result]:
    """At most ``limit`` + 1 bytes of the regular file ``name`` in ``fd``, and its stat.

    Opened with ``O_NOFOLLOW`` (a symlink fails with ELOOP) and ``O_NONBLOCK`` (a FIFO
    swapped in at the last moment cannot block), then checked with ``fstat``.
    """
    st = os.stat(name, dir_fd=fd, follow_symlinks=False)
    if stat.S_ISLNK(st.st_mode):
        raise OSError(errno.ELOOP, "is a symlink", name)
    check_regular(st, name)
    f = os.open(name, os.O_RDONLY | NOFOLLOW | NONBLOCK | _CLOEXEC, dir_fd=fd)
    with os.fdopen(f, "rb") as fh:
        st = os.fstat(fh.fileno())
        check_regular(st, name)
        return fh.read(limit + 1), st


def replace_at(fd: int, name: str, data: bytes, expected: str | None = None) -> None:
    """Replace (or create) ``name`` in ``fd`` with ``data`` atomically, keeping its mode.

    With ``expected`` (a :func:`digest` of at most MAX_READ_BYTES), the file must still hold
    those bytes right before the rename, else ChangedUnderneath and nothing is written. The
    rename replaces the name itself: a symlink swapped in meanwhile is replaced, never
    written through.
    """
    try:
        st = os.stat(name, dir_fd=fd, follow_symlinks=False)
        mode = stat.S_IMODE(st.st_mode) if stat.S_ISREG(st.st_mode) else 0o644
    except FileNotFoundError:
        mode = 0o644
    tmp = TEMP_PREFIX + "".join(secrets.choice(_TEMP_CHARS) for _ in range(8)) + TEMP_SUFFIX
    f = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW | _CLOEXEC, 0o600,
                dir_fd=fd)
    try:
        with os.fdopen(f, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
            os.fchmod(fh.fileno(), mode)
        if expected is not None:
            try:
                now, _ = read_at(fd, name, MAX_READ_BYTES)
            except FileNotFoundError:
                now = None
            if digest(now) != expected:
                raise ChangedUnderneath(errno.EAGAIN, "changed on disk while it was being "
                                        "edited; nothing was written — read it again", name)
        os.rename(tmp, name, src_dir_fd=fd, dst_dir_fd=fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=fd)
        raise
    with contextlib.suppress(OSError):
        os.fsync(fd)
