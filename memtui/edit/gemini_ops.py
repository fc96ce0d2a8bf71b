"""Gemini CLI's memory folder, curated in Gemini's own form (issue 33, 5): a topic file
MEMORY.md names nowhere gets a pointer line ``- See /abs/path/<topic>.md for <summary>.``
(the form Gemini's ``augmentWithAutoPointers`` writes), and a pointer line to a missing
file is repointed at an existing topic file or removed.

The pointer file is MEMORY.md, else a legacy GEMINI.md (which Gemini reads when there is
no MEMORY.md); a new pointer goes after the last pointer line, else at the end. Only the
lines the operation is about change; every other byte stays.
"""

from __future__ import annotations

import os
import posixpath

from memtui.core.profiles.gemini import POINTER, Gemini
from memtui.core.reporting.wording import plural
from memtui.core.workspace import INDEX_NAME
from memtui.edit.changeset import Changeset, Plan
from memtui.edit.errors import Refused, UsageError
from memtui.edit.snapshot import Snapshot

LEGACY = "GEMINI.md"
#: The longest summary a pointer line takes (it is loaded into every session).
MAX_SUMMARY = 200


def pointer_file(snap: Snapshot) -> str:
    """The file Gemini loads and finds topic files from: MEMORY.md, else GEMINI.md."""
    if snap.load(INDEX_NAME) is not None or snap.load(LEGACY) is None:
        return INDEX_NAME
    return LEGACY


def topics(snap: Snapshot) -> list[str]:
    """Gemini's topic files: the folder's markdown files but the pointer files, skills/
    and .inbox/."""
    mine = Gemini().memories_in(snap.ws)  # a repository's other files are none (#3)
    return [rel for rel in snap.memories
            if rel not in (INDEX_NAME, LEGACY) and mine(rel)
            and not rel.startswith(".inbox/")]


def _reader(snap: Snapshot):  # type: ignore[no-untyped-def]
    def read(rel: str) -> str | None:
        return snap.text(rel) if snap.load(rel) is not None else None
    return read


def named(snap: Snapshot) -> set[str]:
    """The topic files the pointer file names (by basename or absolute path), as the
    audit finds them."""
    rels = tuple(topics(snap))
    return Gemini().references(snap.ws, snap.index, rels, {}, _reader(snap)).found


def unnamed(snap: Snapshot) -> list[str]:
    """Topic files named nowhere: Gemini never reads them (the audit's orphans)."""
    found = named(snap)
    return [rel for rel in topics(snap) if rel not in found]


def pointer_prefix(snap: Snapshot) -> tuple[str, list[str]]:
    """The folder a new pointer line names its file under: the one the pointer file's
    absolute pointers to this folder's files were written for (a checked-in copy's lines
    name the agent's own home, ``/home/dev/.gemini/tmp/<p>/memory``: this machine's path
    there names a file Gemini cannot open where it runs, newuser40 #1), the most used of
    them, and a note when they name more than one; this folder's own path when none do."""
    from collections import Counter

    root = str(snap.ws.root)
    name = pointer_file(snap)
    text = snap.text(name) if snap.load(name) is not None else ""
    seen: Counter[str] = Counter()
    for _n, written, rel in Gemini().pointers(text, root):
        if rel is not None and os.path.isabs(written) and written.endswith("/" + rel):
            seen[written[:-len(rel) - 1]] += 1
    if not seen:
        return root, []
    prefix = seen.most_common(1)[0][0]
    if len(seen) == 1:
        return prefix, []
    named = ", ".join(f"{p} ({plural(n, 'line')})" for p, n in seen.most_common())
    return prefix, [f"{name}'s pointer lines name this folder's files under "
                    f"{len(seen):,} folders ({named}): the new lines use {prefix}, the "
                    "most used; make them agree where Gemini runs"]


def pointer_line(snap: Snapshot, rel: str, summary: str | None,
                 prefix: str | None = None) -> str:
    stem = posixpath.basename(rel)[:-3] if rel.lower().endswith(".md") else rel
    text = " ".join((summary if summary is not None else f"{stem} notes").split())
    if not text:
        raise UsageError("the summary is empty")
    if len(text) > MAX_SUMMARY:
        raise UsageError(f"the summary is {len(text):,} characters; at most {MAX_SUMMARY}")
    if not text.isprintable():
        raise UsageError("the summary holds control characters")
    path = f"{snap.ws.root if prefix is None else prefix}/{rel}"
    if not _plain(path):  # a pointer's path is one run of non-blank characters
        if not _plain(rel):
            raise Refused(f"{rel}: a pointer line cannot name a path holding blanks or "
                          "control characters; nothing was written")
        path = rel  # Gemini finds a topic file by its name too
    return f"- See {path} for {text.rstrip('.')}."


def _plain(path: str) -> bool:
    return path.isprintable() and not any(c.isspace() for c in path)


def add_pointer(snap: Snapshot, memories: list[str], *, summary: str | None = None,
                all_unreachable: bool = False) -> Changeset:
    """Add a pointer line for each topic file of ``memories`` (or, with
    ``all_unreachable``, every topic file named nowhere)."""
    args = {"memories": memories, "summary": summary, "all_unreachable": all_unreachable}
    if all_unreachable:
        if memories:
            raise UsageError("give MEMORY names or --all-unreachable, not both")
        rels = unnamed(snap)
    else:
        if not memories:
            raise UsageError("name at least one MEMORY (or use --all-unreachable)")
        rels = list(dict.fromkeys(snap.memory(m).path for m in memories))
    if summary is not None and len(rels) != 1:
        raise UsageError("--summary applies to one memory at a time")
    target = pointer_file(snap)
    found = named(snap)
    known = set(topics(snap))
    for rel in rels:
        if rel not in known:
            raise Refused(f"{rel} is not a Gemini topic file (skills/ and .inbox/ hold no "
                          "memories); nothing was written")
        if rel in found:
            raise Refused(f"{target} names {rel} already; nothing was written")
    if not rels:
        return Changeset("add-pointer", args, f"{target} names every topic file already")
    lines, refused = [], []
    prefix, disagree = pointer_prefix(snap)  # the folder the file's own pointers name
    for rel in rels:  # --all-unreachable adds what it can (newuser32 #49)
        try:
            lines.append(pointer_line(snap, rel, summary, prefix))
        except Refused:
            if not all_unreachable:
                raise
            refused.append(rel)
    left = [f"{rel}: not pointed to: a pointer line cannot name a path holding blanks or "
            "control characters (rename the file, then add its pointer)" for rel in refused]
    rels = [rel for rel in rels if rel not in refused]
    if not rels:
        cs = Changeset("add-pointer", args,
                       f"{target}: no pointer line can be added ({', '.join(refused)})")
        cs.notes += left
        return cs
    plan = Plan(snap)
    if snap.load(target) is None:
        plan.create(target, b"")
    raw = plan.raw(target)
    texts = raw.texts()
    pointers = [n for n, t in enumerate(texts, 1) if POINTER.match(t)]
    raw.insert(pointers[-1] + 1 if pointers else len(texts) + 1,
               lines)
    names = ", ".join(rels) if len(rels) <= 3 else plural(len(rels), "topic file")
    cs = plan.changeset("add-pointer", args,
                        f"{target}: +{plural(len(rels), 'pointer line')} ({names})")
    cs.notes += left + disagree + (snap.unread() if all_unreachable else [])
    return cs


def _key(snap: Snapshot, target: str) -> str:
    """A pointer's target (or one given on the command line) as a workspace-relative
    path when it lies in the folder, else as written."""
    t = target.replace("\\", "/")
    root = str(snap.ws.root)
    if os.path.isabs(t):
        if t.startswith(root + "/"):
            return posixpath.normpath(t[len(root) + 1:])
        return t
    return posixpath.normpath(t)


def _written(snap: Snapshot, texts: list[str]) -> list[tuple[int, str, str | None]]:
    """The pointer lines of ``texts``: (line, the path as written, the file in this folder
    it names, as the audit resolves it — a line written for the agent's own home on another
    machine names this folder's file by what follows that folder, newuser42 #1)."""
    found = [(n, m[1]) for n, t in enumerate(texts, 1) if (m := POINTER.match(t))]
    text = "\n".join(f"- See {w}" for _n, w in found)  # a path is one run of non-blanks
    mapped = Gemini().pointers(text, str(snap.ws.root))
    return [(n, w, rel) for (n, w), (_m, _w, rel) in zip(found, mapped, strict=True)]


def _lines_to(snap: Snapshot, texts: list[str], target: str) -> list[int]:
    """The pointer lines naming ``target``: the path as written, or the name the audit
    shows for it (the file inside this folder)."""
    want = _key(snap, target)
    return [n for n, written, rel in _written(snap, texts)
            if _key(snap, written) == want or rel == want]


def _pointers_to(snap: Snapshot, plan: Plan, target: str) -> tuple[str, list[int]]:
    name = pointer_file(snap)
    if snap.load(name) is None:
        raise UsageError(f"no {name} in {snap.ws.root}")
    lines = _lines_to(snap, plan.raw(name).texts(), target)
    if not lines:
        raise UsageError(f"no pointer line in {name} points at {target}")
    return name, lines


def duplicate_pointers(snap: Snapshot, old: str, new: str) -> tuple[list[int], list[int]]:
    """Pointer lines to ``old`` that repointing onto ``new`` makes second pointers to one
    topic file, and the lines that point at ``new`` already (both empty when none would)."""
    name = pointer_file(snap)
    if snap.load(name) is None:
        return [], []
    texts = Plan(snap).raw(name).texts()
    already = _lines_to(snap, texts, new)
    moved = [n for n in _lines_to(snap, texts, old) if n not in already]
    return (moved, already) if already and moved else ([], [])


def repoint_pointer(snap: Snapshot, old: str, new: str,
                    remove_duplicate: bool = False) -> Changeset:
    """Point the pointer lines to ``old`` at the topic file ``new`` (it must exist), in
    the form each was written in (an absolute path stays absolute).

    When a pointer line names ``new`` already, the repointed line would be a second one for
    one file: a warning says so, and ``remove_duplicate`` removes the repointed line instead
    (as the index profiles' repoint does with an entry)."""
    new_rel = _key(snap, new)
    if new_rel not in topics(snap):
        if new_rel in snap.memories:  # a file, but no memory of Gemini's (newuser26 #26)
            raise Refused(f"{new_rel} is not a Gemini topic file (skills/ and .inbox/ hold "
                          "no memories); nothing was written")
        raise UsageError(f"no topic file at {new}{snap.did_you_mean(new)}")
    plan = Plan(snap)
    name, lines = _pointers_to(snap, plan, old)
    raw = plan.raw(name)
    moved, already = duplicate_pointers(snap, old, new_rel)
    # an absolute pointer names its file under the folder the other lines use, as
    # add-pointer's do: this machine's path names no file where Gemini runs (newuser42 #2)
    prefix, _disagree = pointer_prefix(snap)
    for n in lines:
        if remove_duplicate and n in moved:
            continue
        text = raw.text(n)
        m = POINTER.match(text)
        assert m is not None
        was = m[1]
        now = f"{prefix}/{new_rel}" if os.path.isabs(was) else new_rel
        raw.set(n, text[:m.start(1)] + now + text[m.end(1):])
    if remove_duplicate:
        for n in sorted(moved, reverse=True):
            raw.delete(n)
    args: dict[str, object] = {"old": old, "new": new_rel}
    gone = moved if remove_duplicate else []
    if remove_duplicate:
        args["remove_duplicate"] = True
    what = [f"{plural(len(lines) - len(gone), 'pointer line')} from {old} to {new_rel}"
            ] if len(lines) > len(gone) else []
    dup = [f"the duplicate pointer line {gone[0]} (line {already[0]} points at {new_rel} "
           "already)"] if gone else []
    cs = plan.changeset("repoint", args, f"{name}: " + "; ".join(
        [*(f"repointed {w}" for w in what), *(f"removed {d}" for d in dup)]))
    cs.preview = f"{name}: " + "; ".join(
        [*(f"will repoint {w}" for w in what), *(f"will remove {d}" for d in dup)])
    if moved and not remove_duplicate:
        cs.notes.append(
            f"warning: {name}:{already[0]} points at {new_rel} already, so lines "
            f"{already[0]} and {moved[0]} become two pointer lines for one file; "
            f"--remove-duplicate removes line {moved[0]} (the repointed one)")
    return cs


def remove_pointer_in(plan: Plan, target: str) -> tuple[str, int]:
    """Remove the pointer lines to ``target`` in ``plan``: (the pointer file, how many)."""
    name, lines = _pointers_to(plan.snap, plan, target)
    raw = plan.raw(name)
    for n in reversed(lines):
        raw.delete(n)
    return name, len(lines)


def remove_pointer(snap: Snapshot, target: str) -> Changeset:
    """Remove the pointer lines to ``target``."""
    plan = Plan(snap)
    name, count = remove_pointer_in(plan, target)
    what = f"{plural(count, 'pointer line')} to {target}"
    cs = plan.changeset("remove-link", {"target": target}, f"{name}: removed {what}")
    cs.preview = f"{name}: will remove {what}"
    return cs
