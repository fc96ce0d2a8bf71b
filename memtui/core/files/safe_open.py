"""Open files inside a folder tree without following links, without blocking, bounded.

A path is walked one component at a time, each folder opened relative to the one before it
(``dir_fd``) with ``O_NOFOLLOW``: a folder swapped for a symbolic link, even mid-operation,
is refused rather than followed, so nothing opened this way can lie outside the tree. The
file itself is opened with ``O_NOFOLLOW | O_NONBLOCK`` and checked with ``fstat``: a FIFO,
socket or device is refused (and never blocks), and a file above the size cap is refused
before it is read whole.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress

from memtui.core.files.file_modes import SHARED_MODE, STATE_MODE

#: memtui's state folder (`memtui.core.workspace.STATE_DIR`): made by :func:`open_folder`
#: only, which puts in it a ``.gitignore`` of ``*``, as pytest and ruff do their caches, so
#: the usual ``git add -A`` never commits the journal (every file's earlier bytes), the chat
#: history or the lock (newuser24 #23).
STATE_FOLDER = ".memtui"
STATE_IGNORE = b"# memtui's own state (undo journal, lock, chat history): never committed\n*\n"

_EUID = os.geteuid() if hasattr(os, "geteuid") else None
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)
DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW | _CLOEXEC
FILE_FLAGS = os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _NOCTTY | _CLOEXEC


class Unsafe(Exception):
    """A path memtui will not open (a link, not a regular file, too large, not inside the
    tree); the message is one line for the operator."""


class TooLarge(Unsafe):
    """A regular file above the size cap."""


def parts_of(rel: str) -> list[str]:
    """The components of a tree-relative POSIX path.

    Raises Unsafe for what cannot name a file inside the tree: an empty or absolute path,
    ``.`` or ``..`` components, empty components, NUL bytes.
    """
    parts = rel.split("/")
    if not rel or "\x00" in rel or any(p in ("", ".", "..") for p in parts):
        raise Unsafe(f"'{rel}' is not a path inside the workspace")
    return parts


def _refusal(dir_fd: int, name: str, shown: str, folder: bool = False) -> Unsafe:
    """Why ``name`` is refused; ``folder``: a folder was wanted there (a link in its place
    is to be replaced by a real folder, not edited through: newuser27 #31)."""
    try:
        st = os.lstat(name, dir_fd=dir_fd)
    except OSError:
        return Unsafe(f"{shown} cannot be opened safely")
    if stat.S_ISLNK(st.st_mode):
        return Unsafe(f"{shown} is a symbolic link; memtui does not follow links "
                      + ("(replace the link with a real folder)" if folder
                         else "(edit the file it points to)"))
    if stat.S_ISDIR(st.st_mode):
        return Unsafe(f"{shown} is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        return Unsafe(f"{shown} is not a regular file (a FIFO, socket or device); "
                      "memtui does not open it")
    return Unsafe(f"{shown} is not a folder")


def open_folder(root: str | os.PathLike[str], parts: Sequence[str],
                create: bool = False) -> int:
    """A file descriptor for the folder ``root/parts…`` (the caller closes it).

    ``root`` itself is trusted (opened as given); every component below it must be a real
    folder, not a link. ``create`` makes missing folders. Raises FileNotFoundError for a
    missing one (without ``create``), Unsafe for a link or a file in the way, OSError else.
    """
    fd = os.open(root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _CLOEXEC)
    try:
        for i, name in enumerate(parts):
            shown = "/".join(parts[:i + 1])
            try:
                nfd = _open_subfolder(fd, name, shown)
            except FileNotFoundError:
                if not create:
                    raise
                made = False
                with suppress(FileExistsError):
                    os.mkdir(name, 0o755, dir_fd=fd)
                    made = True
                nfd = _open_subfolder(fd, name, shown)
                if made and name == STATE_FOLDER:
                    _ignore_all(nfd)
            os.close(fd)
            fd = nfd
    except BaseException:
        os.close(fd)
        raise
    return fd


def _ignore_all(fd: int) -> None:
    """Write the state folder's ``.gitignore`` (0o644 less the umask: nothing secret in it);
    a failure leaves the folder as it is, without it."""
    with suppress(OSError):
        ifd = os.open(".gitignore", os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW
                      | _CLOEXEC, SHARED_MODE, dir_fd=fd)
        try:
            os.write(ifd, STATE_IGNORE)
        finally:
            os.close(ifd)


def _open_subfolder(fd: int, name: str, shown: str) -> int:
    try:
        return os.open(name, DIR_FLAGS, dir_fd=fd)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR):
            raise _refusal(fd, name, shown, folder=True) from None
        raise


@contextmanager
def folder(root: str | os.PathLike[str], parts: Sequence[str],
           create: bool = False) -> Iterator[int]:
    """:func:`open_folder` as a context manager."""
    fd = open_folder(root, parts, create)
    try:
        yield fd
    finally:
        os.close(fd)


def open_regular(dir_fd: int, name: str, shown: str, flags: int = FILE_FLAGS,
                 mode: int = STATE_MODE) -> tuple[int, os.stat_result] | None:
    """Open ``name`` in ``dir_fd`` only if it is a regular file: (fd, stat), None when absent
    (created instead when ``flags`` hold ``O_CREAT``: memtui's own state, such as its lock,
    which then has exactly ``mode``, whatever the umask — also when an older memtui made it
    with other bits, if this user owns it).

    Raises Unsafe for a link, FIFO, socket, device or folder. Nothing that is not a regular
    file is opened at all (an ``lstat`` first, the ``fstat`` of what was opened after).
    """
    try:
        st = os.lstat(name, dir_fd=dir_fd)
    except FileNotFoundError:
        if not flags & os.O_CREAT:
            return None
    else:
        if not stat.S_ISREG(st.st_mode):
            raise _refusal(dir_fd, name, shown)
    try:
        fd = os.open(name, flags, mode, dir_fd=dir_fd)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENXIO, errno.EISDIR, errno.ENOTDIR):
            raise _refusal(dir_fd, name, shown) from None
        raise
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise _refusal(dir_fd, name, shown)
    if flags & os.O_CREAT and stat.S_IMODE(st.st_mode) != mode and st.st_uid == _EUID:
        with suppress(OSError):
            os.fchmod(fd, mode)
    return fd, st


def read_fd(fd: int, st: os.stat_result, limit: int, shown: str) -> bytes:
    """Read an open regular file whole, refusing (TooLarge) one above ``limit`` bytes."""
    if st.st_size > limit:
        raise TooLarge(f"{shown} is larger than {_size(limit)} ({st.st_size:,} bytes); "
                       "memtui does not edit files that large")
    chunks: list[bytes] = []
    got = 0
    while True:
        chunk = os.read(fd, min(limit + 1 - got, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
        if got > limit:
            raise TooLarge(f"{shown} is larger than {_size(limit)}; memtui does not edit "
                           "files that large")
    return b"".join(chunks)


def read_in(dir_fd: int, name: str, limit: int, shown: str) -> bytes | None:
    """The bytes of regular file ``name`` in ``dir_fd``; None when it does not exist."""
    opened = open_regular(dir_fd, name, shown)
    if opened is None:
        return None
    fd, st = opened
    try:
        return read_fd(fd, st, limit, shown)
    finally:
        os.close(fd)


def read_file(root: str | os.PathLike[str], rel: str, limit: int) -> bytes | None:
    """The bytes of ``root/rel`` opened safely (see the module); None when it or a folder on
    the way does not exist. Raises Unsafe, or OSError for what the system refuses."""
    parts = parts_of(rel)
    try:
        fd = open_folder(root, parts[:-1])
    except FileNotFoundError:
        return None
    try:
        return read_in(fd, parts[-1], limit, rel)
    finally:
        os.close(fd)


def lexists(root: str | os.PathLike[str], rel: str) -> bool:
    """Whether anything (a link included) is at ``root/rel``, looked up without links."""
    parts = parts_of(rel)
    try:
        with folder(root, parts[:-1]) as fd:
            os.lstat(parts[-1], dir_fd=fd)
    except (FileNotFoundError, Unsafe):
        return False
    return True


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB" if n % (1024 * 1024) == 0 else f"{n:,} bytes"

