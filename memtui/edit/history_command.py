"""``memtui history PATH [--json]``: the journaled operations, newest first."""

from __future__ import annotations

import argparse
import json
import sys

from memtui.core.workspace import WorkspaceError, open_workspace
from memtui.edit.errors import report
from memtui.edit.journal import Journal, public

_MARK = {"create": "A", "modify": "M", "delete": "D"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="PATH", help="workspace folder, or its MEMORY.md")
    parser.add_argument("--json", action="store_true", help="print the records as JSON")


def run(ns: argparse.Namespace) -> int:
    try:
        ws = open_workspace(ns.path)
    except WorkspaceError as exc:
        return report("memtui history", exc)
    records = list(reversed(Journal(ws).records()))
    if ns.json:
        sys.stdout.write(json.dumps([public(r) for r in records], ensure_ascii=False,
                                    indent=2) + "\n")
        return 0
    if not records:
        print("no operations journaled in this workspace")
        return 0
    for rec in records:
        state = " (undone)" if rec.get("undone") else ""
        print(f"#{rec['id']} {rec.get('time', '?')} {rec['op']}{state}: {rec.get('summary', '')}")
        for f in rec["files"]:
            if f.get("moved_to"):
                continue
            if f.get("moved_from"):
                print(f"    R {f['moved_from']} → {f['path']}")
            else:
                print(f"    {_MARK.get(f.get('change', ''), '?')} {f['path']}")
    return 0
