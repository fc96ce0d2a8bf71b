"""A marker the chat holds while an agent turn runs, so an undo never takes half a turn.

``memtui undo --turn`` (or another window's ctrl+z) run while the app's turn was still
writing undid the writes made so far and called that the turn; the turn then went on under
the same number (newuser36 #33). The chat session holds a shared ``flock`` on
``.memtui/chat/turn.lock`` for a turn's whole life (two chats on one workspace may both
hold it); a turn undo asks for it exclusively without waiting and is refused while anyone
holds it. The kernel drops the lock when the process ends, so an app that died blocks
nothing: the bound is the turn's own life. The file is left in place (opening a missing
one never creates it on the undo's side); it is never opened through a link, FIFO or
device.
"""

from __future__ import annotations

import contextlib
import os

try:
    import fcntl
except ImportError:  # Windows: no marker, the undo's own checks still apply
    fcntl = None  # type: ignore[assignment]
from pathlib import Path

from memtui.core.files.safe_open import FILE_FLAGS, Unsafe, folder, open_regular
from memtui.core.workspace import STATE_DIR

MARKER_REL = f"{STATE_DIR}/chat/turn.lock"
_PARTS = MARKER_REL.split("/")
_CREATE = (os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | os.O_NONBLOCK
           | getattr(os, "O_CLOEXEC", 0))


def _open_marker(root: Path, create: bool) -> int | None:
    """The marker of ``root`` opened (made first with ``create``), or None: no flock, a
    link, FIFO or device in the way, the state folder not there or not writable."""
    if fcntl is None:
        return None
    try:
        with folder(root, _PARTS[:-1], create=create) as dfd:
            opened = open_regular(dfd, _PARTS[-1], MARKER_REL,
                                  _CREATE if create else FILE_FLAGS)
    except (OSError, Unsafe):
        return None
    return None if opened is None else opened[0]


def hold_turn(root: Path) -> int | None:
    """Take the marker for a turn starting in ``root``: the descriptor to give back to
    :func:`release_turn`, or None when it cannot be held (no flock, a link in the way, the
    state folder not writable): the turn runs anyway, unmarked."""
    fd = _open_marker(root, create=True)
    if fd is None:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH)
    except OSError:
        os.close(fd)
        return None
    return fd


def release_turn(fd: int | None) -> None:
    """Give back the marker :func:`hold_turn` took (closing drops the lock)."""
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)


def turn_running(root: Path) -> bool:
    """Whether a chat's agent turn is running in ``root`` now (someone holds the marker)."""
    fd = _open_marker(root, create=False)
    if fd is None:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)  # (closing gives back a lock taken)
    return False
