"""``memtui fix <operation> PATH …``: the repair operations from the command line.

Exit status: 0 done (or nothing to change), 1 refused or conflict, 2 usage error; every
refusal is one line on stderr. ``--dry-run`` prints the unified diff and writes nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from memtui.commands.parser import bounded, report
from memtui.commands.shell_path import shell_path
from memtui.commands.workspace_arg import resolved_path
from memtui.core.profiles import PROFILES
from memtui.core.profiles import get as get_profile
from memtui.core.reporting.safe_output import printable, utf8_safe
from memtui.core.reporting.wording import plural
from memtui.core.results import AuditOptions
from memtui.core.scanner.memory_file import KNOWN_TYPES
from memtui.core.workspace import INDEX_NAME, Workspace, WorkspaceError
from memtui.edit import agent_ops, fold_ops, gemini_ops, hermes_ops, index_ops, memory_ops
from memtui.edit.agent_lock import announced
from memtui.edit.apply import apply, apply_locked, refuse_unundoable
from memtui.edit.changeset import Changeset
from memtui.edit.errors import AlreadyDone, Refused, UsageError
from memtui.edit.journal import is_redaction
from memtui.edit.load_limit import (
    changeset_past_limit,
    linked_late_note,
    loaded_place,
    openclaw_notes,
    window_note,
)
from memtui.edit.move_entry import move_entry
from memtui.edit.safe_write import Conflict, Recovered, folder_lock
from memtui.edit.snapshot import Snapshot

Planner = Callable[[Snapshot, argparse.Namespace], Changeset]

OPERATIONS: dict[str, tuple[str, Planner]] = {
    "add-to-index": ("add index entries drafted from name and description",
                     lambda s, a: index_ops.add_to_index(
                         s, a.memories, title=a.title, hook=a.hook, under=placed(a),
                         all_unreachable=a.all_unreachable)),
    "repoint": ("point links and [[wikilinks]] to OLD_TARGET at NEW_TARGET (index and "
                "memories)",
                lambda s, a: index_ops.repoint(s, a.old_target, a.new_target,
                                             a.remove_duplicate)),
    "remove-link": ("remove the index line (or the link on a packed line) to TARGET; with "
                    "--in MEMORY, make that memory's links to TARGET their plain text",
                    lambda s, a: remove_link(s, a, index_ops.remove_link)),
    "fold": ("fold the entries of several memories into one packed line",
             lambda s, a: fold_ops.fold(s, a.memories, a.label, a.agent_profile,
                                        AuditOptions())),
    "unfold": ("turn a packed index line back into entries",
               lambda s, a: fold_ops.unfold(s, a.line_number, a.agent_profile,
                                            AuditOptions())),
    "move-entry": ("move a memory's index entry to line --to, its title and hook kept (the "
                   "current-task line into the loaded part)",
                   lambda s, a: move_entry(s, a.memory, a.to)),
    "rename": ("rename a memory: file, name, and every link to it",
               lambda s, a: memory_ops.rename(s, a.memory, a.new_name)),
    "fix-wikilinks": ("rewrite fuzzy [[wikilinks]] to their exact spelling",
                      lambda s, a: memory_ops.fix_wikilinks(s, a.memory)),
    "new": ("create a memory from a template",
            lambda s, a: memory_ops.new(s, a.name, a.type, a.description or "", a.index,
                                        profile=getattr(a, "agent_profile", None))),
    "delete": ("delete memories and their index lines; list links left dangling",
               lambda s, a: memory_ops.delete(s, a.memories)),
    "archive": ("move memories into the _archive/ folder beside them and drop their index "
                "lines (kept, no longer indexed nor loaded)",
                lambda s, a: memory_ops.archive(s, a.memories)),
    "redact": ("replace credentials found in a memory with [REDACTED]",
               lambda s, a: memory_ops.redact(s, a.memory)),
    "add-pointer": ("gemini: add a pointer line '- See /abs/path/<topic>.md for <summary>.' "
                    "for a topic file MEMORY.md names nowhere",
                    lambda s, a: gemini_ops.add_pointer(s, a.memories, summary=a.summary,
                                                        all_unreachable=a.all_unreachable)),
    "remove-duplicate-entry": ("hermes: remove the entries of a store that repeat an earlier "
                               "one exactly (the first stays)",
                               lambda s, a: hermes_ops.remove_duplicate_entry(
                                   s, a.store, a.line, hermes_limits(a))),
}

#: The operations that are done another way under a profile (its own form).
BY_PROFILE: dict[tuple[str, str], Planner] = {
    ("gemini", "add-to-index"): lambda s, a: gemini_ops.add_pointer(
        s, a.memories, summary=a.title, all_unreachable=a.all_unreachable),
    ("gemini", "repoint"): lambda s, a: gemini_ops.repoint_pointer(
        s, a.old_target, a.new_target, a.remove_duplicate),
    ("gemini", "remove-link"): lambda s, a: remove_link(s, a, gemini_ops.remove_pointer),
    ("openclaw", "add-to-index"): lambda s, a: agent_ops.openclaw_add_to_index(
        s, a.memories, title=a.title, hook=a.hook, under=placed(a),
        all_unreachable=a.all_unreachable),
}


def remove_link(snap: Snapshot, ns: argparse.Namespace,
                from_index: Callable[[Snapshot, str], Changeset]) -> Changeset:
    """``remove-link``: the index's links to the target (``from_index``), or with ``--in``
    a memory's, made plain text as the app's X does (newuser23 #5: a broken link inside a
    memory, which the rule's Fix line sends here, could not be removed from the CLI)."""
    if ns.in_memory:
        return memory_ops.unlink(snap, ns.in_memory, ns.target)
    try:
        return from_index(snap, ns.target)
    except Refused as exc:
        found = memory_ops.holders(snap, ns.target)
        where = shell_path(found[0]) if len(found) == 1 else "MEMORY"
        also = f" ({', '.join(found)} hold it)" if len(found) > 1 else ""
        raise Refused(f"{exc}; for a link inside a memory: memtui fix remove-link PATH "
                      f"{ns.target} --in {where}{also}") from None


def hermes_limits(ns: argparse.Namespace) -> dict[str, int]:
    return {k: v for k in ("memory_char_limit", "user_char_limit")
            if (v := getattr(ns, k, None)) is not None}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from memtui.commands.parser import ArgumentParser

    sub = parser.add_subparsers(dest="op", required=True, metavar="OPERATION",
                                parser_class=ArgumentParser)
    ops = {}
    for name, (help_text, _) in OPERATIONS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("path", metavar="PATH", help="workspace folder, or its MEMORY.md")
        ops[name] = p
    named = "memory: path relative to the workspace, or its name"
    ops["add-to-index"].add_argument("memories", nargs="*", metavar="MEMORY", help=named)
    ops["add-to-index"].add_argument("--title", help="the entry's title (one memory)")
    ops["add-to-index"].add_argument("--hook", help="the entry's hook (one memory)")
    ops["add-to-index"].add_argument("--under", metavar="HEADING",
                                     help="put the entries at the end of this section (default: "
                                          "the section of their type, when there is one)")
    ops["add-to-index"].add_argument("--at", metavar="LINE", type=bounded(True, 1, 100_000_000),
                                     help="put the entries at this line of MEMORY.md (the "
                                          "lines from there move down), as the app's place "
                                          "'among the loaded lines'")
    ops["add-to-index"].add_argument("--all-unreachable", action="store_true",
                                     help="add every memory nothing leads to")
    ops["repoint"].add_argument("old_target", metavar="OLD_TARGET",
                                help="link target to replace (workspace-relative path)")
    ops["repoint"].add_argument("new_target", metavar="NEW_TARGET",
                                help="existing file to point at instead")
    ops["repoint"].add_argument("--remove-duplicate", action="store_true",
                                help="when the index links NEW_TARGET already (gemini: a "
                                     "pointer line names it), remove the repointed entry "
                                     "rather than keep two for one file")
    ops["remove-link"].add_argument("target", metavar="TARGET",
                                    help="link target (path, or a memory's name)")
    ops["remove-link"].add_argument("--in", dest="in_memory", metavar="MEMORY",
                                    help="the memory whose links to TARGET become their "
                                         "plain text (" + named + ")")
    ops["fold"].add_argument("memories", nargs="+", metavar="MEMORY", help=named)
    ops["fold"].add_argument("--label", help="the packed line's label (default: Cold, <month>)")
    ops["unfold"].add_argument("line_number", metavar="LINE_NUMBER",
                               type=bounded(True, 1, 100_000_000),
                               help="MEMORY.md line number of the packed line")
    ops["move-entry"].add_argument("memory", metavar="MEMORY", help=named)
    ops["move-entry"].add_argument("--to", metavar="LINE", required=True,
                                   type=bounded(True, 1, 100_000_000),
                                   help="the line the entry becomes (past the end: the last)")
    ops["rename"].add_argument("memory", metavar="MEMORY", help=named)
    ops["rename"].add_argument("new_name", metavar="NEW_NAME",
                               help="new name, a slug: lowercase words joined by - or _ "
                                    "(also the file name)")
    ops["fix-wikilinks"].add_argument("memory", nargs="?", metavar="MEMORY",
                                      help="only this memory (default: every file)")
    ops["new"].add_argument("name", metavar="NAME",
                            help="a slug: lowercase words joined by - or _ "
                                 "(the file is named the folder's way)")
    ops["new"].add_argument("--type", required=True, choices=KNOWN_TYPES)
    ops["new"].add_argument("--description", default="",
                            help="what the memory holds, one line: the agent picks memories "
                                 "by it (needed)")
    ops["new"].add_argument("--index", action="store_true", help="also add it to MEMORY.md")
    ops["delete"].add_argument("memories", nargs="+", metavar="MEMORY", help=named)
    ops["archive"].add_argument("memories", nargs="+", metavar="MEMORY", help=named)
    ops["archive"].add_argument("-v", "--verbose", action="store_true",
                                help="list each move, one per line (more than 5 memories: "
                                     "one summary line without it)")
    ops["redact"].add_argument("memory", metavar="MEMORY", help=named + " (or MEMORY.md)")
    ops["add-pointer"].add_argument("memories", nargs="*", metavar="MEMORY", help=named)
    ops["add-pointer"].add_argument("--summary", help="what the pointer line says the file "
                                    "is for (one memory; default: '<topic> notes')")
    ops["add-pointer"].add_argument("--all-unreachable", action="store_true",
                                    help="add a pointer for every topic file named nowhere")
    ops["remove-duplicate-entry"].add_argument("store", nargs="?", metavar="STORE",
                                               choices=hermes_ops.STORE_NAMES,
                                               help="MEMORY.md or USER.md (default: both)")
    ops["remove-duplicate-entry"].add_argument("--line", type=bounded(True, 1, 100_000_000),
                                               help="only the repeated entry starting on "
                                                    "this line of STORE")
    for flag, key in (("--memory-char-limit", "memory_char_limit"),
                      ("--user-char-limit", "user_char_limit")):
        ops["remove-duplicate-entry"].add_argument(
            flag, dest=key, type=bounded(True, 1, 10**9), metavar="N",
            help="the store's limit (default: Hermes' config.yaml, else its default)")
    for p in ops.values():
        p.add_argument("--profile", choices=PROFILES, default=None,
                       help="curate under this profile (default: .memtui.toml's, else the "
                            "one the folder's layout shows)")
        p.add_argument("--dry-run", action="store_true",
                       help="print the unified diff and write nothing")


#: Arguments that become text in a file (a name, a title): they must be valid UTF-8.
#: Paths and memories named by path may be any bytes the file system holds.
TEXT_ARGUMENTS = ("name", "new_name", "title", "hook", "under", "label", "description",
                  "summary")


def placed(ns: argparse.Namespace) -> str | int | None:
    """Where ``add-to-index`` puts the entries: ``--at`` LINE, or ``--under`` HEADING."""
    at = getattr(ns, "at", None)
    if at is not None and ns.under is not None:
        raise UsageError("give --under HEADING or --at LINE, not both")
    return at if at is not None else ns.under


def linked_past_limit(snap: Snapshot, profile: str) -> str | None:
    """What ``--all-unreachable`` says of the memories the index links only past the
    profile's load limit: it leaves them out (each has its entry, past the limit), as
    the app's ``A`` does (newuser26 #32: they were left out and nothing said so)."""
    if profile != "claude-code" or not snap.index.exists:
        return None
    options = AuditOptions()
    loaded = get_profile(profile).loaded_lines(snap.index, options.max_lines, options.max_bytes)
    linked = index_ops.index_lines_of(snap, snap.memories)
    late = sorted(min(at) for at in linked.values() if at and min(at) > loaded)
    if not late:
        return None
    return linked_late_note(len(late), late[0], "memtui fix archive MEMORY", "memtui fix fold")


def past_limit(snap: Snapshot, profile: str, memories: list[str]) -> None:
    """Refused, saying what helps, when a named memory is already linked only past the
    profile's load limit (issue 32 item 28: the CLI said a bare "already in the index
    (line 201)"; the app names the limit and the way out, so does this)."""
    options = AuditOptions()
    loaded = get_profile(profile).loaded_lines(snap.index, options.max_lines, options.max_bytes)
    for name in memories:
        try:
            rel = snap.memory(name).path
        except UsageError:  # the planner says it, as for any other name
            continue
        at = index_ops.index_line_of(snap, rel)
        if at and min(at) > loaded:
            raise Refused(f"{rel} is already in {INDEX_NAME} at line {min(at)}, past the load "
                          f"limit ({loaded:,} lines loaded): adding it again would not load "
                          "it; make room above it: archive memories you need less "
                          "(memtui fix archive MEMORY: moved to _archive/, their lines "
                          "dropped), or fold entries (memtui fix fold)")


def beyond_limit(snap: Snapshot, changeset: Changeset, profile: str,
                 replan: Callable[[int], Changeset] | None = None) -> list[str]:
    """Refused when an entry added to the index would land past the profile's load limit
    (never loaded: the orphan it was meant to fix stays one; newuser23 #35); the notes
    naming the loaded lines it would push out, else. ``replan``: the same addition at a
    line (``--at``), tried among the loaded lines so the refusal can name one that works,
    as the app's form proposes it (newuser26 #32)."""
    options = AuditOptions()
    past = changeset_past_limit(snap, changeset, profile, options)
    limit = f"the load limit ({options.max_lines:,} lines / {options.max_bytes:,} bytes)"
    if past.landing:
        (rel, line), more = past.landing[0], len(past.landing) - 1
        others = f" (and {plural(more, 'other entry', 'other entries')})" if more else ""
        ways = ["make room first (memtui fix fold, or remove lines)"]
        inside = None if replan is None else \
            loaded_place(snap, changeset, profile, options, replan)
        if inside is not None:
            at, out = inside[0], len(inside[2].pushed)
            ways.append(f"give --at {at} to put {'them' if more else 'it'} among the loaded "
                        f"lines ({plural(out, 'loaded line')} then "
                        f"{'fall' if out != 1 else 'falls'} past the limit)")
        loaded = past.loaded[0]
        if any(ln.kind == "heading" and ln.number <= loaded for ln in snap.index.lines):
            ways.append("give --under a heading among the loaded lines")
        how = ", or ".join(ways)
        raise Refused(f"the entry for {rel} would be line {line} of {INDEX_NAME}, past "
                      f"{limit}: never loaded{others}; nothing was written. "
                      f"{how[0].upper()}{how[1:]}")
    return [f"pushed past {limit}, no longer loaded: line {ln.number}: "
            f"{ln.text.strip()}" for ln, _ in past.pushed]


def not_utf8(ns: argparse.Namespace) -> str | None:
    """The first text argument that is not valid UTF-8 (undecodable bytes on the command
    line arrive as surrogate escapes), shown escaped; None when all are."""
    for key in TEXT_ARGUMENTS:
        value = getattr(ns, key, None)
        if isinstance(value, str) and utf8_safe(value) is not value:
            return f"{key.upper()} is not valid UTF-8: '{printable(value)}'"
    return None


#: Said when a write found its files changed since the read and was planned again.
REPLANNED = ("the workspace changed between memtui's read and its write (another memtui "
             "took its turn first, or an editor saved): planned again on what is there now")


def plan(ws: Workspace, ns: argparse.Namespace, profile: str) -> Changeset:
    """The operation ``ns`` asks for, planned on the workspace as it is now."""
    snap = Snapshot.read(ws)
    ns.agent_profile = profile  # (new --index places its entry among the loaded lines)
    planner = BY_PROFILE.get((profile, ns.op), OPERATIONS[ns.op][1])
    if ns.op == "add-to-index" and planner is OPERATIONS[ns.op][1]:
        past_limit(snap, profile, ns.memories)
    changeset = agent_ops.checked(profile, ns.op, ws, planner(snap, ns), hermes_limits(ns))
    if ns.op == "add-to-index" and changeset:
        def replan(at: int) -> Changeset:
            return planner(snap, argparse.Namespace(**{**vars(ns), "at": at, "under": None}))
        changeset.notes += beyond_limit(snap, changeset, profile, replan)
        changeset.notes += openclaw_notes(snap, changeset, profile)
        crowded = window_note(snap, changeset, profile, AuditOptions())
        changeset.notes += [crowded] if crowded else []
    if ns.op == "add-to-index" and ns.all_unreachable and planner is OPERATIONS[ns.op][1]:
        late = linked_past_limit(snap, profile)
        changeset.notes += [late] if late else []
    return changeset


def open_workspace_first(ns: argparse.Namespace) -> Workspace:
    """The workspace PATH names. PATH comes first and has no default (a MEMORY could be
    taken for a folder): a PATH that is not there, typed inside a workspace, is most
    likely the operation's first argument, and the error says how to write it."""
    try:
        return resolved_path(f"memtui fix {ns.op}", ns.path, "curating").workspace
    except WorkspaceError as exc:
        if os.path.lexists(ns.path) or not os.path.isfile(INDEX_NAME):
            raise
        raise WorkspaceError(f"{exc}; PATH, the workspace, comes first: for this folder, "
                             f"memtui fix {ns.op} . {shell_path(ns.path)} …") from None


def _say(line: str) -> None:
    print(printable(line), file=sys.stderr, flush=True)


def run(ns: argparse.Namespace) -> int:
    prog = f"memtui fix {ns.op}"
    try:
        problem = not_utf8(ns)
        if problem:
            raise UsageError(problem)
        ws = open_workspace_first(ns)
        profile = agent_ops.profile_for(ws, ns.profile)
        agent_ops.check_offered(profile, ns.op)
        changeset = plan(ws, ns, profile)
        record = None
        if changeset and not ns.dry_run:
            try:
                with announced(_say):  # an agent's lock waited for (newuser32 #42)
                    record = apply(ws, changeset)
            except Conflict as exc:
                if isinstance(exc, Recovered):
                    raise
                # Another memtui wrote between the read and the write (newuser23 #32: seven
                # at once): it held the lock, so take it and plan again on what it left, as
                # running the command again would. The app refuses instead: you saw a diff.
                with folder_lock(ws.state_dir):
                    changeset = plan(ws, ns, profile)
                    record = apply_locked(ws, changeset) if changeset else None
                changeset.notes.insert(0, REPLANNED)
    except AlreadyDone as exc:  # what was asked holds already (newuser25 #41)
        print(printable(f"{ns.op}: nothing to change ({exc})"))
        return 0
    except (WorkspaceError, UsageError, Refused) as exc:
        if str(exc) == memory_ops.NO_DESCRIPTION:  # (as the app's form asks for one)
            exc = UsageError(f"{exc}; give --description D")
        return report(prog, exc)
    except OSError as exc:  # the disk said no (full, read-only, permissions): nothing written
        where = f" ({exc.filename})" if exc.filename else ""
        return report(prog, Refused(f"{exc.strerror or exc}{where}"))
    if not changeset:
        print(printable(f"{ns.op}: nothing to change ({changeset.summary})"))
        return 0
    if record is None:  # a dry run
        sys.stdout.write(printable(changeset.diff(), lines=True))
        print(printable(f"dry run, nothing written: {changeset.planned}"))
    else:
        how = "not undoable" if is_redaction(record) else f"undo: memtui undo {shell_path(ns.path)}"
        print(printable(f"{changeset.summary} [#{record['id']}; {how}]"))
    if getattr(ns, "verbose", False):
        for line in changeset.details:
            print(f"  {printable(line)}")
    for note in changeset.notes:
        print(f"  {printable(note)}")
    if record is None:  # it ends with the refusal the real run would give, and its status
        try:
            refuse_unundoable(changeset)
        except Refused as exc:
            return report(prog, exc)
    return 0
