"""Scanning part of a workspace in the counting child while this process scans the rest.

A first audit of 10,000 memories spends most of its time reading and examining each file on
its own (`scan_file`). The app has a child process for counting tokens
(`memtui.core.counting.tokens.CountingChild`), idle at that moment but for loading its vocabulary;
on a second core it can scan the last part of the list (`memtui.core.counting.child.serve_scan`)
while the app's audit worker scans the first. It sends its scans back in batches of
`BATCH`, each unpickled here in a few milliseconds, so the app's interpreter is never held
for long. Whatever goes wrong (the child gone, out of step or silent for `WAIT` seconds),
it is ended and the rest is scanned here, exactly as without a child: the scans are the
same either way.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from memtui.core.counting.pipe import receive, send
from memtui.core.counting.tokens import CountingChild
from memtui.core.scanner.scan import FileScan

if TYPE_CHECKING:  # pickle and queue are imported where used: `memtui audit` never is
    import queue
    from contextlib import AbstractContextManager

SHARE_MIN = 2000  # below this many files to scan, one process is quicker than two
CHILD_SHARE = 0.5  # of the files: the child scans on its own core, its vocabulary loaded
BATCH = 200  # scans per message
WAIT = 30.0  # seconds without a message from the child before it is given up

#: A file's stat key: (mtime_ns, size, inode, ctime_ns). The ctime is in it because no
#: user can set it back (``os.utime`` sets mtime and atime, and itself moves ctime to now):
#: a file rewritten with its old size and mtime restored, or deleted and made again on a
#: reused inode, still shows a new key (git's index keys its entries the same way).
Key = tuple[int, int, int, int]
NO_KEY: Key = (0, 0, 0, 0)  # a file that cannot be looked at: never trusted


def key_of(st: os.stat_result) -> Key:
    """The stat key of ``st``."""
    return st.st_mtime_ns, st.st_size, st.st_ino, st.st_ctime_ns


def changed_ns(key: Key) -> int:
    """The last moment the file of ``key`` was written or had its times set: the later of
    its mtime and ctime (an mtime set into the future counts too)."""
    return max(key[0], key[3])


def stat_key(full: str) -> tuple[os.stat_result | None, Key, float]:
    """(stat, cache key, mtime) of a file: the key as `key_of`, `NO_KEY` when the file
    cannot be looked at."""
    try:
        st = os.stat(full)
    except OSError:
        return None, NO_KEY, 0.0
    return st, key_of(st), st.st_mtime


class ScanShare:
    """In the parent: the child scanning ``rels``, taken one by one, in order, by `take`;
    `close` always ends the exchange (ending the child unless it finished cleanly)."""

    def __init__(self, child: CountingChild, root: str, rels: list[str],
                 clean_path: Path | None) -> None:
        self.child = child
        self.done = False  # the child sent every scan and its last word
        self.new_clean: list[bytes] = []  # clean-text verdicts the child added
        self._ended = False  # nothing more will be taken from the child
        import queue

        self._messages: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._batch: list[tuple[str, Key, float, FileScan]] = []
        self._at = 0
        self._reader: threading.Thread | None = None
        self._session: AbstractContextManager[tuple[IO[bytes], IO[bytes]]] = child.session()
        to_child, from_child = self._session.__enter__()
        try:
            send(to_child, ("scan", root, rels, str(clean_path or "")))
        except (OSError, ValueError):
            self._ended = True
            return
        self._reader = threading.Thread(target=self._read, args=(from_child,),
                                        name="memtui-scan-share", daemon=True)
        self._reader.start()

    def _read(self, stream: IO[bytes]) -> None:
        """Every message of this scan, as it comes (so the pipe never fills up)."""
        try:
            while True:
                message = receive(stream)
                self._messages.put(message)
                if not isinstance(message, bytes):
                    return
        except Exception as exc:  # gone, out of step: `take` scans the rest here
            self._messages.put(("failed", repr(exc)))

    def _next(self) -> None:
        """Wait for the child's next message and act on it."""
        import pickle
        import queue

        try:
            message = self._messages.get(timeout=WAIT)
        except queue.Empty:
            message = ("failed", "silent")
        if isinstance(message, bytes):
            try:
                batch = pickle.loads(message)
            except Exception:  # unreadable: scanned here instead
                batch = None
            if isinstance(batch, list):
                self._batch, self._at = batch, 0
            else:
                self._ended = True
            return
        self._ended = True
        if isinstance(message, tuple) and message[:1] == ("done",) and len(message) == 2:
            self.done = True
            self.new_clean = [d for d in message[1] if isinstance(d, bytes)]

    def take(self, rel: str) -> tuple[Key, float, FileScan] | None:
        """The child's (key, mtime, scan) of ``rel``, the next file of its share; None when
        the child cannot give it: scan it here."""
        while self._at == len(self._batch):
            if self._ended:
                return None
            self._next()
        item = self._batch[self._at]
        self._at += 1
        if not isinstance(item, tuple) or len(item) != 4 or item[0] != rel:
            self._ended, self._batch, self._at = True, [], 0
            return None
        return item[1], item[2], item[3]

    def close(self) -> None:
        """Hear the child's last word (it follows its last scan) and let it go; end it when
        it is out of step (stopped early, failed, silent)."""
        if not self._ended and self._at == len(self._batch):
            self._next()
        if not self.done:
            self.child.kill()
        if self._reader is not None:
            self._reader.join(timeout=WAIT)
        self._session.__exit__(None, None, None)
