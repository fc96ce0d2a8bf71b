"""Messages the views send up to the app (and when a view may send them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.message import Message
from textual.widget import Widget

#: The layer a view built ahead is laid out in, under the shown view's and placed below the
#: screen (``build_ahead``): a view there is not displayed, though its pane is.
AHEAD_LAYER = "ahead"


def displayed(widget: Widget) -> bool:
    """Whether ``widget`` and all its ancestors are displayed (its tab is the active one;
    not a view laid out ahead, covered)."""
    return widget.is_mounted and all(
        node.display and node.styles.layer != AHEAD_LAYER
        for node in widget.ancestors_with_self if isinstance(node, Widget))


#: What a grouped row of the Findings view (``(8 files)``) is about, as the preview is told
#: of it: not a path (no file name holds a NUL), its group's kind, severity and folder
#: (`grouped_path`, `grouped_of`).
GROUPED = "\x00group\x00"


def grouped_path(kind: str, severity: str, folder: str | None) -> str:
    """The preview's "path" of the group of ``kind`` findings of ``severity`` (in the noise
    folder ``folder``)."""
    return f"{GROUPED}{kind}\x00{severity}\x00{'' if folder is None else folder}"


def grouped_of(path: str | None) -> tuple[str, str, str | None] | None:
    """(kind, severity, folder) of a `grouped_path`; None for a path."""
    if not path or not path.startswith(GROUPED):
        return None
    kind, severity, folder = path[len(GROUPED):].split("\x00", 2)
    return kind, severity, folder or None


@dataclass
class MemorySelected(Message):
    """The cursor rests on a row about ``path`` (preview it, without moving focus); None:
    the active view has nothing selected (the preview says so rather than keep a file).
    ``now``: show it at once (a view was just shown), not once the cursor settles."""

    path: str | None
    line: int | None = None
    now: bool = False


@dataclass
class JumpTo(Message):
    """The operator asked to go to ``path`` at ``line`` (Enter on a finding, say)."""

    path: str
    line: int | None = None


@dataclass
class CommitSelected(Message):
    """The Trend view's cursor rests on ``point`` (one commit's figures, as
    ``memtui.core.git.trend.trend`` gives them): the preview shows that commit."""

    point: dict[str, Any]
