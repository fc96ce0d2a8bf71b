"""Git ages kept in the user cache, one file per (repository, workspace prefix): the HEAD
they were read at and each file's time, so that the next audit at the same HEAD reads no
history, and one at a later HEAD reads only the commits since (`memtui.core.git.age`).

What makes a kept record count (anything else reads as none, and the history is walked):
the file is read as every cache file is (`memtui.core.caches.store`: this user's folder and
file, reached without a link, under its cap); it names the checks' version
(`memtui.core.caches.checks_version`: a change to the reader or the walk makes every record
unreadable), the repository's ``.git`` folder and the prefix it is for, a HEAD of 40 hex
digits, and times that are numbers or None by path. Only a walk that read the history to
its end (no budget cut, no object missing) is kept: the history behind one commit never
changes, so a record is stale only when its HEAD is not an ancestor of today's, and then
it is not used.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path

from memtui.core.caches.store import cache_dir, load_cache, save_cache

PREFIX, SUFFIX = "git-ages-", ".marshal"
MAGIC = "memtui-git-ages-1"
#: Records kept (one per repository and workspace prefix; the least recent go).
MAX_FILES = 64
_HEX_ID = re.compile(r"[0-9a-f]{40}")


def cache_path(gitdir: str, prefix: str) -> Path | None:
    """The cache file of the workspace at ``prefix`` in the repository ``gitdir`` (None:
    caching is off)."""
    folder = cache_dir()
    if folder is None:
        return None
    digest = hashlib.sha256(os.fsencode(gitdir) + b"\0" + prefix.encode()).hexdigest()[:24]
    return folder / f"{PREFIX}{digest}{SUFFIX}"


def load(gitdir: str, prefix: str) -> tuple[str, dict[str, float | None]] | None:
    """(HEAD, times) kept for the workspace at ``prefix`` of ``gitdir``, or None."""
    from memtui.core.caches.checks_version import version

    got = load_cache(cache_path(gitdir, prefix), tuple)
    if got is None or len(got) != 6 or got[:4] != (MAGIC, version(), gitdir, prefix):
        return None
    head, times = got[4], got[5]
    if not isinstance(head, str) or not _HEX_ID.fullmatch(head) or not isinstance(times, dict):
        return None
    for path, when in times.items():
        if not isinstance(path, str) or not (when is None or type(when) is float):
            return None
    return head, times


def save(gitdir: str, prefix: str, head: str, times: dict[str, float | None]) -> None:
    """Keep ``times``, read at ``head``, for the workspace at ``prefix`` of ``gitdir``."""
    from memtui.core.caches.checks_version import version
    from memtui.core.caches.store import prune

    path = cache_path(gitdir, prefix)
    if path is not None and save_cache(path, (MAGIC, version(), gitdir, prefix, head, times)):
        prune(path.parent, path, MAX_FILES, PREFIX, SUFFIX)
