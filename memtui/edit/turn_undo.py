"""Undo one agent turn's writes as one step (``memtui undo --turn``, the chat pane's key).

The chat agent's file tools journal each write as its own record, and the records of one
turn (a user message and every step the agent took to answer it) share a ``turn`` field
(:func:`memtui.edit.journal.turn_of`). The newest operation not undone yet must be such a
write; it and the records right before it from the same turn are the turn's writes.

They are planned together, newest first, with the checks of a single ``undo``: the kept
bytes must match their sha256, every path lies inside the workspace and is read without
following a link (a symlink swapped in refuses the undo), and a file must still hash to
what the turn left in it. A file the turn wrote twice goes back to what it held before the
first write. Every file is then put back in one conflict-checked write (on failure the
files already written are put back), and every record is marked undone.

A file something else wrote since blocks the undo, as in ``undo``; with ``skip`` it stays
as it is and the others go back. An operation of the operator's own that came between two
writes of the turn ends the run: the earlier writes stay, counted in
:attr:`TurnPlan.earlier`.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from memtui.core.reporting.wording import plural
from memtui.core.workspace import Workspace
from memtui.edit.changeset import FileChange, clear_own_temps, write_changes
from memtui.edit.errors import Refused
from memtui.edit.journal import (
    Journal,
    before_age,
    folders_made,
    kept_before,
    nothing_left,
    turn_of,
)
from memtui.edit.made_folders import remove_empty
from memtui.edit.safe_write import ABSENT, Conflict, digest, folder_lock, read_bytes
from memtui.edit.turn_marker import turn_running
from memtui.edit.undo_links import (
    index_rel,
    keep_linked,
    kept_lines,
    unindexed,
    unindexed_clause,
)

#: The most records of one turn one undo takes (the agent's cap on calls per turn keeps a
#: turn to 128 writes; this bounds what a crafted or older journal can make undo read). A
#: turn with more is refused whole, never undone in part.
MAX_TURN_RECORDS = 10_000
#: Paths one line names at most (the rest are counted).
NAMED = 20
#: Records read past the run to count the turn's writes an operation came between.
LOOK_PAST = 20
_BETWEEN = "between the turn's writes"


@dataclass
class TurnPlan:
    """What undoing the newest agent turn would do, read now (nothing is written).

    ``records`` are the turn's records not undone yet, newest first; ``changes`` put files
    back; ``blocked`` are files something else wrote since (each with what happened).
    """

    turn_id: str
    number: int
    records: list[dict[str, Any]]
    changes: list[FileChange] = field(default_factory=list)
    blocked: dict[str, str] = field(default_factory=dict)
    earlier: int = 0  # older writes of this turn, behind the operation in ``stopped_at``
    stopped_at: dict[str, Any] | None = None
    #: path → the newest of the turn's records that touched it.
    writers: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: files the undo would delete that a file staying as it is (in ``blocked``) links to:
    #: they stay too, so a partial undo never leaves a broken link (newuser34 #7); path →
    #: the blocked file that links it.
    linked: dict[str, str] = field(default_factory=dict)
    #: memories the undo makes again that the index, staying as it is, does not link: they
    #: come back as orphans, said before and after (as `memtui.edit.journal`'s plan does).
    unindexed: list[str] = field(default_factory=list)

    @property
    def ids(self) -> list[int]:
        return [int(r["id"]) for r in self.records]

    @property
    def id(self) -> int:
        """The newest record's id."""
        return self.ids[0]

    @property
    def span(self) -> str:
        """``#4`` or ``#4–#6``."""
        low, high = min(self.ids), max(self.ids)
        return f"#{low}" if low == high else f"#{low}–#{high}"

    @property
    def label(self) -> str:
        """``turn 3 (#4–#6, 3 agent writes)``."""
        return f"turn {self.number} ({self.span}, {plural(len(self.records), 'agent write')})"

    @property
    def paths(self) -> list[str]:
        """Every file the turn's records touched, each once, newest first."""
        return list(dict.fromkeys(f["path"] for r in self.records for f in r["files"]))

    def blocking(self) -> str:
        """One line naming the files that block the undo and what happened to them."""
        since = [f"{p} {why}" for p, why in self.blocked.items() if _BETWEEN not in why]
        between = [f"{p} {why}" for p, why in self.blocked.items() if _BETWEEN in why]
        parts = [" and ".join(since) + f" since turn {self.number} ({self.span})"] \
            if since else []
        return "; ".join(parts + between)

    def cannot(self) -> str:
        """Why the blocked files cannot go back, named by the write that last touched each:
        ``cannot undo #7 (agent write_file): MEMORY.md changed since``."""
        lines = []
        for path, why in self.blocked.items():
            rec = self.writers.get(path, self.records[0])
            since = "" if _BETWEEN in why else " since"
            lines.append(f"cannot undo #{rec['id']} ({rec['op']}): {path} {why}{since}")
        return "; ".join(lines)

    def way_out(self) -> str:
        """How to undo the turn after all, as `memtui.edit.journal`'s plan says it for ``u``
        (newuser31 #18): put the files changed since back as the agent left them (remove one
        it had deleted), then undo again ("" when none was changed since the turn)."""
        since = [(p, why) for p, why in self.blocked.items() if _BETWEEN not in why]
        if not since:
            return ""
        gone = [p for p, why in since if why.startswith("was created again")]
        back = [p for p, _why in since if p not in gone]
        steps = ([f"remove {' and '.join(gone)}, which the agent deleted"] if gone else []) + \
            ([f"put {' and '.join(back)} back as the agent left "
              f"{'it' if len(back) == 1 else 'them'}"] if back else [])
        return (f"to undo turn {self.number}, {' and '.join(steps)} (the change since was not "
                "made by a journaled operation), then undo again")

    def linked_lines(self) -> list[str]:
        """``  memory/x.md stays too: MEMORY.md, which stays, links it`` for each file kept
        so that no link is left broken."""
        return kept_lines(self.linked)

    def others(self) -> str:
        paths = [ch.path for ch in self.changes]
        return f"{plural(len(paths), 'other file')} ({_some(paths)})"

    def outcome(self) -> str:
        """What the undo does to the files: ``restored MEMORY.md; removed memory/x.md``."""
        restored = [ch.path for ch in self.changes if ch.after is not None]
        removed = [ch.path for ch in self.changes if ch.after is None]
        parts = ([f"restored {_some(restored)}"] if restored else []) + \
            ([f"removed {_some(removed)}"] if removed else [])
        if self.blocked or self.linked:
            parts.append(f"left as they were: {_some([*self.blocked, *self.linked])}")
        return ("; ".join(parts) or "every file already held what it held before the turn") \
            + self.orphans()

    def orphans(self) -> str:
        """``; memory/a.md comes back without its index line: an orphan (…)`` ("" for none)."""
        return unindexed_clause(self.unindexed)

    def earlier_note(self) -> str:
        """What this undo leaves of the turn (empty when nothing)."""
        if not self.earlier or self.stopped_at is None:
            return ""
        rec = self.stopped_at
        verb = "comes" if self.earlier == 1 else "come"
        return (f"{plural(self.earlier, 'earlier write')} of turn {self.number} {verb} before "
                f"#{rec['id']} ({rec['op']}), which is not the agent's: undo that first to "
                "reach them")


def _some(paths: list[str]) -> str:
    """``a, b, c``; past :data:`NAMED` paths, the rest counted (a turn may touch
    thousands of files: the line stays one screen)."""
    shown = ", ".join(paths[:NAMED])
    return shown if len(paths) <= NAMED else f"{shown} and {len(paths) - NAMED:,} more"


def plan_undo_turn(ws: Workspace) -> TurnPlan:
    """Plan the undo of the newest agent turn (nothing is written).

    Raises Refused when there is nothing to undo, the newest operation is not an agent
    write, an unreadable record comes first, or kept bytes do not match their sha256, or
    a chat's turn is still running (:mod:`memtui.edit.turn_marker`).
    """
    refuse_mid_turn(ws)
    try:
        return _plan(ws)
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        raise Refused(f"cannot undo in {ws.root}: {exc.strerror or exc}{where}; nothing was "
                      "undone") from None


def refuse_mid_turn(ws: Workspace) -> None:
    """Refused while a chat's agent turn is running in ``ws``: its writes so far are not
    the turn, and it goes on writing under the same number (newuser36 #33)."""
    if turn_running(ws.root):
        raise Refused("an agent turn is still running in a memtui chat on this workspace: "
                      "wait for its turn line, or press Esc there to stop it; nothing was "
                      "undone")


def _turn_records(journal: Journal) -> TurnPlan:
    """The newest turn's records not undone yet (a run of them, newest first); Refused when
    the run is longer than :data:`MAX_TURN_RECORDS` (never a part of it)."""
    active = journal.active()
    first = next(active, None)
    if first is None:
        raise Refused(nothing_left(journal))
    turn = turn_of(first)
    if turn is None:
        raise Refused(f"the newest operation, #{first['id']} ({first['op']}), is not an "
                      "agent write: undo it on its own; nothing was undone")
    plan = TurnPlan(turn[0], turn[1], [first])
    beyond: dict[str, Any] | None = None  # a record of the turn past the bound
    try:
        for rec in active:
            theirs = turn_of(rec)
            if theirs is None or theirs[0] != plan.turn_id:
                plan.stopped_at = rec
                break
            if len(plan.records) >= MAX_TURN_RECORDS:
                beyond = rec
                break
            plan.records.append(rec)
        if plan.stopped_at is not None:
            for _, rec in zip(range(LOOK_PAST), active, strict=False):
                theirs = turn_of(rec)
                plan.earlier += theirs is not None and theirs[0] == plan.turn_id
    except Refused:  # an unreadable record older than the run: the run ends there
        pass
    if beyond is not None:
        raise Refused(f"turn {plan.number} has more than {MAX_TURN_RECORDS:,} writes "
                      f"(#{beyond['id']}–#{first['id']} and older), more than one undo "
                      "takes; a turn is undone whole or not at all, so nothing was undone "
                      "(memtui undo, without --turn, undoes them one at a time)")
    return plan


def _plan(ws: Workspace) -> TurnPlan:
    journal = Journal(ws)
    if not journal.exists():
        raise Refused("nothing to undo (no operation journaled in this workspace)")
    plan = _turn_records(journal)
    on_disk: dict[str, bytes | None] = {}
    state: dict[str, str] = {}  # what each file holds at this point, walking back
    target: dict[str, bytes | None] = {}
    ages: dict[str, int | None] = {}
    for rec in plan.records:  # newest first
        for f in rec["files"]:
            path = f["path"]
            before = kept_before(rec, f)
            if path in plan.blocked:
                continue
            first_look = path not in state
            if first_look:
                plan.writers[path] = rec
                data = read_bytes(ws.root, path)
                on_disk[path], state[path] = data, digest(data)
            now = state[path]
            if now == f["after_sha256"]:
                target[path], state[path], ages[path] = before, f["before_sha256"], before_age(f)
            elif now != f["before_sha256"]:  # (equal: never written, cut short)
                plan.blocked[path] = (
                    f"was changed by something else {_BETWEEN} #{rec['id']} and "
                    f"#{plan.writers[path]['id']}"
                    if not first_look else "was deleted" if now == ABSENT else
                    "was created again" if f["after_sha256"] == ABSENT else "changed")
                target.pop(path, None)
    # The two halves of a move go back together or not at all.
    for rec in plan.records:
        for f in rec["files"]:
            partner = f.get("moved_to") or f.get("moved_from")
            if partner in plan.blocked and f["path"] in target:
                plan.blocked[f["path"]] = f"moved with {partner}, which changed"
                del target[f["path"]]
    plan.changes = [FileChange(p, on_disk[p], data, mtime_ns=ages.get(p))
                    for p, data in target.items() if digest(data) != digest(on_disk[p])]
    staying = {p: on_disk[p] for p in plan.blocked}
    keep_linked(plan.changes, staying, plan.linked)
    plan.unindexed = unindexed(plan.changes, staying, index_rel(ws))
    return plan


def undo_turn(ws: Workspace, skip: Collection[str] = (),
              expect: Collection[int] | None = None) -> TurnPlan:
    """Revert the newest agent turn's writes as one step; returns the plan carried out.

    ``skip`` names files to leave as they are (from :attr:`TurnPlan.blocked`); ``expect``
    the record ids the caller showed the operator (refused when the newest turn's records
    are others by now). Raises Refused or Conflict as :func:`memtui.edit.journal.undo`
    does; either way nothing is written.
    """
    if not Journal(ws).exists():  # say so without creating .memtui/ just for the lock
        plan_undo_turn(ws)
    with folder_lock(ws.state_dir):
        plan = plan_undo_turn(ws)  # (asks again whether a turn runs, under the lock)
        if expect is not None and sorted(plan.ids) != sorted(expect):
            raise Refused(f"the newest agent turn is {plan.label} now, not the one shown; "
                          "nothing was undone")
        unexpected = {p: why for p, why in plan.blocked.items() if p not in skip}
        if unexpected:
            plan.blocked = unexpected
            raise Conflict(f"{plan.blocking()}; nothing was undone")
        if plan.blocked and not plan.changes:
            raise Refused(f"every file turn {plan.number} ({plan.span}) wrote has changed "
                          "since; nothing was undone")
        journal = Journal(ws)
        owners = journal.ids()
        clear_own_temps(ws, plan.paths, owners)
        write_changes(ws, plan.changes, plan.id, owners)
        reverted = {ch.path for ch in plan.changes}
        remove_empty(ws.root, [d for rec in plan.records for d in folders_made(rec, reverted)])
        for rec in plan.records:
            mine = {f["path"] for f in rec["files"]}
            journal.mark_undone(rec, [p for p in [*plan.blocked, *plan.linked] if p in mine])
    return plan
