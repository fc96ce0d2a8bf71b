"""Numbering the chat agent's turns, so "turn 4" names one turn wherever it is shown
(``memtui history``, ``undo --turn``, the chat pane's line after a turn, its ctrl+z dialog).

Numbers keep growing across chats in one workspace: a new chat (ctrl+n) or a restart goes
on from the highest number used so far, which the chat history file keeps and the journal
confirms (its newest agent turn), so a lost or cleared history never starts again at 1.
"""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any

from memtui.core.workspace import Workspace
from memtui.edit.changeset import Turn
from memtui.edit.errors import Refused
from memtui.edit.journal import Journal


def new_turn(number: int) -> Turn:
    """Turn ``number``, with an id no other turn has."""
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S")
    return Turn(f"{stamp}-{secrets.token_hex(4)}", max(number, 1))


def newest_journaled(ws: Workspace) -> int:
    """The highest agent turn number the workspace's journal holds (0: none, or
    unreadable)."""
    try:
        return Journal(ws).highest_turn()
    except (Refused, OSError):
        return 0


def next_number(used: int, history: list[dict[str, Any]], journaled: int) -> int:
    """The number of the turn about to start: past ``used`` (the highest this workspace's
    chats have used, as the history file keeps it), the user messages of ``history`` (a
    file from before that was kept) and ``journaled``."""
    asked = sum(1 for m in history if m.get("role") == "user")
    return max(used, asked, journaled) + 1


def claimed(turn: Turn, ws: Workspace) -> Turn:
    """``turn`` as its first write journals it, the workspace lock held: renumbered past
    the journal's highest when another chat on this workspace (a second window, a second
    ``serve`` tab) took its number meanwhile (newuser36 #30: both chats' turns were "turn
    1", and ctrl+z in one undid the other's)."""
    highest = newest_journaled(ws)
    return turn if highest < turn.number else Turn(turn.id, highest + 1)


def stored_count(value: object) -> int:
    """The turn count kept in the history file (untrusted: anything odd counts as 0)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31:
        return value
    return 0
