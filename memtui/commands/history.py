"""``memtui history PATH [--json | --prune N] [--verbose] [--limit N]``: the journaled
operations, newest first.

A journal file memtui cannot read is listed by its file name (undo stops at it); a record
memtui did not write here (no seal, or a wrong one: :mod:`memtui.edit.journal_seal`) is
listed with what it claims, marked "NOT WRITTEN BY MEMTUI HERE" (undo stops at it too); a
redaction is marked "not undoable (the secret is not kept)". The chat
agent's writes are listed one record per tool call, e.g. ``agent write_file MEMORY.md (turn
3)``, under a line naming their turn (``memtui undo --turn`` undoes a turn's writes
together).
``--prune N`` deletes all but the newest N journal files; nothing is ever pruned otherwise.
"""

from __future__ import annotations

import argparse
import posixpath
import sys
from typing import Any

from memtui.commands.parser import bounded, report
from memtui.commands.workspace_arg import resolved_path
from memtui.core.reporting.safe_output import json_text, printable
from memtui.core.reporting.wording import plural
from memtui.core.workspace import Workspace, WorkspaceError
from memtui.edit.errors import Refused
from memtui.edit.journal import (
    NOT_UNDOABLE,
    Entry,
    Journal,
    Unreadable,
    Untrusted,
    is_active,
    is_redaction,
    public,
    title,
    turn_of,
)
from memtui.edit.safe_write import folder_lock

_MARK = {"create": "A", "modify": "M", "delete": "D"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", default=".", metavar="PATH",
                        help="workspace folder, or its MEMORY.md (default: the current folder)")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--json", action="store_true", help="print the records as JSON")
    what.add_argument("--prune", type=bounded(True, 0, 1_000_000_000), metavar="N",
                      help="delete all but the newest N records (older operations can no "
                           "longer be undone)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help=f"list every file of each record (past {LISTED} files a record "
                             "says how many, by kind of change)")
    parser.add_argument("-n", "--limit", type=bounded(True, 1, 1_000_000_000), metavar="N",
                        help="only the newest N records")


def run(ns: argparse.Namespace) -> int:
    try:
        ws = resolved_path("memtui history", ns.path, "reading the journal of").workspace
        if ns.prune is not None:
            return prune(ws, ns.prune)
        entries = list(reversed(Journal(ws).entries()))
        older = max(0, len(entries) - ns.limit) if ns.limit else 0
        if older:
            entries = entries[:ns.limit]
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
    newest_active = next((e for e in entries if isinstance(e, Unreadable)
                          or is_active(e)), None)
    for group in _by_turn(entries):
        indent = ""
        first = group[0]
        turn = None if isinstance(first, Unreadable) else turn_of(first)
        if turn is not None:
            indent = "  "
            ids = [int(e["id"]) for e in group if not isinstance(e, Unreadable)]
            span = f"#{min(ids)}" + (f"–#{max(ids)}" if len(ids) > 1 else "")
            hint = (" — memtui undo --turn undoes them together"
                    if newest_active is first and len(group) > 1 else "")
            print(printable(f"turn {turn[1]} of the chat agent ({span}, "
                            f"{plural(len(group), 'write')}){hint}:"))
        for entry in group:
            _print_entry(entry, indent, ns.verbose)
    if older:
        print(f"… {plural(older, 'older record')} (without --limit: all)")
    return 0


def _by_turn(entries: list[Entry]) -> list[list[Entry]]:
    """Runs of neighbouring records: those of one agent turn together, others alone."""
    groups: list[list[Entry]] = []
    last = None
    for entry in entries:
        turn = None if isinstance(entry, Unreadable) else turn_of(entry)
        if turn is not None and last is not None and turn[0] == last:
            groups[-1].append(entry)
        else:
            groups.append([entry])
        last = turn[0] if turn is not None else None
    return groups


def _print_entry(entry: Entry, indent: str = "", verbose: bool = False) -> None:
    if isinstance(entry, Untrusted):  # listed with what it claims, never hidden
        rec = entry.record
        print(printable(f"{indent}#{rec['id']} {rec.get('time', '?')} {rec['op']}: "
                        f"{rec.get('summary', '')} — NOT WRITTEN BY MEMTUI HERE "
                        f"({entry.reason}); undo stops here"))
        _print_files(rec, indent, verbose)
        return
    if isinstance(entry, Unreadable):
        print(printable(f"{indent}#{entry.id} {entry.name}: unreadable ({entry.reason}); "
                        "undo stops here"))
        return
    kept = entry.get("undone_except")
    kept = [k for k in kept if isinstance(k, str)] if isinstance(kept, list) else []
    state = (f", {NOT_UNDOABLE}" if is_redaction(entry) else
             "" if not entry.get("undone") else
             # newuser34 #7: a record whose every file stayed was not undone at all
             f" (not undone: the undo left {', '.join(kept)} as it was)"
             if kept and not undid_any(entry) else
             f" (undone, except {', '.join(kept)})" if kept else " (undone)")
    print(printable(f"{indent}#{entry['id']} {entry.get('time', '?')} {title(entry)}{state}: "
                    f"{entry.get('summary', '')}"))
    _print_files(entry, indent, verbose)


def undid_any(entry: dict[str, Any]) -> bool:
    """Whether an undo put back any of the record's files (``undone_except`` may name them
    all: a turn undone in part, the record's one file changed since)."""
    kept = entry.get("undone_except")
    kept = {k for k in kept if isinstance(k, str)} if isinstance(kept, list) else set()
    return any(f.get("path") not in kept for f in entry.get("files", []))


#: A record of more files than this says how many, by kind of change (newuser35 #23: an
#: archive of 1,199 memories was 1,200 lines of history); ``--verbose`` lists them.
LISTED = 10


def _print_files(entry: dict[str, Any], indent: str, verbose: bool = False) -> None:
    files = [f for f in entry["files"] if not f.get("moved_to")]
    if not verbose and len(files) > LISTED:
        moved = [f for f in files if f.get("moved_from")]
        parts = []
        if moved:
            into = sorted({posixpath.dirname(str(f.get("path", ""))) + "/" for f in moved})
            parts.append(f"R {plural(len(moved), 'file')}" +
                         (f" → {printable(into[0])}" if len(into) == 1 else ""))
        counts: dict[str, int] = {}
        for f in files:
            if not f.get("moved_from"):
                mark = _MARK.get(f.get("change", ""), "?")
                counts[mark] = counts.get(mark, 0) + 1
        parts += [f"{mark} {plural(n, 'file')}" for mark, n in counts.items()]
        print(f"{indent}    {', '.join(parts)} (--verbose lists them)")
        return
    for f in files:
        if f.get("moved_from"):
            print(f"{indent}    R {printable(f['moved_from'])} → {printable(f['path'])}")
        else:
            print(f"{indent}    {_MARK.get(f.get('change', ''), '?')} {printable(f['path'])}")


def _json(entry: Entry) -> dict[str, Any]:
    if isinstance(entry, Untrusted):
        return {**public(entry.record), "file": entry.name, "not_memtuis": entry.reason}
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
            undone = {r["id"] for r in journal.records()
                      if r.get("undone") and undid_any(r)}
            gone = journal.prune(keep)
    except OSError as exc:
        return report("memtui history", Refused(f"cannot prune {journal.folder} "
                                                f"({exc.strerror or exc})"))
    if not gone:
        print(f"nothing to prune: {plural(len(journal.entries()), 'record')} journaled, "
              f"keeping up to {keep}")
        return 0
    ids = f"#{int(gone[0][:-5])}" + (f"–#{int(gone[-1][:-5])}" if len(gone) > 1 else "")
    was = [int(n[:-5]) for n in gone if int(n[:-5]) in undone]
    if len(was) == len(gone):  # newuser23 #30: not "can no longer be undone": they were
        print(f"pruned {plural(len(gone), 'record')} ({ids}), undone already; kept the "
              f"newest {keep}")
        return 0
    also = f" ({', '.join(f'#{n}' for n in was[:5])}{', …' if len(was) > 5 else ''} " \
        f"undone already)" if was else ""
    print(f"pruned {plural(len(gone), 'record')} ({ids}), whose operations can no longer "
          f"be undone{also}; kept the newest {keep}")
    return 0
