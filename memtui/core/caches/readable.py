"""The files besides the memories that the last audits found clean, kept between runs.

`memtui.core.scanner.readable` reads every text file under the memory roots for what the
agent would read in it (a credential first). A warm audit must not read them again: this
cache remembers, per workspace, the path and stat key (`memtui.core.scanner.share.key_of`)
of each such file that yielded nothing — or that is binary, so never read — and when it was
read. A file is skipped only when its key is the same and trusted (its last change lies
well before that moment: `memtui.core.caches.scans.ambiguous`). A file with a finding is
never remembered (no credential, no text, nothing found in one is ever stored: only paths
and stat keys). The version is the checks' (`memtui.core.caches.checks_version`): any
change of memtui's checks or of detect-secrets starts it afresh. Read and written as every
cache file is (`memtui.core.caches.store`); an entry that does not fit is dropped.

Beside them, the digests of the batches of names (`memtui.core.scanner.names`) the
credential check found clean: the names of 50,000 memories cost a warm audit ~0.2 s of CPU
read again (issue 35, session 37), and they rarely change between runs. Only this run's
clean batches are kept; a batch's digest is of its entries (paths, a folder's with its
``/``), from which the text the check reads is made: a name renamed, added or removed is a
new batch, read again.

And the state files (`memtui.core.scanner.state_json`: memtui's journal and chat state,
read as their structure) found clean: each one's digest, and the length and digest of its
whole lines judged, from whose end a transcript appended to is judged on (newuser41 #6: each
chat turn made every audit read the whole transcript again). Digests only, at most
`MAX_STATES` files.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Container
from pathlib import Path

from memtui.core.caches.checks_version import version
from memtui.core.caches.scans import ambiguous, workspace_file
from memtui.core.caches.store import prune, read_cache, save_cache
from memtui.core.scanner.share import NO_KEY, Key

PREFIX, SUFFIX = "readable-", ".marshal"
MAX_ENTRIES = 200_000
MAX_STATES = 4096
MAX_FILES = 64  # one per workspace: the least recently written past this are deleted


def cache_path(root: Path) -> Path | None:
    """The cache file of the workspace at ``root`` (None: caching is off)."""
    return workspace_file(root, PREFIX, SUFFIX)


class ReadableCache:
    """``rel`` → (stat key, when read) of the files found clean (see the module)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._entries: dict[str, tuple[Key, int]] = {}
        self._dirty = False
        #: Digests of the batches of names found clean last time (`names`), and this time.
        self._names_then: frozenset[bytes] = frozenset()
        self._names_now: set[bytes] = set()
        #: State files found clean: rel → (whole lines judged, their digest, the file's).
        self._states: dict[str, tuple[int, bytes, bytes]] = {}
        data = read_cache(path)
        if data is None:
            return
        try:
            got = marshal.loads(data)
        except (ValueError, EOFError, TypeError, MemoryError, RecursionError):
            return
        if not (isinstance(got, tuple) and len(got) == 4 and got[0] == version()
                and isinstance(got[1], dict)):
            return
        if isinstance(got[2], frozenset) and all(type(d) is bytes for d in got[2]):
            self._names_then = got[2]
        if isinstance(got[3], dict):
            for rel, st in list(got[3].items())[:MAX_STATES]:
                if isinstance(rel, str) and isinstance(st, tuple) and len(st) == 3 and \
                        type(st[0]) is int and type(st[1]) is bytes and type(st[2]) is bytes:
                    self._states[rel] = st
        for rel, entry in list(got[1].items())[:MAX_ENTRIES]:
            if isinstance(rel, str) and isinstance(entry, tuple) and len(entry) == 5 and \
                    all(type(v) is int for v in entry):
                self._entries[rel] = ((entry[0], entry[1], entry[2], entry[3]), entry[4])

    def clean(self, rel: str, key: Key) -> bool:
        """Whether ``rel``, its stat key now ``key``, was found clean and has not changed."""
        entry = self._entries.get(rel)
        return entry is not None and key != NO_KEY and entry[0] == key and \
            not ambiguous(key, entry[1])

    def mark(self, rel: str, key: Key, read_ns: int) -> None:
        """Remember ``rel`` (stat key ``key``, read at ``read_ns``) as clean."""
        if key == NO_KEY or ambiguous(key, read_ns):
            return  # its key cannot vouch for what was read: read again next time
        if self._entries.get(rel) != (key, read_ns):
            self._entries[rel] = (key, read_ns)
            self._dirty = True

    def names_clean(self, digest: bytes) -> bool:
        """Whether the batch of names of ``digest`` was found clean last time; it is kept
        for next time either way (`names_found_clean` is not told again)."""
        if digest in self._names_then:
            self._names_now.add(digest)
            return True
        return False

    def names_found_clean(self, digest: bytes) -> None:
        """Remember the batch of names of ``digest`` as clean."""
        self._names_now.add(digest)

    def state_from(self, rel: str, data: bytes, digest: Callable[[bytes], bytes]) -> int:
        """Where the state file ``rel``, now ``data``, is to be judged from: ``len(data)``
        when it was found clean as it is, the end of its whole lines found clean when it
        starts with them (appended to since), else 0."""
        st = self._states.get(rel)
        if st is None:
            return 0
        if digest(data) == st[2]:
            return len(data)
        return st[0] if st[0] <= len(data) and digest(data[:st[0]]) == st[1] else 0

    def mark_state(self, rel: str, lines_end: int, lines_digest: bytes,
                   whole: bytes) -> None:
        """Remember the state file ``rel`` as clean: its bytes' digest ``whole``, and its
        whole lines' length and digest."""
        entry = (lines_end, lines_digest, whole)
        if self._states.get(rel) != entry and (rel in self._states
                                               or len(self._states) < MAX_STATES):
            self._states[rel] = entry
            self._dirty = True

    def forget(self, rel: str) -> None:
        if self._entries.pop(rel, None) is not None:
            self._dirty = True
        if self._states.pop(rel, None) is not None:
            self._dirty = True

    def keep_only(self, rels: Container[str]) -> None:
        """Drop the entries of files no longer there (or no longer clean)."""
        gone = [rel for rel in self._entries if rel not in rels]
        for rel in gone:
            del self._entries[rel]
        states = [rel for rel in self._states if rel not in rels]
        for rel in states:
            del self._states[rel]
        self._dirty = self._dirty or bool(gone) or bool(states)

    def save(self) -> None:
        """Write the entries (atomically) when they changed; silent when impossible."""
        if self.path is None or not (self._dirty or self._names_now != self._names_then):
            return
        data = (version(), {rel: (*key, when) for rel, (key, when) in self._entries.items()},
                frozenset(self._names_now), dict(self._states))
        if save_cache(self.path, data):
            self._dirty = False
            self._names_then = frozenset(self._names_now)
            prune(self.path.parent, self.path, MAX_FILES, PREFIX, SUFFIX)
