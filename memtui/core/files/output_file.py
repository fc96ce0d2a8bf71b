"""One careful writer for the files the operator names for memtui's output:
``audit --write-baseline FILE`` and ``eval --suite … --out FILE`` (newuser24 #60, #61: the
first replaced a workspace's MEMORY.md with baseline JSON, unjournaled, and hung on a FIFO;
both wrote through a symbolic link onto its target).

A write here:

- never goes through a **symbolic link** (``O_NOFOLLOW``) and never into a **FIFO, socket
  or device** (opened without blocking, checked with ``fstat`` before a byte is written);
- never replaces a file that is **not memtui's own output of that kind** (``ours`` judges
  its bytes, read up to ``limit``): an index, a memory or any other file the operator
  pointed at by mistake stays as it was, and the line says how to go on;
- never makes a **markdown file** (``.md``), which the audit would read as a memory.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path

from memtui.core.files.file_modes import NEVER, SHARED_MODE, kept_mode
from memtui.core.files.safe_open import TooLarge, read_fd

_FLAGS = (os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | os.O_NONBLOCK
          | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0))


class OutputError(Exception):
    """Why the output file was not written, in one line naming it; nothing was written."""


def write_output(path: Path, data: bytes, what: str, ours: Callable[[bytes], bool],
                 limit: int) -> None:
    """Write ``data`` (``what``: "a memtui baseline") to ``path``, a new file or one
    ``ours`` recognises (see the module); else :class:`OutputError`, nothing written."""
    shown = str(path)
    if path.name.lower().endswith(".md"):
        raise OutputError(f"{shown}: a markdown file, which the audit reads as a memory; "
                          f"give a .json name for {what}")
    try:
        fd = os.open(path, _FLAGS, SHARED_MODE)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OutputError(f"{shown}: a symbolic link; memtui does not write through one "
                              "(give the file it leads to, or another name)") from None
        if exc.errno == errno.EISDIR:
            raise OutputError(f"{shown}: a folder, not a file") from None
        raise OutputError(f"{shown}: cannot be written ({exc.strerror or exc})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OutputError(f"{shown}: not a regular file (a FIFO, socket or device); "
                              "memtui does not write it")
        if st.st_size and not _is_ours(fd, st, limit, ours):
            raise OutputError(f"{shown}: exists and is not {what}; memtui does not overwrite "
                              "it (remove it, or give another name)")
        if st.st_mode & NEVER:
            os.fchmod(fd, kept_mode(st.st_mode))
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except OSError as exc:
        raise OutputError(f"{shown}: cannot be written ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def _is_ours(fd: int, st: os.stat_result, limit: int, ours: Callable[[bytes], bool]) -> bool:
    """Whether the open file is memtui's own output of that kind (at most ``limit`` bytes)."""
    try:
        return ours(read_fd(fd, st, limit, ""))
    except TooLarge:
        return False


def json_with(keys: tuple[str, ...]) -> Callable[[bytes], bool]:
    """``ours`` for a JSON object holding every one of ``keys``."""
    import json

    def ours(raw: bytes) -> bool:
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            return False
        return isinstance(data, dict) and all(k in data for k in keys)
    return ours


def own_output(rel: str, full: str) -> bool:
    """Whether ``rel`` is a baseline memtui wrote, by any name (a JSON object whose first
    key is ``memtui-baseline``): read as `memtui.core.scanner.readable.own_file` is
    (newuser40 #28: a monorepo's ``baselines/*.json`` quoted an injection)."""
    if not rel.endswith(".json"):
        return False
    try:
        with open(full, "rb") as f:
            start = f.read(64).lstrip()
    except OSError:
        return False
    return start[:1] == b"{" and start[1:].lstrip().startswith(b'"memtui-baseline"')
