"""One line saying what a change on disk did to the memory, e.g.
``memory/user-role.md created — not in the index``."""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterable

from memtui.core.audit import AuditResult
from memtui.core.reporting.unloaded_lines import added_unloaded, unloaded_phrase
from memtui.core.reporting.wording import plural
from memtui.core.scanner.scan import FileScan
from memtui.core.workspace import INDEX_NAME, in_archive


def describe_change(paths: Iterable[str], before: AuditResult | None,
                    after: AuditResult) -> str | None:
    """Describe what changed between two audits, most important first; None when the
    changed paths touch no memory (say a file outside ``memory/``) or are as they were (the
    watcher's late echo of a write the app has already audited)."""
    notes: list[str] = []
    old = before.scans if before else {}
    new = after.scans
    changed = set(paths)
    renamed = _renames(changed, old, new)
    archived: list[tuple[str, str]] = []  # memories moved into an archive folder: (was, is)
    for rel in sorted(changed - set(renamed.values()), key=lambda r: (r != INDEX_NAME, r)):
        if rel in renamed:  # the same text gone here, come there (newuser28 #9)
            to = renamed[rel]
            still = any(b.target == rel for b in after.broken_links)
            notes.append(f"{rel} renamed to {to} — " + (
                "the index still links the old name (e in Broken links: repoint)" if still
                else _reach(to, after)))
        elif rel == INDEX_NAME:
            if before is None or before.index.text != after.index.text or \
                    before.index.exists != after.index.exists:
                notes.append(_index_note(before, after))
        elif rel in new and rel not in old:
            notes.append(f"{rel} created — " + _reach(rel, after))
        elif rel in new and same_content(new[rel], old[rel]):
            continue
        elif rel in new:
            notes.append(f"{rel} changed" + (f" — {_reach(rel, after)}"
                                             if rel not in after.index_linked else ""))
        elif rel in old and (kept := _archived_at(rel, changed, after)) is not None:
            archived.append((rel, kept))
        elif rel in old:
            still = any(b.target == rel for b in after.broken_links)
            notes.append(f"{rel} deleted" + (" — the index still links it" if still else ""))
        else:
            gone = [p for p in old if p.startswith(rel.rstrip("/") + "/") and p not in new]
            if gone:
                notes.append(f"{rel}/ removed — {plural(len(gone), 'memory file')} gone")
    if archived:  # (newuser35 #8: an archive of 1,199 read "x.md deleted (+432 more)")
        folders = sorted({posixpath.dirname(p) + "/" for _, p in archived})
        into = folders[0] if len(folders) == 1 else "archive folders"
        notes.insert(0, f"{archived[0][0]} moved into {into}" if len(archived) == 1 else
                     f"{plural(len(archived), 'memory', 'memories')} moved into {into} "
                     "(not audited, not in the index)")
    if not notes:
        return None
    return notes[0] + (f"  (+{len(notes) - 1} more)" if len(notes) > 1 else "")


def _archived_at(rel: str, changed: set[str], after: AuditResult) -> str | None:
    """Where memory ``rel``, gone, is now when it was moved into an archive folder beside
    it or above it (``fix archive``: ``_archive/`` beside it), else None."""
    folder, base = posixpath.split(rel)
    for path in changed:  # (the watcher saw it come there)
        if posixpath.basename(path) == base and in_archive(path) and \
                posixpath.dirname(posixpath.dirname(path)) == folder:
            return path
    root = getattr(getattr(after, "workspace", None), "root", None)
    if root is None:
        return None
    for name in getattr(after, "archives_excluded", None) or ():
        if posixpath.dirname(name) == folder and os.path.isfile(os.path.join(root, name, base)):
            return f"{name}/{base}"
    return None


def _renames(changed: set[str], old: dict[str, FileScan], new: dict[str, FileScan]
             ) -> dict[str, str]:
    """The files of one batch of changes that left one name and came under another with
    the same text (a ``mv``): the old name → the new. A text several files left or came
    with pairs none of them (which went where is not known)."""
    gone: dict[tuple[bytes, str], list[str]] = {}
    for rel in changed:
        if rel in old and rel not in new:
            gone.setdefault(_text_key(old[rel]), []).append(rel)
    came: dict[tuple[bytes, str], list[str]] = {}
    for rel in changed:
        if rel in new and rel not in old:
            came.setdefault(_text_key(new[rel]), []).append(rel)
    return {was[0]: now[0] for key, was in gone.items()
            if len(was) == 1 and len(now := came.get(key, [])) == 1}


def _text_key(scan: FileScan) -> tuple[bytes, str]:
    """What `same_content` compares, as one key: the digest, else the text."""
    return (scan.digest, "") if scan.digest else (b"", scan.memory.text or "")


def same_content(a: FileScan, b: FileScan) -> bool:
    """Whether two scans were made from the same text: their content digests (the app's
    scans keep no text, issue 35), their texts when either has none."""
    if a.digest and b.digest:
        return a.digest == b.digest
    return a.memory.text == b.memory.text


def _reach(rel: str, after: AuditResult) -> str:
    if rel in after.index_linked:
        return after.reach(rel)  # or the agent's own way of finding it (newuser26 #6)
    if rel in after.reachable:
        return "not in the index (reachable by links)"
    return "not in the index"


def _store_entries(result: AuditResult) -> int | None:
    """The entries of MEMORY.md when it is a store of entries (Hermes'), as the header
    counts them; None otherwise."""
    block = getattr(result, "block", None)
    return next((load.entries for load in getattr(block, "loads", ())
                 if load.entries is not None and load.what == INDEX_NAME), None)


def _new_credentials(before: AuditResult, after: AuditResult) -> int:
    def count(r: AuditResult) -> int:
        return sum(1 for f in r.findings if f.kind == "secret" and f.path == INDEX_NAME)
    return max(0, count(after) - count(before))


def _index_note(before: AuditResult | None, after: AuditResult) -> str:
    idx = after.index
    if not idx.exists:
        return f"{INDEX_NAME} deleted — the index is empty; nothing is injected"
    stored = _store_entries(after)
    if stored is not None:  # a store (Hermes'): its entries, not the index's links
        # (newuser34 #12: "MEMORY.md changed — 0 entries" for a store of 44)
        was = _store_entries(before) if before is not None else None
        note = f"{INDEX_NAME} {'changed' if before is not None else 'created'} — " \
            f"{plural(stored, 'entry', 'entries')}" + (
                f" (was {was:,})" if was is not None and was != stored else "")
        new = _new_credentials(before, after) if before is not None else 0
        return note + (f", {plural(new, 'new credential')}" if new else "")
    # Entries as the header and ``audit --json`` count them: packed lines apart.
    n, packed = len(idx.entries), len(idx.packed)
    if before is None or not before.index.exists:
        return f"{INDEX_NAME} created — {plural(n, 'entry', 'entries')}" + (
            f", {packed:,} packed" if packed else "")
    was, was_packed = len(before.index.entries), len(before.index.packed)
    # a line written where the agent never loads it, first: whoever wrote it (newuser38 #19:
    # Claude Code's line 228 read "61 entries (was 60)"; the chat pane said it for memtui's
    # own agent), in the same words (`unloaded_phrase`)
    late = added_unloaded(before, after)
    note = f"{INDEX_NAME} changed — " + (f"{unloaded_phrase(late, after)}; " if late else "") \
        + plural(n, 'entry', 'entries') + (f" (was {was:,})" if n != was else "")
    if packed or was_packed:
        note += f", {packed:,} packed" + (f" (was {was_packed:,})"
                                           if packed != was_packed else "")
    new_broken = len(after.broken_links) - len(before.broken_links)
    if new_broken > 0:
        note += f", {plural(new_broken, 'new broken link')}"
    return note
