"""The folders a write creates for a new file, journaled with the file so that undoing it
removes them again (newuser26 #11: the chat agent's ``memory/user-role.md`` in a flat
Claude Code folder, undone, left an empty ``memory/`` behind, and that folder alone made
the audit read the folder as another layout). A folder that was there before is never
removed, nor one that holds anything by the time of the undo."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from pathlib import Path

from memtui.core.files.safe_open import Unsafe, folder, parts_of


def missing_folders(root: Path, rel: str) -> list[str]:
    """The folders on the way to ``root/rel`` that do not exist yet, outermost first (what
    writing the file creates); none past a link or a file in the way (the write refuses)."""
    parts = parts_of(rel)[:-1]
    for i in range(len(parts)):
        try:
            with folder(root, parts[:i + 1]):
                pass
        except FileNotFoundError:
            return ["/".join(parts[:j + 1]) for j in range(i, len(parts))]
        except (Unsafe, OSError):
            return []
    return []


def remove_empty(root: Path, folders: Iterable[str]) -> None:
    """Remove each of ``folders`` (workspace-relative) that is empty, innermost first;
    never through a link, and a folder that holds anything stays (best effort: a folder
    left behind loses nothing)."""
    for rel in sorted(set(folders), key=lambda r: r.count("/"), reverse=True):
        try:
            parts = parts_of(rel)
        except Unsafe:
            continue
        with contextlib.suppress(Unsafe, OSError), folder(root, parts[:-1]) as fd:
            os.rmdir(parts[-1], dir_fd=fd)  # not empty, gone, or a link: it stays
