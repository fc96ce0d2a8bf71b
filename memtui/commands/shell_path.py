"""A path as a command line memtui prints for the user to paste names it (newuser25 #5,
#34: ``memtui undo my ws`` and ``memtui demo`` as hints did something else)."""

from __future__ import annotations


def shell_path(path: str) -> str:
    """``path`` as a shell command line names it to memtui: quoted, and ``./demo`` where
    the bare name is a command's (newuser25 #5: the hint "memtui demo" ran the demo
    command, not the app on the folder) or would read as an option."""
    import shlex

    from memtui.commands import COMMANDS

    if path in COMMANDS or path.startswith("-"):
        path = "./" + path
    return shlex.quote(path)
