"""``memtui history PATH [--json | --prune N]``: the journaled operations, newest first.

A journal file memtui cannot read is listed by its file name (undo stops at it).
``--prune N`` deletes all but the newest N journal files; nothing is ever pruned otherwise.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from memtui.commands.parser import report
from memtui.core.safe_output import json_text, printable
from memtui.core.wording import plural
from memtui.core.workspace import Workspace, WorkspaceError, open_workspace
from memtui.edit.errors import Refused
from memtui.edit.journal import Entry, Journal, Unreadable, public
from memtui.edit.safe_write import folder_lock

_MARK = {"create": "A", "modify": "M", "delete": "D"}


def _count(value: str) -> int:
    if not value.isdigit():
        raise argparse.ArgumentTypeError(f"'{value}' is not a whole number (0 or more)")
    return int(value)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="PATH", help="workspace folder, or its MEMORY.md")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--json", action="store_true", help="print the records as JSON")
    what.add_argument("--prune", type=_count, metavar="N",
                      help="delete all but the newest N records (older operations can no "
                           "longer be undone)")


def run(ns: argparse.Namespace) -> int:
    try:
        ws = open_workspace(ns.path)
        if ns.prune is not None:
            return prune(ws, ns.prune)
        entries = list(reversed(Journal(ws).entries()))
    except (WorkspaceError, Refused) as exc:
        return report("memtui history", exc)
    except OSError as exc:
        return report("memtui history", Refused(f"cannot read the journal of {ns.path} "
                                                f"({exc.strerror or exc})"))
    if ns.json:
        sys.stdout.write(json_text([_json(e) for e in entries], indent=2) + "\n")
        return 0
    if not entries:
        print("no operations journaled in this workspace")
        return 0
    for entry in entries:
        if isinstance(entry, Unreadable):
            print(printable(f"#{entry.id} {entry.name}: unreadable ({entry.reason}); "
                            "undo stops here"))
            continue
        kept = entry.get("undone_except")
        kept = [k for k in kept if isinstance(k, str)] if isinstance(kept, list) else []
        state = ("" if not entry.get("undone") else
                 f" (undone, except {', '.join(kept)})" if kept else " (undone)")
        print(printable(f"#{entry['id']} {entry.get('time', '?')} {entry['op']}{state}: "
                        f"{entry.get('summary', '')}"))
        for f in entry["files"]:
            if f.get("moved_to"):
                continue
            if f.get("moved_from"):
                print(f"    R {printable(f['moved_from'])} → {printable(f['path'])}")
            else:
                print(f"    {_MARK.get(f.get('change', ''), '?')} {printable(f['path'])}")
    return 0


def _json(entry: Entry) -> dict[str, Any]:
    if isinstance(entry, Unreadable):
        return {"id": entry.id, "file": entry.name, "unreadable": entry.reason}
    return public(entry)


def prune(ws: Workspace, keep: int) -> int:
    """Delete all but the newest ``keep`` journal files, under the workspace lock."""
    journal = Journal(ws)
    if not journal.exists():  # never create .memtui/ just to find nothing
        print("no operations journaled in this workspace; nothing to prune")
        return 0
    try:
        with folder_lock(ws.state_dir):
            gone = journal.prune(keep)
    except OSError as exc:
        return report("memtui history", Refused(f"cannot prune {journal.folder} "
                                                f"({exc.strerror or exc})"))
    if not gone:
        print(f"nothing to prune: {plural(len(journal.entries()), 'record')} journaled, "
              f"keeping up to {keep}")
        return 0
    ids = f"#{int(gone[0][:-5])}" + (f"–#{int(gone[-1][:-5])}" if len(gone) > 1 else "")
    print(f"pruned {plural(len(gone), 'record')} ({ids}), whose operations can no longer "
          f"be undone; kept the newest {keep}")
    return 0
