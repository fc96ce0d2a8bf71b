"""``memtui demo DIR``: a lasting copy of the demo workspace, to try ``fix`` and the app on.

``memtui --demo`` opens a temporary copy that is removed on quit; this one stays.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from memtui.commands.parser import fail

PROG = "memtui demo"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("folder", metavar="DIR",
                        help="where to put the copy (a new or empty folder)")


def run(ns: argparse.Namespace) -> int:
    from memtui.demo import copy_demo

    target = Path(ns.folder).expanduser()
    try:
        if target.exists() and (not target.is_dir() or any(target.iterdir())):
            return fail(PROG, f"{target} exists and is not an empty folder; nothing was copied")
        copy_demo(target)
    except OSError as exc:
        return fail(PROG, f"cannot copy the demo to {target} ({exc.strerror or exc})", 1)
    shown = shell_path(str(target))
    print(f"demo workspace copied to {target.resolve()}; try:\n"
          f"  memtui {shown}\n"
          f"  memtui audit {shown}\n"
          f"  memtui fix delete {shown} scrap-log --dry-run")
    return 0


def shell_path(path: str) -> str:
    """``path`` as a shell command line names it to memtui: quoted, and ``./demo`` where
    the bare name is a command's (newuser25 #5: the hint "memtui demo" ran the demo
    command, not the app on the folder) or would read as an option."""
    import shlex

    from memtui.commands import COMMANDS

    if path in COMMANDS or path.startswith("-"):
        path = "./" + path
    return shlex.quote(path)
