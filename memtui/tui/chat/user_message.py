"""What the operator said."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from memtui.core.reporting.safe_output import printable


class UserMessage(Static):
    DEFAULT_CSS = """
    UserMessage { margin: 1 0 0 0; padding: 0 1; background: $boost; }
    """

    def __init__(self, text: str) -> None:
        super().__init__(Text.assemble(("you  ", "bold"), printable(text, lines=True)))
        self.text = text
