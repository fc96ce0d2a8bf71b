"""``memtui undo PATH [--turn] [--skip-changed] [--dry-run]``: revert the newest operation
not undone yet (0 done, 1 refused); ``--dry-run`` says what it would undo, with the unified
diff, and writes nothing (newuser41 #22).

An operation is a ``fix`` (or the app's curation) or one write of the chat agent's file
tools (``agent write_file``, ``agent edit_file``, ``agent delete_file``); ``--turn`` undoes
every write of the newest agent turn as one step.

A redaction is not undone (the credential was never kept): undo says so in one line,
exits 1, and the next undo takes the operation before it.

When something else has written one of its files since (the agent wrote MEMORY.md), undo
names that file and writes nothing; ``--skip-changed`` then puts the other files back and
leaves the changed ones as they are.
"""

from __future__ import annotations

import argparse
from typing import Any

from memtui.commands.parser import fail, report
from memtui.commands.shell_path import shell_path
from memtui.commands.workspace_arg import resolved_path
from memtui.core.reporting.safe_output import printable
from memtui.core.workspace import Workspace, WorkspaceError
from memtui.edit.errors import Refused
from memtui.edit.journal import merged_lines, plan_undo, title, undo
from memtui.edit.safe_write import ABSENT
from memtui.edit.turn_undo import plan_undo_turn, undo_turn
from memtui.edit.undo_inverse import inverse
from memtui.edit.undo_links import kept_clause

PROG = "memtui undo"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", default=".", metavar="PATH",
                        help="workspace folder, or its MEMORY.md (default: the current folder)")
    parser.add_argument("--turn", action="store_true",
                        help="undo every write of the newest chat agent turn as one step "
                             "(`memtui history` groups them by turn); without it, undo "
                             "takes one operation, an agent's write being one")
    parser.add_argument("--skip-changed", action="store_true",
                        help="leave the files changed since the operation as they are and "
                             "undo the others")
    parser.add_argument("--dry-run", action="store_true",
                        help="say what undo would take back, with the unified diff, and "
                             "write nothing")


def run(ns: argparse.Namespace) -> int:
    try:
        ws = resolved_path(PROG, ns.path, "undoing in").workspace
        if ns.turn:
            return _turn(ws, ns)
        plan = plan_undo(ws)
        if plan.blocked and plan.whole:  # --skip-changed would break what it puts back
            back = inverse(ws, plan.record, shell_path(ns.path))
            return fail(PROG, f"{plan.blocking()}{plan.kept()}; {plan.whole}; nothing was "
                        f"undone; {plan.way_out()}" + (f"; {back}" if back else ""), 1)
        if plan.linked and not plan.changes:  # what stays keeps the rest (newuser34 #7)
            back = inverse(ws, plan.record, shell_path(ns.path))
            return fail(PROG, f"{plan.stuck()}; {plan.way_out()}" + (f"; {back}" if back else ""),
                        1)
        if plan.blocked and not ns.skip_changed:
            back = inverse(ws, plan.record, shell_path(ns.path))  # (newuser33 #6)
            return fail(PROG, f"{plan.blocking()}; nothing was undone"
                        + _hint(ns, plan.changes, plan.others(), len(plan.left()))
                        + plan.kept()  # newuser34 #7: no broken link left, and it is said
                        + plan.orphans()  # newuser37 #7: nor an orphan unsaid
                        + (f"; {back}" if back else ""), 1)
        if ns.dry_run:
            skipped = f" (left as they are: {', '.join(plan.blocked)})" if plan.blocked else ""
            return _would(f"#{plan.record['id']} {title(plan.record)}: "
                          f"{plan.record.get('summary', '')}{skipped}",
                          plan.changes, _turn_note(ws, plan.record))
        note = _turn_note(ws, plan.record)
        rec = undo(ws, skip=plan.blocked, expect=plan.id)
    except (WorkspaceError, Refused) as exc:
        return report(PROG, exc)
    except OSError as exc:  # the disk said no (read-only, full, permissions)
        return _os_error(exc)
    kept = rec.get("undone_except") or []
    left = f" (left as they were: {', '.join(kept)})" if kept else ""
    merged = "".join(f"; {line}" for line in merged_lines(plan.merged))
    print(printable(f"undid #{rec['id']} {title(rec)}: {rec.get('summary', '')}{left}"
                    f"{_deleted(rec, kept)}{plan.orphans() if kept else ''}{merged}"))
    if note:  # the rest of its turn stays (newuser41 #22)
        print(printable(f"  {note.split(':')[0].replace(' is one', ' was one')}; the others "
                        "stay (memtui undo --turn takes a whole turn back)"))
    return 0


def _deleted(rec: dict[str, Any], kept: list[str]) -> str:
    """``; deleted MEMORY.md (the operation created it)``: an index an add-to-index (or a
    pointer file an add-pointer) wrote new is deleted by its undo, which its summary ("+1
    entry") does not say (newuser29 #28)."""
    if rec["op"] not in ("add-to-index", "add-pointer"):
        return ""
    gone = [f["path"] for f in rec["files"] if f["before"] == ABSENT and f["path"] not in kept]
    if not gone:
        return ""
    them = "it" if len(gone) == 1 else "them"
    return f"; deleted {', '.join(gone)} (the operation created {them})"


def _turn(ws: Workspace, ns: argparse.Namespace) -> int:
    """``--turn``: the newest agent turn's writes, together."""
    try:
        plan = plan_undo_turn(ws)
        if plan.blocked and not ns.skip_changed:
            return fail(PROG, f"{plan.blocking()}; nothing was undone"
                        + _hint(ns, plan.changes, plan.others(), len(plan.blocked))
                        + kept_clause(plan.linked)  # newuser34 #7: no broken link left
                        + plan.orphans(), 1)  # nor an orphan unsaid (newuser37 #7)
        if ns.dry_run:
            skipped = f" (left as they are: {', '.join(plan.blocked)})" if plan.blocked else ""
            return _would(f"turn {plan.number} ({len(plan.records)} agent "
                          f"write{'s' if len(plan.records) != 1 else ''}){skipped}",
                          plan.changes, "")
        done = undo_turn(ws, skip=plan.blocked, expect=plan.ids)
    except (WorkspaceError, Refused) as exc:
        return report(PROG, exc)
    except OSError as exc:
        return _os_error(exc)
    print(printable(f"undid {done.label}: {done.outcome()}"))
    note = done.earlier_note()
    if note:
        print(printable(f"  {note}"))
    return 0


def _would(what: str, changes: list[Any], note: str) -> int:
    """``--dry-run``: what undo would take back and the diff of putting it back."""
    from memtui.edit.changeset import Changeset

    print(printable(f"would undo {what} (nothing written: --dry-run)"))
    if note:
        print(printable(f"  {note}"))
    diff = Changeset("undo", {}, "", list(changes)).diff()
    if diff:
        print(printable(diff).rstrip("\n"))
    return 0


def _turn_note(ws: Workspace, rec: dict[str, Any]) -> str:
    """For an agent write, how many writes its turn has in effect: undo takes one,
    ``--turn`` all (newuser41 #22: one undo took back the index line and left the memory
    it linked as an orphan)."""
    from memtui.edit.journal import Journal, is_active, turn_of

    turn = turn_of(rec)
    if turn is None:
        return ""
    mates = [r for r in Journal(ws).records() if is_active(r) and turn_of(r) == turn]
    if len(mates) < 2:
        return ""
    return (f"#{rec['id']} is one of turn {turn[1]}'s {len(mates)} writes in effect: "
            "memtui undo --turn takes them all back")


def _hint(ns: argparse.Namespace, changes: list[object], others: str, blocked: int) -> str:
    if not changes:
        return ""
    them = "it as it is" if blocked == 1 else "them as they are"
    turn = " --turn" if ns.turn else ""
    return (f" (memtui undo{turn} --skip-changed {shell_path(ns.path)} undoes the {others} "
            f"and leaves {them})")


def _os_error(exc: OSError) -> int:
    where = f" ({exc.filename})" if exc.filename else ""
    return report(PROG, Refused(f"{exc.strerror or exc}{where}; nothing was undone"))
