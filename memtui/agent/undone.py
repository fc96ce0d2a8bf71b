"""What the model is told of its writes the operator undid since (newuser28 #23).

The chat history keeps what happened: a tool message answering a write says what it wrote
and names its journal record (``journaled``). When that record is undone afterwards —
ctrl+z in the app, or ``memtui undo`` from a shell — the files are back as they were, yet
the history sent on would still tell the model its write stands (and its own "I saved it"
after it). So every request's copy of that tool message carries a note saying it was
undone; the history file itself is left as it was.
"""

from __future__ import annotations

from typing import Any

from memtui.core.workspace import Workspace
from memtui.edit.errors import Refused
from memtui.edit.journal import Journal

NOTE = ("\n[memtui: the operator has since undone this change (journal #{id}): the file is "
        "back as it was before this call, so what it wrote is not in memory now]")


def undone_ids(ws: Workspace, history: list[dict[str, Any]]) -> set[int]:
    """The journal records named in ``history`` that are undone now (none when the history
    names none, or the journal cannot be read)."""
    named = {m.get("journaled") for m in history if m.get("role") == "tool"}
    if not any(isinstance(n, int) and not isinstance(n, bool) for n in named):
        return set()
    try:
        return {r["id"] for r in Journal(ws).records() if r.get("undone")} & named
    except (Refused, OSError):
        return set()


def with_undo_notes(history: list[dict[str, Any]], undone: set[int]) -> list[dict[str, Any]]:
    """``history`` as sent: each tool message whose record is in ``undone`` ends with the
    note (copies; the messages given are not changed)."""
    if not undone:
        return history
    return [{**m, "content": str(m.get("content") or "") + NOTE.format(id=m["journaled"])}
            if m.get("role") == "tool" and m.get("journaled") in undone else m
            for m in history]
