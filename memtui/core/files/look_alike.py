"""A file named as another but for its case (newuser38 #22: an index saved as ``memory.md``,
which Claude Code on a case-sensitive disk does not load); the folders beside an item
workspace's ``memory/`` (#6)."""

from __future__ import annotations

import os


def look_alike(root: str, name: str) -> str | None:
    """A file at ``root`` named as ``name`` but for its case, or None."""
    try:
        with os.scandir(root) as it:
            return next((e.name for e in it if e.name != name
                         and e.name.lower() == name.lower() and e.is_file()), None)
    except OSError:
        return None


def folders_beside(root: str) -> list[str]:
    """The folders at ``root`` but ``memory/``, a repository's ``.git`` and memtui's
    ``.memtui``, sorted, each with its ``/`` (links not followed)."""
    try:
        with os.scandir(root) as it:
            return sorted(e.name + "/" for e in it if e.name not in ("memory", ".git", ".memtui")
                          and e.is_dir(follow_symlinks=False))
    except OSError:
        return []
