"""``memtui undo PATH [--skip-changed]``: revert the newest operation not undone yet
(0 done, 1 refused).

When something else has written one of its files since (the agent wrote MEMORY.md), undo
names that file and writes nothing; ``--skip-changed`` then puts the other files back and
leaves the changed ones as they are.
"""

from __future__ import annotations

import argparse

from memtui.commands.parser import fail, report
from memtui.core.safe_output import printable
from memtui.core.workspace import WorkspaceError, open_workspace
from memtui.edit.errors import Refused
from memtui.edit.journal import plan_undo, undo

PROG = "memtui undo"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="PATH", help="workspace folder, or its MEMORY.md")
    parser.add_argument("--skip-changed", action="store_true",
                        help="leave the files changed since the operation as they are and "
                             "undo the others")


def run(ns: argparse.Namespace) -> int:
    try:
        ws = open_workspace(ns.path)
        plan = plan_undo(ws)
        if plan.blocked and not ns.skip_changed:
            them = "it as it is" if len(plan.blocked) == 1 else "them as they are"
            hint = (f" (memtui undo --skip-changed {ns.path} undoes the "
                    f"{plan.others()} and leaves {them})" if plan.changes else "")
            return fail(PROG, f"{plan.blocking()}; nothing was undone{hint}", 1)
        rec = undo(ws, skip=plan.blocked, expect=plan.id)
    except (WorkspaceError, Refused) as exc:
        return report(PROG, exc)
    except OSError as exc:  # the disk said no (read-only, full, permissions)
        where = f" ({exc.filename})" if exc.filename else ""
        return report(PROG, Refused(f"{exc.strerror or exc}{where}; nothing was undone"))
    kept = rec.get("undone_except") or []
    left = f" (left as they were: {', '.join(kept)})" if kept else ""
    print(printable(f"undid #{rec['id']} {rec['op']}: {rec.get('summary', '')}{left}"))
    if rec.get("redacted"):
        print("  the credential was not kept, so it stays redacted")
    return 0
