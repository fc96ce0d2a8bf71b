"""A command's PATH argument read as the workspace it names (newuser29 #19): the one
reading of `memtui.core.nested.resolve`, and the line on stderr when it chose the memory
folder below PATH, for every command that takes a workspace."""

from __future__ import annotations

import sys

from memtui.core.nested import Resolved, resolve


def resolved_path(prog: str, path: str, doing: str) -> Resolved:
    """The workspace ``path`` names for ``prog``; when that is the memory folder below it,
    ``prog: PATH holds no MEMORY.md; DOING the agent's memory below it, …`` on stderr.
    Raises `memtui.core.workspace.WorkspaceError` as `memtui.core.workspace.open_workspace`."""
    resolved = resolve(path)
    chosen = resolved.chosen(path, doing)
    if chosen is not None:
        sys.stderr.write(f"{prog}: {chosen}\n")
    return resolved
