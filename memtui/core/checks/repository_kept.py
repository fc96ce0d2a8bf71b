"""The project of a Claude Code memory folder kept in its repository (newuser27 #22,
newuser28 #27)."""

from __future__ import annotations

from pathlib import Path


def repository_kept(root: Path) -> str | None:
    """The project of a Claude Code memory folder kept in its repository, else None.
    ``PROJECT/.claude/memory`` (``PROJECT`` holding ``.git``): the folder under ``~/.claude/
    projects/ENCODED/`` is often a symbolic link to it, so the memory follows git: the
    workspace is opened at the link's target, and the project is read from there
    (newuser27 #22). Any other folder inside a git work tree (``claude-memory/``,
    ``docs/claude_memory/``): the work tree's top, the folder Claude Code runs in
    (newuser28 #27) — neither the memory folder's own repository nor one at the home
    folder (a repository of dotfiles holds no project of the memories)."""
    if root.name == "memory" and root.parent.name == ".claude":
        project = root.parent.parent
        try:
            return str(project) if (project / ".git").exists() else None
        except OSError:
            return None
    try:
        if (root / ".git").exists():
            return None  # the memory folder is its own repository
        home = Path.home()
    except (OSError, RuntimeError):
        return None
    for folder in root.parents:
        if folder == home:
            return None
        try:
            if (folder / ".git").exists():
                return str(folder)
        except OSError:
            return None
    return None
