"""A command's PATH argument read as the workspace it names (newuser29 #19): the one
reading of `memtui.core.nested.resolve`, and the line on stderr when it chose the memory
folder below PATH, for every command that takes a workspace."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from memtui.core.nested import Resolved, home_line, resolve
from memtui.core.reporting.safe_output import printable


def resolved_path(prog: str, path: str, doing: str, config: str | None = None,
                  reads_config: bool = False) -> Resolved:
    """The workspace ``path`` names for ``prog``; when that is the memory folder below it,
    ``prog: PATH holds no MEMORY.md; DOING the agent's memory below it, …`` on stderr —
    and, for a command that reads a workspace's configuration (``reads_config``), a second
    line when PATH itself holds a ``.memtui.toml`` that is therefore not read and
    ``--config`` (``config``) does not name it (newuser31 #4: a team puts it where CI runs
    the command, and its ``ignore``, ``exclude`` or ``project`` did nothing, unsaid).
    Raises `memtui.core.workspace.WorkspaceError` as `memtui.core.workspace.open_workspace`."""
    resolved = resolve(path)
    home = home_line(resolved.workspace, path) if resolved.below is None else None
    if home is not None:  # (~/.gemini: newuser34 #1)
        sys.stderr.write(f"{prog}: {home}\n")
    chosen = resolved.chosen(path, doing)
    if chosen is not None:
        sys.stderr.write(f"{prog}: {chosen}\n")
        unread = unread_config(resolved, path, config) if reads_config else None
        if unread is not None:
            sys.stderr.write(f"{prog}: {unread}\n")
    return resolved


def unread_config(resolved: Resolved, path: str, config: str | None) -> str | None:
    """The line saying PATH's own ``.memtui.toml`` is not the chosen workspace's
    configuration, or None when PATH holds none, the workspace is PATH itself, or
    ``--config`` names that file."""
    from memtui.core.config import CONFIG_NAME

    if resolved.project is None:
        return None
    there = resolved.project / CONFIG_NAME
    if not there.is_file():
        return None
    if config is not None and os.path.realpath(config) == os.path.realpath(there):
        return None
    shown = printable(os.path.join(path, CONFIG_NAME))
    own = printable(os.path.join(resolved.path, CONFIG_NAME))
    mine = "" if not Path(resolved.workspace.root, CONFIG_NAME).is_file() else " (it exists)"
    return (f"{shown} is not read: the configuration of {printable(resolved.path)} is "
            f"{own}{mine}; give --config {shown} to use it")
