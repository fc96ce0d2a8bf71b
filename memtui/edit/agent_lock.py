"""An agent's own write lock, held around memtui's writes to the files it guards.

Hermes Agent serialises every read-modify-write of its stores (``MEMORY.md``, ``USER.md``)
with ``flock`` on a sidecar ``<store>.lock`` next to the store (hermes-agent
``tools/memory_tool.py``, ``MemoryStore._file_lock``, opened ``a+`` and never removed).
memtui's own checks refuse a write when the file changed since it was read, but a Hermes
session writing between memtui's last check and its rename would not be excluded; holding
the same lock excludes it, both ways (newuser28 #18).

So every memtui write (a curation, an undo, the chat agent's tools) to a store of a folder
Hermes' profile recognises holds that store's ``<store>.lock`` while it checks and writes,
when the sidecar is there (Hermes makes it at its first write; memtui never creates it, so a
folder Hermes never wrote to gets no file it did not ask for). Sidecars are taken in name
order and waited for at most :data:`WAIT_SECONDS`; past that the write is refused, nothing
written. A sidecar that is a link, FIFO or device refuses the write (it is never opened
through).
"""

from __future__ import annotations

import contextlib
import os
import time
from contextvars import ContextVar

try:
    import fcntl
except ImportError:  # Windows: the content checks still apply
    fcntl = None  # type: ignore[assignment]
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path, PurePosixPath

from memtui.core.files.safe_open import FILE_FLAGS, Unsafe, folder, open_regular
from memtui.core.profiles.hermes import STORES, Hermes
from memtui.edit.errors import Refused

#: How long a write waits for an agent holding its lock before it is refused.
WAIT_SECONDS = 10.0
#: How long a write waits in silence before `announced`'s callback is told why it waits
#: (newuser32 #42: a command waiting 8 s on Hermes' lock printed nothing).
NOTICE_AFTER = 1.0
SUFFIX = ".lock"
_SAY: ContextVar[Callable[[str], None] | None] = ContextVar("agent_lock_say", default=None)
_OPEN = FILE_FLAGS  # read-only is enough for flock
_STORE_NAMES = frozenset(name for _, name, _ in STORES)


def sidecars(root: Path, paths: Iterable[str]) -> list[str]:
    """The agent locks guarding ``paths``, in name order: a Hermes store's ``<store>.lock``."""
    stores = sorted({rel for rel in paths if rel in _STORE_NAMES})
    if not stores or not Hermes().recognise(root):
        return []
    return [rel + SUFFIX for rel in stores]


@contextlib.contextmanager
def agent_locks(root: Path, paths: Iterable[str], wait: float | None = None) -> Iterator[None]:
    """Hold every agent lock guarding ``paths`` (workspace-relative) while the body runs."""
    if fcntl is None:
        yield
        return
    held: list[int] = []
    try:
        for rel in sidecars(root, paths):
            fd = _open(root, rel)
            if fd is None:
                continue
            held.append(fd)
            _take(fd, rel, WAIT_SECONDS if wait is None else wait)
        yield
    finally:
        for fd in reversed(held):
            with contextlib.suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)


@contextlib.contextmanager
def announced(say: Callable[[str], None]) -> Iterator[None]:
    """While the body runs, a write that waits past `NOTICE_AFTER` for an agent's lock
    calls ``say`` once with a line saying so (the command line prints it on stderr)."""
    token = _SAY.set(say)
    try:
        yield
    finally:
        _SAY.reset(token)


def _open(root: Path, rel: str) -> int | None:
    parts = PurePosixPath(rel).parts
    try:
        with folder(root, parts[:-1]) as dfd:
            opened = open_regular(dfd, parts[-1], rel, _OPEN)
    except FileNotFoundError:
        return None
    except Unsafe as exc:
        raise Refused(f"{exc} (an agent's lock); nothing was written") from None
    return None if opened is None else opened[0]


def _take(fd: int, rel: str, wait: float) -> None:
    start = time.monotonic()
    deadline, say = start + wait, _SAY.get()
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            now = time.monotonic()
            if say is not None and now - start >= NOTICE_AFTER:
                say(f"waiting for Hermes' lock {rel} (a Hermes session is writing its "
                    f"memory); at most {wait:g} s …")
                say = None
            if now >= deadline:
                raise Refused(f"{rel} is held by the agent (it is writing its memory); "
                              f"waited {wait:g} s, nothing was written — try again") from None
            time.sleep(0.05)
