"""What an undo in part must leave too, so that it never leaves a broken link nobody named.

An undo that leaves a file as it is (something else wrote it since: the agent, an editor)
and puts the others back can delete a memory the file left as it is still links: MEMORY.md
keeps its line ``[User role](memory/user-role.md)`` and the memory is gone (newuser34 #7).
One rule for both undos (one operation, ``memtui undo`` and ``u``; one agent turn,
``memtui undo --turn`` and the chat pane's ctrl+z): such a memory stays too, and so does
one a kept memory links in turn.
"""

from __future__ import annotations

from collections.abc import Mapping

from memtui.core.workspace import Workspace
from memtui.edit.changeset import FileChange
from memtui.edit.linkedit import linked_from, links_in


def keep_linked(changes: list[FileChange], staying: Mapping[str, bytes | None],
                kept: dict[str, str]) -> None:
    """Take out of ``changes`` every deletion of a file that a file staying as it is links,
    and record it in ``kept`` (path → the staying file that links it).

    ``staying``: path → the bytes now of each file the undo leaves as it is. A kept file
    stays as it is too (its bytes now are the change's ``before``), so what it links is
    kept in turn, until nothing more is.
    """
    links = {p: links_in(data, p) for p, data in staying.items()}
    more = True
    while more:
        more = False
        for ch in list(changes):
            by = linked_from(ch.path, links) if ch.after is None else None
            if by is not None:
                kept[ch.path] = by
                changes.remove(ch)
                links[ch.path] = links_in(ch.before, ch.path)
                more = True


def kept_lines(kept: Mapping[str, str]) -> list[str]:
    """``  memory/x.md stays too: MEMORY.md, which stays, links it (…)`` for each file kept
    so that no link is left broken (the dialogs' lines)."""
    return [f"  {p} stays too: {by}, which stays, links it (deleting it would leave a "
            "broken link)" for p, by in kept.items()]


def kept_clause(kept: Mapping[str, str]) -> str:
    """``; memory/x.md would stay too: MEMORY.md links it`` (the command line's)."""
    return "".join(f"; {p} would stay too: {by} links it" for p, by in kept.items())


def unindexed(changes: list[FileChange], staying: Mapping[str, bytes | None],
              index: str | None) -> list[str]:
    """The memories the undo makes again that the index, staying as it is, does not link:
    put back without the lines the operation took out of it, they come back as orphans
    (newuser37 #7: an archive undone in part, the agent having appended to MEMORY.md)."""
    if index is None or index not in staying:
        return []
    links = {index: links_in(staying[index], index)}
    return [ch.path for ch in changes
            if ch.before is None and ch.after is not None and ch.path.endswith(".md")
            and linked_from(ch.path, links) is None]


def unindexed_clause(paths: list[str]) -> str:
    """``; memory/a.md and 15 more come back without their index lines: orphans (…)`` ("" for
    none)."""
    if not paths:
        return ""
    if len(paths) == 1:
        return (f"; {paths[0]} comes back without its index line: an orphan (A in the Index "
                "view, or memtui fix add-to-index, links it)")
    return (f"; {paths[0]} and {len(paths) - 1:,} more come back without their index lines: "
            "orphans (A in the Index view, or memtui fix add-to-index, links them)")


def index_rel(ws: Workspace) -> str | None:
    """The index's path inside the workspace (None when it is elsewhere)."""
    try:
        return ws.index_path.relative_to(ws.root).as_posix()
    except ValueError:
        return None
