"""Move a memory's index entry to another line, its text kept (newuser37 #22: the
"forgot" fix that matters most — the current-task line, past the load limit, moved into the
loaded part — took ``remove-link`` then ``add-to-index --at``, two journal entries, and the
hand-written hook "resume at batch 1200" was lost to a drafted one)."""

from __future__ import annotations

from memtui.core.workspace import INDEX_NAME
from memtui.edit.changeset import Changeset, Plan
from memtui.edit.errors import AlreadyDone, Refused, UsageError
from memtui.edit.snapshot import Snapshot


def move_entry(snap: Snapshot, memory: str, to: int) -> Changeset:
    """Move the entry line of ``memory`` (its own line, not a packed one) so that it becomes
    line ``to`` of the index (past the end: the last line), every byte of it kept."""
    rel = snap.memory(memory).path
    own = [ln.number for ln in snap.index.lines if ln.kind == "entry" and ln.targets == [rel]]
    if not own:
        raise Refused(f"{rel} has no index entry of its own to move (add-to-index writes "
                      "one); nothing was written")
    if len(own) > 1:
        raise Refused(f"{rel} has {len(own)} entries (lines {', '.join(map(str, own))}): "
                      "remove the repeats first; nothing was written")
    if to < 1:
        raise UsageError("--to must be a line number, 1 or more")
    plan = Plan(snap)
    raw = plan.raw(INDEX_NAME)
    at = own[0]
    to = min(to, len(raw))
    if to == at:
        raise AlreadyDone(f"the entry of {rel} is line {at} already")
    text = raw.text(at)
    raw.delete(at)
    raw.insert(to, [text])
    cs = plan.changeset("move-entry", {"memory": rel, "to": to},
                        f"{INDEX_NAME}: moved the entry of {rel} from line {at} to line {to}")
    cs.preview = f"{INDEX_NAME}: will move the entry of {rel} from line {at} to line {to}"
    cs.keep_age = True
    return cs
