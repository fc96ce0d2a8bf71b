"""The help names the width where the chat and the preview share one place as the layout
does (newuser21 #1: the help said "below 120 columns" where the layout, and docs/app.md,
switch at 176: at 160 columns the chat took the preview's place, the help said otherwise)."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.dialogs.help import KEY_HELP
from memtui.tui.layout import NARROW, THREE_PANES, VIEWS_WHILE_CHATTING

DOCS = Path(__file__).resolve().parents[2] / "docs" / "app.md"


def test_the_help_and_the_docs_give_the_layouts_widths() -> None:
    for action in ("toggle_preview", "toggle_chat"):
        assert f"below {THREE_PANES} columns" in KEY_HELP[action], KEY_HELP[action]
        assert f"below {NARROW} columns" not in KEY_HELP[action]
    docs = " ".join(DOCS.read_text(encoding="utf-8").split())
    assert f"The chat sits beside both from {THREE_PANES} columns" in docs
    assert f"it takes all but {VIEWS_WHILE_CHATTING} columns" in docs
