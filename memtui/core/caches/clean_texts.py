"""Texts already known to hold no credential and no instruction-like line, by digest.

Checking every line of every memory for credentials and orders to the model costs about a
tenth of a millisecond per file; on a warm audit of thousands of unchanged files that is most
of the time left. This cache remembers the digests of texts that passed both checks, in the
user cache folder beside the token counts (never the texts or anything found in them), so
the next audit skips the checks for them. A file with a finding is simply checked again.
The file's name holds the checks' version (``memtui.core.caches.checks_version``): verdicts of
other checks are never read.
"""

from __future__ import annotations

from pathlib import Path

from memtui.core.caches.checks_version import version
from memtui.core.caches.store import load_cache, save_cache
from memtui.core.counting.tokens import DIGEST_SIZE

FORMAT = "joined"  # the digests as one string (the file name changes with the format)
_MAX = 200_000


class CleanTexts:
    """A set of text digests, loaded from and saved to one cache file (or none)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        stored = load_cache(path, bytes) or b""
        size = DIGEST_SIZE
        if len(stored) % size:
            stored = b""  # not written by `save`: no verdict in it can be trusted
        self._digests: set[bytes] = {stored[i:i + size] for i in range(0, len(stored), size)}
        self._dirty = False

    @classmethod
    def beside(cls, cache_file: Path | None) -> CleanTexts:
        """The verdicts kept in the same folder as the token cache file ``cache_file``
        (none when there is no such file)."""
        return cls(cache_file.parent / f"clean-texts-{version()}-{FORMAT}.marshal"
                   if cache_file is not None else None)

    def __contains__(self, digest: bytes) -> bool:
        return digest in self._digests

    def __len__(self) -> int:
        return len(self._digests)

    def add(self, digest: bytes) -> None:
        if digest not in self._digests:
            self._digests.add(digest)
            self._dirty = True

    def save(self) -> None:
        """Write the set (atomically) when it grew; silent when that is impossible."""
        if self.path is None or not self._dirty:
            return
        digests = list(self._digests)[:_MAX]
        # One string of digests end to end: writing a set of 10,000 took marshal a sixth of
        # a second in the app, holding the interpreter (and freezing the screen) throughout.
        if save_cache(self.path, b"".join(d for d in digests if len(d) == DIGEST_SIZE)):
            self._dirty = False
