"""One line across the pane: a truncation warning (red), a failure, or a plain notice."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from memtui.core.reporting.safe_output import printable

KINDS = ("truncation", "error", "warning", "info")


class Banner(Static):
    DEFAULT_CSS = """
    Banner { display: none; padding: 0 1; height: auto; }
    Banner.-shown { display: block; }
    Banner.truncation, Banner.error { background: $error; color: $text; text-style: bold; }
    Banner.warning { background: $warning 40%; }
    Banner.info { background: $boost; }
    """

    def show(self, text: str, kind: str = "error") -> None:
        self.set_classes(f"{kind} -shown")
        self.update(Content(printable(text)))  # plain text: a server's words are no markup
        self.message = text
        self.kind = kind

    def clear(self) -> None:
        self.set_classes("")
        self.update("")
        self.message = ""
        self.kind = ""

    message: str = ""
    kind: str = ""
