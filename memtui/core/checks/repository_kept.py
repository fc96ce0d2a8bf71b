"""The project of a Claude Code memory folder kept in its repository (newuser27 #22)."""

from __future__ import annotations

from pathlib import Path


def repository_kept(root: Path) -> str | None:
    """The project of a Claude Code memory folder kept in its repository, ``PROJECT/.claude/
    memory`` (``PROJECT`` holding ``.git``), else None. The folder under ``~/.claude/
    projects/ENCODED/`` is often a symbolic link to it, so the memory follows git: the
    workspace is opened at the link's target, and the project is read from there
    (newuser27 #22)."""
    if root.name != "memory" or root.parent.name != ".claude":
        return None
    project = root.parent.parent
    try:
        return str(project) if (project / ".git").exists() else None
    except OSError:
        return None
