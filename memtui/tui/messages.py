"""Messages the views send up to the app."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class MemorySelected(Message):
    """The cursor rests on a row about ``path`` (preview it, without moving focus)."""

    path: str
    line: int | None = None


@dataclass
class JumpTo(Message):
    """The operator asked to go to ``path`` at ``line`` (Enter on a finding, say)."""

    path: str
    line: int | None = None
