"""``memtui undo PATH``: revert the newest operation not undone yet (0 done, 1 refused)."""

from __future__ import annotations

import argparse

from memtui.commands.parser import report
from memtui.core.workspace import WorkspaceError, open_workspace
from memtui.edit.errors import Refused
from memtui.edit.journal import undo


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="PATH", help="workspace folder, or its MEMORY.md")


def run(ns: argparse.Namespace) -> int:
    try:
        ws = open_workspace(ns.path)
        rec = undo(ws)
    except (WorkspaceError, Refused) as exc:
        return report("memtui undo", exc)
    print(f"undid #{rec['id']} {rec['op']}: {rec.get('summary', '')}")
    return 0
