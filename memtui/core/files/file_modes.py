"""The permission bits of the files memtui creates: never an executable bit.

Two kinds of file, two modes:

- memtui's own state (``.memtui/``: the lock, the journal, which holds a memory's bytes
  before and after each edit, displaced edits, chat history and transcripts; and the user's
  cache and config folders) is private: exactly ``STATE_MODE`` (0o600), whatever the umask.
- a file meant to be read, shared or committed (a memory, the index, a baseline, a report
  written with ``--out``, the demo's copy) gets ``SHARED_MODE`` (0o644) less the umask, as
  any new file does: never more (a umask of 0 still gives 0o644), less under a stricter umask
  (0o077 gives 0o600).

An existing file that is rewritten keeps its mode, less any executable, setuid, setgid or
sticky bit (no memtui write makes a program).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

STATE_MODE = 0o600
SHARED_MODE = 0o644
#: The bits no file memtui writes keeps: executable, setuid, setgid, sticky.
NEVER = 0o7111

_NEW_FLAGS = (os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0)
              | getattr(os, "O_NOCTTY", 0))


def umask() -> int:
    """The process's umask, read without changing it (``os.umask`` would, for every
    thread); 0o022 where the kernel does not say."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    return 0o022


def shared_mode() -> int:
    """The mode a new shared file gets: 0o644 less the umask."""
    return SHARED_MODE & ~umask()


def kept_mode(mode: int) -> int:
    """An existing file's permission bits as a rewrite keeps them."""
    return stat.S_IMODE(mode) & ~NEVER


def write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to the shared file ``path`` (a baseline, an export, a file in a folder
    memtui made for itself), like ``Path.write_bytes`` but never leaving an executable bit:
    a new file gets 0o644 less the umask, an existing one keeps its mode less any executable
    bit (a FIFO or device the user named is written, its mode left alone; a FIFO no one
    reads is refused at once, never waited on: newuser24 #61). Raises OSError."""
    try:
        fd = os.open(path, _NEW_FLAGS | os.O_NONBLOCK, SHARED_MODE)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise OSError(errno.ENXIO, "a FIFO no program reads (memtui does not wait for "
                          "one)") from None
        raise
    try:
        os.set_blocking(fd, True)  # a pipe with a reader is written as always
        st = os.fstat(fd)
        if stat.S_ISREG(st.st_mode) and st.st_mode & NEVER:
            os.fchmod(fd, kept_mode(st.st_mode))
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)
