"""The entries an add-to-index form shows, drafted before it opens: every memory read, a
distinct title and a hook for each, their first place, and why none can be added (refused
before the form, not after it: newuser27 #6, a write past the size memtui edits). Run off
the screen's thread: at 10,000 orphans it reads every file (issue 35)."""

from __future__ import annotations

from typing import Any

from memtui.core.reporting.wording import plural
from memtui.core.workspace import Workspace
from memtui.edit import index_ops
from memtui.edit.apply import too_large
from memtui.edit.conventions import conventions
from memtui.edit.draft import distinct_titles, hook_cut, safe_hook
from memtui.edit.errors import Refused, UsageError
from memtui.edit.load_limit import PastLimit, added_past_limit, indexed_refusal, place_inside
from memtui.edit.snapshot import Snapshot


class Drafted:
    """What the add-to-index form shows, drafted off the screen's thread: the files read
    (``snap``), the entries, their first place and what the form needs to say."""

    def __init__(self, snap: Snapshot, drafts: list[tuple[str, str, str]],
                 clashes: dict[str, str], under: str | None, past_limit: Any,
                 limit: str, inside: int | None) -> None:
        self.snap = snap
        #: the index's headings and where lines go with none chosen (each parses the index:
        #: seconds at 800 KB, here rather than on the screen's thread)
        self.headings = index_ops.headings(snap)
        self.where = index_ops.where_entries_go(snap)
        self.drafts = drafts
        self.clashes = clashes
        self.under = under
        self.past_limit = past_limit
        self.limit = limit
        self.inside = inside


def draft_entries(workspace: Workspace, paths: list[str], result: Any) -> Drafted | str:
    """The entries for ``paths``, or why none can be added (said before any form opens).
    Reads every memory file and drafts every line: seconds at 10,000 orphans, so run in a
    thread, never on the screen's (issue 35, newuser26 #17 / newuser27 #6)."""
    snap = Snapshot.read(workspace)
    linked = index_ops.index_lines_of(snap, paths)  # one pass, not one per memory
    refusals = [why for rel in paths if (why := indexed_refusal(
        snap, rel, getattr(result, "profile", None), getattr(result, "options", None),
        linked.get(rel, [])))]
    if refusals:  # said before the form opens, not after it is filled in
        more = f" (and {plural(len(refusals) - 1, 'other')})" if len(refusals) > 1 else ""
        return refusals[0] + more
    mfs = []
    for rel in paths:
        mf = snap.memories.get(rel)
        if mf is None:
            return f"no memory at {rel}"
        why = index_ops.unlinkable(rel)
        if why:  # before the form, not after it was filled in
            return why
        mfs.append(mf)
    # Titles the index has not used yet (newuser23 #40), each clash said in the form.
    titles, clashes = distinct_titles(mfs, index_ops.entry_titles(snap),
                                      conventions(snap).title_case)
    # a hook never copies a credential into the index: left out, and the form says so
    # (newuser32 #38: the Hook field showed the token in clear, Enter wrote it)
    hooks = {mf.path: safe_hook(mf.path, mf.description) for mf in mfs}
    drafts = [(mf.path, t, hooks[mf.path][0]) for mf, t in zip(mfs, titles, strict=True)]
    for mf in mfs:  # a long description's hook is cut: the form says so (newuser24 #40)
        cut = hooks[mf.path][1] or hook_cut(mf.path, mf.description)
        if cut:
            cut = cut.removeprefix(f"{mf.path}: ")
            clashes[mf.path] = f"{clashes[mf.path]}; {cut}" if mf.path in clashes else cut
    # Memories of one type go under that type's section, when the index has one; several
    # types, each under its own (index_ops.BY_TYPE).
    under = index_ops.type_place(snap, [mf.path for mf in mfs])
    past_limit = None
    limit = "the load limit"
    inside = None
    if result is not None and result.profile == "claude-code":
        opts = result.options
        limit = f"the load limit ({opts.max_lines:,} lines / {opts.max_bytes:,} bytes)"

        def past_limit(entries: list[tuple[str, str, str]], under: str | int | None) \
                -> PastLimit:
            return added_past_limit(snap, entries, under, result.profile, opts)
        # Never "at the end" past the limit by default (newuser23 #35): a loaded place.
        inside = place_inside(snap, drafts, under, result.profile, opts)
    # The lines as drafted, where the form places them first: past the size memtui edits,
    # said now, not after the form was read and confirmed (newuser27 #6).
    first = inside if inside is not None else under if (
        under == index_ops.BY_TYPE or under in index_ops.headings(snap)) else None
    try:
        big = too_large(index_ops.add_entries(snap, drafts, first))
    except (Refused, UsageError):
        big = None  # (the write says why, as before)
    if big is not None:
        return (f"{big} with {plural(len(drafts), 'entry', 'entries')}: nothing was drafted "
                "into it; pick fewer memories (space) and press a, or fold entries (f)")
    return Drafted(snap, drafts, clashes, under, past_limit, limit, inside)
