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
    from memtui.commands.shell_path import shell_path
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

