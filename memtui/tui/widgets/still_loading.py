"""What a view shows while its audit is being made: words that stay still.

Textual's ``LoadingIndicator`` redraws itself 16 times a second. Over the views' area each
frame cost about 15 ms of the interpreter, which the audit's worker was waiting for: 20–50
frames before a 10,000-memory audit reached the screen. The header says how far the
audit has come, so the views need not move. A view whose rows are built after the audit
was shown says so in its own words (`memtui.tui.widgets.audit_table.AuditTable`)."""

from __future__ import annotations

from weakref import WeakKeyDictionary

from textual import on
from textual.events import InputEvent, Resize
from textual.widget import Widget
from textual.widgets import Static

#: The width each covered widget's cover has: the covered one's content width. Textual lays
#: out the cover in its place and not the widget itself, whose ``size`` stays empty.
_COVERED: WeakKeyDictionary[Widget, int] = WeakKeyDictionary()


def covered_width(widget: Widget) -> int:
    """The width of the area a cover takes over ``widget`` (0: not covered, or not laid
    out yet): what ``widget``'s content will have when uncovered."""
    return _COVERED.get(widget, 0)


class StillLoading(Static):
    """A loading cover (``App.get_loading_widget``) that is drawn once."""

    DEFAULT_CSS = """
    StillLoading {
        width: 100%;
        height: 100%;
        min-height: 1;
        content-align: center middle;
        color: $text-muted;
    }
    StillLoading.-textual-loading-indicator {
        layer: _loading;
        background: $boost;
        dock: top;
    }
    """

    def __init__(self, words: str = "auditing …") -> None:
        super().__init__(words)

    def on_resize(self, event: Resize) -> None:
        if isinstance(self.parent, Widget):  # what it covers (Textual makes it the parent)
            _COVERED[self.parent] = event.size.width

    @on(InputEvent)
    def on_input(self, event: InputEvent) -> None:
        """What it covers takes no input meanwhile (as Textual's indicator does)."""
        event.stop()
        event.prevent_default()
