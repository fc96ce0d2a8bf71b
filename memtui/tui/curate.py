"""Curation flows for the app: every write is shown, edited and confirmed first.

Each ``run_*`` coroutine reads the workspace, shows a modal screen (the dialogs live in
``memtui.tui.dialogs``), and applies the resulting changeset (conflict-checked, atomic,
journaled) only when the operator confirms. It returns True when something was written.
Run them in a worker, since they wait for the dialog to be dismissed::

    self.run_worker(curate.run_add_to_index(self, self.workspace, [path]), exclusive=True)

Outcomes are reported with ``app.set_notice(text, error)`` when the app has it, else
``app.notify``. After a write the app's ``start_audit(changed_paths)`` is called when it
has one; a conflict (a file changed on disk) writes nothing, says so, and asks for a full
re-audit (``start_audit(None)``) so the view shows the files as they now are.

The module is past 500 lines: it is every write flow of the app, each a few lines of
show-confirm-write over the shared ``_plan``/``_write``/``_say`` (the new memory's
credential check, newuser33 #17, took it past); splitting it by operation is the next step.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection
from typing import Any

from textual.app import App

from memtui.core.checks.missing_why import missing
from memtui.core.creds.detector import mask_secrets, scan_text
from memtui.core.reporting.wording import plural
from memtui.core.results import AuditOptions
from memtui.core.workspace import INDEX_NAME, Workspace
from memtui.edit import fold_ops, index_ops, memory_ops
from memtui.edit.agent_ops import checked, profile_for
from memtui.edit.apply import apply
from memtui.edit.changeset import REDACTED, Changeset
from memtui.edit.credential_notes import credential_notes, is_credential_note
from memtui.edit.draft import (
    default_fold_label,
    draft_title,
    fold_label_for,
    heading_title,
    latin_script,
    plain,
)
from memtui.edit.errors import Refused, UsageError
from memtui.edit.index_draft import draft_entries
from memtui.edit.journal import is_redaction, merged_lines, plan_undo, undo
from memtui.edit.load_limit import changeset_past_limit, pushed_note, window_note
from memtui.edit.safe_write import Conflict
from memtui.edit.snapshot import Snapshot
from memtui.edit.turn_undo import TurnPlan, plan_undo_turn, undo_turn
from memtui.edit.undo_inverse import inverse
from memtui.edit.undo_links import kept_lines
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from memtui.tui.dialogs.choice import ChoiceScreen
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.dialogs.curate_screen import ask
from memtui.tui.dialogs.duplicate_entry import DuplicateEntryScreen
from memtui.tui.dialogs.memory_picker import Candidate, MemoryPickerScreen
from memtui.tui.dialogs.new_memory import NewMemoryScreen
from memtui.tui.dialogs.which_memory import WhichMemoryScreen


def _say(app: App[Any], text: str, error: bool = False) -> None:
    notice = getattr(app, "set_notice", None)
    if callable(notice):
        notice(text, error)
        hold = getattr(app, "hold_notice", None)
        if callable(hold):
            hold()  # an outcome: the agent's change notices wait behind it
    else:
        app.notify(text, severity="error" if error else "information")


def _reload(app: App[Any], changed: set[str] | None, own: bool = False) -> None:
    """Ask the app to re-audit (``start_audit(changed)``, None = everything) if it can;
    ``own``: memtui wrote them, and the notice already says what happened."""
    start = getattr(app, "own_write", None) if own else None
    start = start if callable(start) else getattr(app, "start_audit", None)
    if callable(start):
        start(changed)


def _write(app: App[Any], ws: Workspace, changeset: Changeset, more: str = "",
           conflicts: list[Conflict] | None = None) -> bool:
    """Write ``changeset`` and say so (``more``: said after the undo hint). ``conflicts``:
    a file changed on disk since it was planned is added there, not said (`_write_again`
    plans it again)."""
    try:
        record = apply(ws, changeset)
    except Refused as exc:
        if conflicts is not None and type(exc) is Conflict:  # (not Recovered: kept aside)
            conflicts.append(exc)
            return False
        _say(app, str(exc), error=True)
        _reload(app, None)  # show the files as they now are
        return False
    if changeset.secrets:  # the open chat's history holds what the agent read: scrubbed
        forget = getattr(app, "forget_secrets", None)
        if callable(forget):
            forget(changeset.secrets)
    notes = "; ".join(changeset.notes) if changeset.secrets or changeset.op == "archive" \
        else ""
    # A redaction's summary says already that undo cannot bring it back: not twice
    # ("… undo cannot bring it back) (not undoable)", newuser21 #6).
    how = "" if is_redaction(record) else f" (u to undo #{record['id']})"
    _say(app, f"{changeset.summary}{how}" + (f"; {notes}" if notes else "") + more)
    _reload(app, set(changeset.paths), own=True)
    app.refresh_bindings()  # the footer offers u now (none before a first operation)
    return True


#: How many times a write an outside edit refused is planned again and shown (newuser39 #7:
#: an agent writing MEMORY.md every few seconds refused every curation read for longer).
REPLANS = 3


async def _write_again(app: App[Any], ws: Workspace, cs: Changeset,
                       replan: Callable[[], Changeset | None],
                       screen: Callable[[Changeset, str], ConfirmScreen], more: str = ""
                       ) -> bool:
    """Write the confirmed ``cs``; when a file it changes was written by someone else since
    it was planned (a live agent), plan it again on the files as they are now (``replan``)
    and ask again with that diff (``screen(changeset, why)``), up to `REPLANS` times, then
    refuse as before. Nothing is written that the operator has not seen."""
    for attempt in range(REPLANS + 1):
        conflicts: list[Conflict] = []
        if _write(app, ws, cs, more, conflicts if attempt < REPLANS else None):
            return True
        if not conflicts:
            return False
        fresh = replan()
        if fresh is None:
            _reload(app, None)
            return False
        changed = f"{conflicts[0].label or 'a file it changes'} changed on disk"
        if not fresh:
            _say(app, f"{changed} while the dialog was open, and planned again on the files "
                 f"as they are now nothing is left to change ({fresh.summary}); nothing was "
                 "written", error=True)
            _reload(app, None)
            return False
        why = (f"{changed} while the dialog was open (nothing was written): the diff below "
               "is planned again on the files as they are now")
        if not await ask(app, screen(fresh, why)):
            _reload(app, None)
            return False
        cs = fresh
    return False


def _plan(app: App[Any], ws: Workspace, op: Any, *args: Any,
          snap: Snapshot | None = None) -> Changeset | None:
    """``op``'s changeset, when the folder's profile lets it be written (a Hermes store
    must still round-trip and keep within its limit: `memtui.edit.agent_ops.checked`).
    ``snap``: the files as a form showed them (default: read now), so an outside edit
    made while the form was open is refused at the write, not merged unseen."""
    try:
        cs = op(snap or Snapshot.read(ws), *args)
        result = getattr(app, "result", None)
        profile = str(result.profile) if result is not None else profile_for(ws)
        limits = dict(result.options.limits) if result is not None else {}
        return checked(profile, cs.op, ws, cs, limits) if cs else cs
    except (Refused, UsageError) as exc:
        _say(app, str(exc), error=True)
        return None


# The actions ---------------------------------------------------------------------------


async def choose(app: App[Any], title: str, prompt: str, paths: list[str],
                 every: str | None = None) -> list[str] | None:
    """Which of ``paths`` a key acts on (one, or all of them when ``every`` names that
    choice); None when the operator cancels."""
    return await ask(app, WhichMemoryScreen(title, prompt, paths, every))


async def run_add_to_index(app: App[Any], workspace: Workspace, paths: list[str],
                           left_out: str = "") -> bool:
    """Draft entries for ``paths`` (titles in the index's own case), let the operator edit
    them and place them (under the section of their type at first), then write.
    ``left_out``: which memories the key left out and why, said in the form."""
    # Seconds of a thread at thousands of memories (every memory read, every line drafted):
    # said at once, not a screen that looks idle until the form (newuser28 #34).
    _say(app, f"drafting index entries for {plural(len(paths), 'memory', 'memories')} …")
    drafted = await asyncio.to_thread(draft_entries, workspace, paths, getattr(app, "result", None))
    if isinstance(drafted, str):
        _say(app, drafted, error=True)
        return False
    snap = drafted.snap
    answer = await ask(app, AddToIndexScreen(drafted.drafts, drafted.headings,
                                              drafted.where, drafted.under,
                                              drafted.past_limit, drafted.limit,
                                              drafted.clashes, drafted.inside, left_out))
    if answer is None:
        return False
    entries, under = answer
    # Planned from the index the form showed (its preview, where the lines go): an
    # outside edit since is refused, as docs/curate.md says (newuser22 #42).
    cs = _plan(app, workspace, index_ops.add_entries, entries, under, snap=snap)
    if cs is None:
        return False
    # What the index would take of the model's window, asked before the write when it
    # crowds it (newuser30 #22: 19,850 entries took it from 8 % to 1,317 %, unsaid).
    result = getattr(app, "result", None)
    profile = str(result.profile) if result is not None else profile_for(workspace)
    options = result.options if result is not None else AuditOptions()
    crowded = await asyncio.to_thread(window_note, snap, cs, profile, options)
    # a memory holding a credential put on the agent's path (newuser40 #9)
    held = credential_notes(snap, [entry[0] for entry in entries], "add-to-index")
    # A warning asks: it starts on Cancel, and Enter presses the focused button (newuser31
    # #13: the Enter that submitted the form answered "Add anyway" too)
    warnings = [*held, *([crowded] if crowded else [])]
    if warnings and not await ask(app, ConfirmScreen(
            "Add to MEMORY.md", [cs.planned, *warnings], confirm="Add anyway", danger=True)):
        return False
    # The loaded lines the addition pushed out, named after it as the CLI names them
    # (newuser31 #7: 24 loaded memories fell past the limit, the toast said "+24 entries").
    past = await asyncio.to_thread(changeset_past_limit, snap, cs, profile, options)
    pushed = pushed_note(past, f"the load limit ({options.max_lines:,} lines / "
                               f"{options.max_bytes:,} bytes)")
    return _write(app, workspace, cs, f"; {pushed}" if pushed else "")


def memory_candidates(snap: Snapshot, leave_out: Collection[str] = (),
                      memories: Collection[str] | None = None,
                      flagged: Collection[str] = ()) -> list[Candidate]:
    """Every memory (but those of ``leave_out``; of ``memories`` only, when given: the
    audit's, as the profile counts them) for the picker: its path, the title its index
    entry gives it (else the drafted one) and its description — masked as the preview
    shows it for a memory the audit found a credential in (``flagged``: newuser32 #38
    addendum 2, the picker listed a description's token in clear)."""
    titles = {ln.targets[0]: ln.title for ln in snap.index.lines
              if ln.kind == "entry" and ln.targets and ln.title}

    def about(rel: str, text: str) -> str:
        return mask_secrets(text, scan_text(text)) if rel in flagged and text else text

    return [Candidate(rel, titles.get(rel) or heading_title(mf) or draft_title(mf),
                      about(rel, mf.description or ""))
            for rel, mf in sorted(snap.memories.items()) if rel not in leave_out
            and (memories is None or rel in memories)]



async def run_repoint(app: App[Any], workspace: Workspace, target: str,
                      suggestions: list[str], sources: Collection[str] = (),
                      op: Any = None, duplicates: Any = None,
                      memories: Collection[str] | None = None) -> bool:
    """Repoint links to the broken ``target`` onto a memory picked from all of them
    (``suggestions``, from ``BrokenLink.suggestions`` of the audit, ranked first), after
    showing the diff. The files holding the link (``sources``) are never offered: a link
    repointed at its own file leads nowhere. When the index links the new target already,
    the dialog offers to remove the repointed entry, in the same operation. ``op``: the
    profile's own repoint (Gemini's pointer lines), planned as ``op(snap, target, new)``
    (``op(..., True)`` removes the duplicate), with ``duplicates(snap, old, new)`` its
    ``(moved, already)`` lines (as :func:`index_ops.duplicate_entries`). ``memories``: the
    files the audit counts as memories, the only ones offered (newuser26 #26: Gemini's
    picker offered a skill draft, skills/x.md, and refused it once picked)."""
    leave_out = {target, *sources}
    snap = Snapshot.read(workspace)
    result = getattr(app, "result", None)
    flagged = {f.path for f in getattr(result, "findings", ()) if f.kind == "secret"}
    candidates = memory_candidates(snap, leave_out, memories, flagged)
    suggestions = [p for p in suggestions if p not in leave_out
                   and (memories is None or p in memories)]
    plan_op = op or index_ops.repoint

    def check(typed: str) -> str | None:
        """Why a typed target is refused (no such file), asked before the picker closes."""
        try:
            plan_op(snap, target, typed)
        except (Refused, UsageError) as exc:
            return str(exc)
        return None
    new = await ask(app, MemoryPickerScreen(f"Repoint links to {target}",
                                             "New target (the closest names first):",
                                             candidates, suggestions, confirm="Repoint",
                                             check=check))
    if new is None:
        return False
    kept = _plan(app, workspace, plan_op, target, new)
    if kept is None:
        return False
    find = duplicates if op is not None else index_ops.duplicate_entries
    if find is None:  # a profile's repoint with nothing that can become a duplicate
        return await _confirm_write(app, workspace, f"Repoint links to {target}?", kept,
                                    lambda: _plan(app, workspace, plan_op, target, new))
    old_t, new_t = kept.args["old"], kept.args["new"]
    snap = Snapshot.read(workspace)
    moved, already = find(snap, old_t, new_t)
    if moved:
        removed = _plan(app, workspace, plan_op, target, new, True)
        if removed is None:
            return False
        name, what = (INDEX_NAME, "entries") if op is None else (kept.paths[0],
                                                                 "pointer lines")
        warning = (f"{name}:{already[0]} already links {new_t}: repointing line "
                   f"{moved[0]} makes two {what} for one file; removing the duplicate "
                   "too, one undo puts both back.")
        remove = await ask(app, DuplicateEntryScreen(
            f"Repoint links to {target} onto {new_t}?", warning,
            # short: a checkbox's label does not wrap (newuser40 #13: "one undo puts both
            # bac" at 80×24); the undo note is in the warning, which does
            f"also remove line {moved[0]}, the duplicate",
            removed.diff(), kept.diff(), confirm="Repoint"))
        if remove is None:
            return False
        return _write(app, workspace, removed if remove else kept)
    return await _confirm_write(app, workspace, f"Repoint links to {target}?", kept,
                                lambda: _plan(app, workspace, plan_op, target, new))


async def _confirm_write(app: App[Any], workspace: Workspace, title: str,
                         cs: Changeset, replan: Callable[[], Changeset | None]) -> bool:
    def screen(c: Changeset, why: str = "") -> ConfirmScreen:
        return ConfirmScreen(title, [*_first(why), c.planned, *c.notes, "", "(undo with u)"],
                             diff=c.diff(), confirm="Repoint")
    if not await ask(app, screen(cs)):
        return False
    return await _write_again(app, workspace, cs, replan, screen)


def audit_limits(app: App[Any]) -> tuple[str | None, AuditOptions | None]:
    """The profile and options of the app's last audit (the limits a fold or an unfold is
    judged under), or (None, None) before the first."""
    result = getattr(app, "result", None)
    return (None, None) if result is None else (str(result.profile), result.options)


async def run_fold(app: App[Any], workspace: Workspace, paths: list[str],
                   left_out: list[str] | None = None) -> bool:
    """Fold the index entries of ``paths`` into one packed line, with a label; the packed
    lines already there are named (typing one's label folds into that line), and so are
    the picks ``left_out`` (named with why: newuser35 #24). The label proposed is the
    memories' month (their ages in the last audit), not today's."""
    snap = Snapshot.read(workspace)
    # A fold that would stop loading memories is refused, under the audit's limits
    # (newuser30 #2).
    limits = audit_limits(app)
    # Refused before the label is asked, not after (a picked memory with no entry of its
    # own: newuser24 #42); the checks do not depend on the label.
    try:
        fold_ops.fold(snap, paths, default_fold_label(), *limits)
    except (Refused, UsageError) as exc:
        _say(app, str(exc), error=True)
        return False
    packed = list(dict.fromkeys(ln.title for ln in snap.index.lines
                                if ln.kind == "packed" and ln.title))
    prompt = "Label of the packed line:"
    if left_out:
        prompt = (f"Left out {plural(len(left_out), 'pick')}: " + "; ".join(left_out[:5])
                  + (f"; and {len(left_out) - 5:,} more" if len(left_out) > 5 else "")
                  + ". " + prompt)
    result = getattr(app, "result", None)
    wanted = set(paths)
    proposed = fold_label_for([] if result is None else [
        r.age_days for r in result.files if r.path in wanted and r.age_source != "unknown"],
        neutral=not latin_script(snap.index.text))  # no English word in a Chinese index
    if packed:  # named, not listed: a list would take the Enter that folds
        prompt += " (or an existing one's, to join it: " + " · ".join(packed[:5]) + \
            (" …" if len(packed) > 5 else "") + ")"
    label = await ask(app, ChoiceScreen(f"Fold {len(paths)} entries into one line", prompt,
                                         [], proposed, confirm="Fold"))
    if label is None:
        return False
    cs = _plan(app, workspace, fold_ops.fold, paths, label, *limits)
    if cs is None:
        return False
    def screen(c: Changeset, why: str = "") -> ConfirmScreen:
        size = [n for n in c.notes if n.startswith(f"{INDEX_NAME}: frees ")]
        return ConfirmScreen(f"Fold {len(paths)} entries into one line?",
                             [*_first(why), c.planned, *size, "", "(undo with u)"],
                             diff=c.diff(), confirm="Fold")
    if not await ask(app, screen(cs)):
        return False
    return await _write_again(app, workspace, cs, lambda: _plan(
        app, workspace, fold_ops.fold, paths, label, *limits), screen)


async def run_new_memory(app: App[Any], workspace: Workspace) -> bool:
    """Write a new memory from the editor dialog (and index it when asked). The folder is
    read only once a name is typed (for the file it becomes), so the dialog shows at once
    (issue 32 item 17: reading 261 files first cost ~0.1 s of the key's CPU)."""
    snaps: list[Snapshot] = []

    def file_for(name: str, type_: str) -> str:
        if not snaps:
            snaps.append(Snapshot.read(workspace))
        return memory_ops.new_path(snaps[0], name, type_)
    form = NewMemoryScreen.for_app(app, file_for)
    result = getattr(app, "result", None)
    # the entry placed as `fix new --index` places it, among the lines the agent loads,
    # before the first audit too (the folder's profile, the default limits)
    profile = str(result.profile) if result is not None else profile_for(workspace)
    options = result.options if result is not None else AuditOptions()
    while True:
        answer = await ask(app, form)
        if answer is None:
            return False
        cs = _plan(app, workspace, memory_ops.new, answer["name"], answer["type"],
                   answer["description"], answer["index"], answer["body"], profile,
                   options)
        if cs is None:
            return False
        # A credential is said before it is written (newuser33 #17): redact it, or go back
        # to the form as typed (Cancel, the default).
        found = memory_ops.new_credentials(cs)
        if not found:
            break
        lines = [*found, "", "A memory is replayed into every later turn of the agent (the "
                 "chat agent is told never to store one). Redact replaces it with "
                 f"{REDACTED} and creates the memory; Cancel goes back to the form."]
        if await ask(app, ConfirmScreen(
                f"This memory holds {plural(len(found), 'credential')}", lines,
                confirm="Redact and create", danger=True)):
            answer = {**answer, "body": memory_ops.without_credentials(answer["body"]),
                      "description": memory_ops.without_credentials(answer["description"])}
            cs = _plan(app, workspace, memory_ops.new, answer["name"], answer["type"],
                       answer["description"], answer["index"], answer["body"],
                       profile, options)
            if cs is None:
                return False
            break
    lacking = missing(answer["type"], answer["body"])
    # the template's labels left empty: said now, not found by the next audit (newuser23 #9)
    empty = f"; its {' and '.join(lacking)} line{'s are' if len(lacking) > 1 else ' is'} " \
        "still empty" if lacking else ""
    # what the planner said, as `fix new` prints it: where the entry went among the loaded
    # lines and which line that pushed out (newuser39 #24: the notice said neither)
    said = "".join(f"; {note}" for note in cs.notes)
    return _write(app, workspace, cs, said + empty)


async def run_delete(app: App[Any], workspace: Workspace, paths: list[str]) -> bool:
    """Show what deleting ``paths`` does (index lines, links left dangling), then do it."""
    cs = _plan(app, workspace, memory_ops.delete, paths)
    if cs is None:
        return False

    def screen(c: Changeset, why: str = "") -> ConfirmScreen:
        return ConfirmScreen(f"Delete {plural(len(paths), 'memory file')}?",
                             [*_first(why), *_delete_lines(paths, c)], confirm="Delete",
                             danger=True)
    if not await ask(app, screen(cs)):
        return False
    return await _write_again(app, workspace, cs, lambda: _plan(
        app, workspace, memory_ops.delete, paths), screen)


def _first(why: str) -> list[str]:
    """The line a dialog asked again starts with (`_write_again`), and a blank line."""
    return [why, ""] if why else []


def _delete_lines(paths: list[str], cs: Changeset) -> list[str]:
    """What deleting ``paths`` (planned as ``cs``) does, as its dialog says it."""
    lines = [f"delete {p}" for p in paths]
    # What changes in the index, not just that it does ("edit MEMORY.md": newuser21 #15);
    # delete touches no other file (links elsewhere are left, and listed, dangling).
    links = "its link" if len(paths) == 1 else "their links"
    lines += [f"remove {links} from {c.path}" if c.path == INDEX_NAME
              else f"edit {c.path}" for c in cs.changes if c.after is not None]
    held = [n for n in cs.notes if is_credential_note(n)]  # (newuser40 #26)
    if held:
        lines += ["", *held]
    dangles = [n for n in cs.notes if n.endswith(memory_ops.DANGLES)]
    if dangles:
        lines += ["", "links that will dangle:", *dangles]
    stranded = [n for n in cs.notes if n not in dangles and n not in held]
    if stranded:  # a hub's memories, reachable through it alone (newuser23 #45)
        lines += ["", "memories no longer reachable (unreachable orphans after):", *stranded]
    return [*lines, "", "(undo with u)"]


async def run_undo(app: App[Any], workspace: Workspace) -> bool:
    """Ask, then revert the newest operation not undone yet. When something else has
    written one of its files since, say which before asking, and offer to put back the
    other files only. A redaction is refused at once, saying why (the credential was not
    kept); the next ``u`` takes the operation before it."""
    try:
        plan = plan_undo(workspace)
    except Refused as exc:  # nothing to undo, or an unreadable record: undo stops there
        _say(app, str(exc), error=True)
        return False
    rec = plan.record
    if plan.redaction:  # nothing to ask: it is refused, and the next undo goes on
        try:
            undo(workspace, expect=plan.id)
        except Refused as exc:
            _say(app, str(exc), error=True)
        return False
    if plan.linked and not plan.changes:  # what stays keeps the rest (newuser34 #7)
        back = inverse(workspace, rec)
        _say(app, f"cannot undo #{rec['id']}: {plan.stuck()}; {plan.way_out()}"
             + (f"; {back}" if back else ""), error=True)
        return False
    if plan.blocked and not plan.changes:
        what = " and ".join(f"{p} {why}" for p, why in plan.blocked.items())
        back = inverse(workspace, rec)  # the operation that reverses it (newuser33 #6)
        _say(app, f"cannot undo #{rec['id']} ({rec['op']}): {what} since; {plan.way_out()}"
             + (f"; {back}" if back else ""), error=True)
        return False
    if plan.blocked and plan.whole:  # no undo in part of a move (newuser28 #19)
        back = inverse(workspace, rec)
        _say(app, f"cannot undo #{rec['id']}: {plan.blocking()}{plan.kept()}; {plan.whole}; "
             f"{plan.way_out()}" + (f"; {back}" if back else ""), error=True)
        return False
    # What the undo does to each file (not what the operation did: undoing a delete
    # restores the file, undoing a creation deletes it), as the turn undo says it.
    files = [f"  {'delete' if ch.after is None else 'restore'} {ch.path}"
             for ch in plan.changes]
    title, confirm = f"Undo #{rec['id']} {rec['op']}?", "Undo"
    lines = [rec.get("summary", ""), "", *files]
    if plan.merged:  # newuser39 #3: only its own lines, the agent's edits since kept
        lines += ["", *merged_lines(plan.merged)]
    if plan.blocked:
        title, confirm = f"Undo #{rec['id']} {rec['op']} in part?", "Undo the others"
        lines = [rec.get("summary", ""), "", f"{plan.blocking()}:",
                 *(f"  {p} stays as it is" for p in plan.blocked),
                 *kept_lines(plan.linked), "",  # newuser34 #7: no broken link left
                 f"undo the {plan.others()}:", *files]
        if plan.unindexed:  # newuser37 #7: an orphan said before, not found after
            lines += ["", plan.orphans().removeprefix("; ")]
    diff = "".join(plan.merged.values())
    if not await ask(app, ConfirmScreen(title, lines, confirm=confirm, danger=True, diff=diff)):
        return False
    try:
        done = undo(workspace, skip=plan.blocked, expect=plan.id)
    except Refused as exc:
        # changed since the dialog opened: the operation that reverses it (newuser33 #6)
        back = inverse(workspace, rec) if isinstance(exc, Conflict) else ""
        _say(app, str(exc) + (f"; {back}" if back else ""), error=True)
        _reload(app, None)
        return False
    kept = done.get("undone_except") or []
    _say(app, f"undid #{done['id']} {done['op']}" + (f" except {', '.join(kept)}" if kept else "")
         + (plan.orphans() if kept else ""))
    _reload(app, {f["path"] for f in done["files"]}, own=True)
    return True


async def run_undo_turn(app: App[Any], workspace: Workspace,
                        own: Collection[str] | None = None) -> TurnPlan | None:
    """Ask, then revert every write of the chat agent's newest turn as one step (the chat
    pane's ctrl+z); returns what was undone, None when nothing was. A file something else
    wrote since is named first, as for ``u``, and the other files can go back alone.
    ``own``: the turns of the asking chat; a newest turn not among them is named as
    another chat's before anything is undone (newuser36 #30)."""
    try:
        plan = plan_undo_turn(workspace)
    except Refused as exc:  # nothing to undo, not the agent's, an unreadable record
        _say(app, str(exc), error=True)
        return None
    if plan.blocked and not plan.changes:
        way = plan.way_out()  # the way out named, as the views' u names it
        _say(app, plan.cannot() + (f"; {way}" if way else ""), error=True)
        return None
    files = [f"  {'delete' if ch.after is None else 'restore'} {ch.path}"
             for ch in plan.changes]
    title, confirm = f"Undo turn {plan.number}'s writes ({plan.span})?", "Undo turn"
    lines = [f"{plural(len(plan.records), 'agent write')} of turn {plan.number}, undone "
             "together:", "", *files]
    if plan.blocked:
        title, confirm = f"Undo turn {plan.number}'s writes in part?", "Undo the others"
        lines = [f"{plan.cannot()}:", *(f"  {p} stays as it is" for p in plan.blocked),
                 *plan.linked_lines(), "", f"undo the {plan.others()}:", *files]
        if plan.unindexed:  # an orphan said before, not found after (newuser37 #7)
            lines += ["", plan.orphans().removeprefix("; ")]
    if plan.earlier_note():
        lines += ["", plan.earlier_note()]
    if own is not None and plan.turn_id not in own:
        title = f"Undo turn {plan.number} — another chat's turn?"
        lines = [f"turn {plan.number} ({plan.span}) was not made in this chat: another "
                 "window or serve tab on this workspace made it, or a chat before this "
                 "one", "", *lines]
    if not await ask(app, ConfirmScreen(title, lines, confirm=confirm, danger=True)):
        return None
    try:
        done = undo_turn(workspace, skip=plan.blocked, expect=plan.ids)
    except Refused as exc:
        _say(app, str(exc), error=True)
        _reload(app, None)
        return None
    left = [*done.blocked, *done.linked]
    kept = f" except {', '.join(left)}" if left else ""
    _say(app, f"undid {done.label}{kept}{done.orphans()}")
    _reload(app, set(done.paths), own=True)
    return done


async def run_with_preview(app: App[Any], workspace: Workspace, title: str, op: Any,
                           *args: Any, danger: bool = False) -> bool:
    """Plan ``op(snapshot, *args)``, show its diff, and apply it on confirmation
    (``danger``: it removes something, so the dialog starts on Cancel).

    For the operations that need no input: ``memory_ops.redact`` (path),
    ``memory_ops.fix_wikilinks`` (path or None), ``index_ops.remove_link`` (target),
    ``fold_ops.unfold`` (line number).
    """
    cs = _plan(app, workspace, op, *args)
    if cs is None:
        return False
    if not cs:
        _say(app, f"nothing to change ({cs.summary})")
        return False
    def screen(c: Changeset, why: str = "") -> ConfirmScreen:
        # A redaction says what it cannot reach (other hard links, git's history:
        # newuser33 #5) …, and an archive the links it leaves leading into the archive
        # (newuser33 #27)
        lines = [*_first(why), c.planned, *(c.notes if c.secrets or c.op == "archive"
                                             else [])]
        return ConfirmScreen(title, lines, diff=c.diff(), danger=danger)
    if not await ask(app, screen(cs)):
        return False
    return await _write_again(app, workspace, cs, lambda: _plan(app, workspace, op, *args),
                              screen)


async def run_rename(app: App[Any], workspace: Workspace, path: str) -> bool:
    """Ask for the new name, show the move and the links it rewrites, then rename the
    memory and rewrite every link to it on confirmation."""
    snap = Snapshot.read(workspace)
    mf = snap.memories.get(path)
    if mf is None:
        _say(app, f"no memory at {path}", error=True)
        return False
    def problem(name: str) -> str | None:
        """A name already taken (or not a name) is said as it is typed, and the dialog stays
        with what was typed (it closed, the name lost: newuser21, left item)."""
        try:
            memory_ops.rename_target(snap, path, name)
        except (Refused, UsageError) as exc:
            return str(exc).removesuffix("; nothing was written")
        return None

    # A name: that is a title is kept, the file alone renamed (newuser27 #4): the field
    # says so and starts at the file's stem, not at a title no slug check would take.
    if memory_ops.kept_name(mf.name):
        prompt, start = f"New file name (name: '{plain(str(mf.name))}' is kept)", \
            path.rsplit("/", 1)[-1].removesuffix(".md")
    else:
        prompt, start = "New name (file and name:)", mf.key
    new_name = await ask(app, ChoiceScreen(f"Rename {path}", prompt, [], plain(start),
                                            confirm="Preview", check=problem))
    if new_name is None:
        return False
    cs = _plan(app, workspace, memory_ops.rename, path, new_name)
    if cs is None:
        return False
    # The moved file and every link rewritten in other files are shown before the write,
    # as every other curation does (newuser25 #1: Enter wrote them unseen).
    # What the move leaves leading nowhere is said before it (newuser29 #36).
    def screen(c: Changeset, why: str = "") -> ConfirmScreen:
        return ConfirmScreen(f"Rename {path}", [*_first(why), c.planned, *c.notes],
                             confirm="Rename", diff=c.diff())
    if not await ask(app, screen(cs)):
        return False
    return await _write_again(app, workspace, cs, lambda: _plan(
        app, workspace, memory_ops.rename, path, new_name), screen)
