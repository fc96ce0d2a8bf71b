"""The age an operation that changes no fact keeps (``Changeset.keep_age``): the time that
dated each file before it, given back as the file's modification time.

A file git dates (committed, unchanged since, its mtime past the commit) is dated by its
last commit; once memtui's write makes it differ from HEAD, its mtime dates it
(`memtui.core.git.age.edited`). Keeping the mtime alone then turned a 97-day-old memory
into one "written today" (newuser39 #4): such a file gets its commit time as mtime, so the
age the agent reads and ``stale`` are the same after the curation as before it."""

from __future__ import annotations

from pathlib import Path

from memtui.core.git.age import edited, git_ages
from memtui.edit.changeset import Changeset


def kept_ages(root: Path, changeset: Changeset, ages: dict[str, int | None]
              ) -> dict[str, int | None]:
    """``ages`` (each file's mtime in ns before the write), with the commit time in place
    of the mtime for each file the write touches that its last commit dated."""
    sizes = {ch.path: len(ch.before) for ch in changeset.changes if ch.before is not None}
    if not sizes:
        return ages
    git = git_ages(root)[0]
    later = {rel: (ns / 1e9, sizes[rel]) for rel, ns in ages.items()
             if ns is not None and rel in sizes and (when := git.get(rel)) is not None
             and when * 1e9 < ns}
    if not later:
        return ages
    changed = edited(root, later)
    out = dict(ages)
    for rel in later:
        when = git[rel]
        if rel not in changed and when is not None:
            out[rel] = int(when * 1e9)
    return out
