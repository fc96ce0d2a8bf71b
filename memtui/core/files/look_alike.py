"""A file named as another but for its case (newuser38 #22: an index saved as ``memory.md``,
which Claude Code on a case-sensitive disk does not load)."""

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
