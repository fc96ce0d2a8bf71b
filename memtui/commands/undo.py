"""``memtui undo PATH``: revert the newest operation not undone yet (0 done, 1 refused)."""

from __future__ import annotations

import argparse

from memtui.core.safe_output import printable
from memtui.core.workspace import WorkspaceError, open_workspace
from memtui.edit.errors import Refused, report, tolerant_stdout
from memtui.edit.journal import undo


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="PATH", help="workspace folder, or its MEMORY.md")


def run(ns: argparse.Namespace) -> int:
    tolerant_stdout()
    try:
        ws = open_workspace(ns.path)
        rec = undo(ws)
    except (WorkspaceError, Refused) as exc:
        return report("memtui undo", exc)
    except OSError as exc:  # the disk said no (read-only, full, permissions)
        where = f" ({exc.filename})" if exc.filename else ""
        return report("memtui undo", Refused(f"{exc.strerror or exc}{where}; nothing was "
                                             "undone"))
    print(printable(f"undid #{rec['id']} {rec['op']}: {rec.get('summary', '')}"))
    if rec.get("redacted"):
        print("  the credential was not kept, so it stays redacted")
    return 0
