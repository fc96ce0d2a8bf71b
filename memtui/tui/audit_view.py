"""A view of one audit result: it takes each new result at once and draws it when shown.

Drawing a hidden view would cost every re-audit the price of all seven views, so a view
that is not displayed only remembers that it is stale and draws on ``ensure_fresh``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Input

from memtui.core.audit import AuditResult
from memtui.tui.messages import displayed
from memtui.tui.palette import Palette


class AuditView(Vertical):
    """Base class of the views; subclasses draw a result in ``draw``."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.result: AuditResult | None = None
        self.palette = Palette()
        self._dirty = False

    def set_result(self, result: AuditResult, palette: Palette,
                   changed: set[str] | None = None, rows: list[Any] | None = None) -> None:
        """Take a new audit (``changed``: the files it re-read; ``rows``: a table's rows
        when already built off the UI thread); draw it now when the view is visible."""
        self.result, self.palette = result, palette
        self._dirty = True
        if displayed(self):
            self.rebuild()

    def ensure_fresh(self) -> None:
        if self._dirty:
            self.rebuild()

    def rebuild(self) -> None:
        result = self.result
        if result is None or not self.is_mounted:
            return
        self._dirty = False
        self.draw(result)

    def draw(self, result: AuditResult) -> None:
        raise NotImplementedError


class FilteredView(AuditView):
    """An audit view with a summary line and a filter box over its ``body`` (a table, a
    tree): typing narrows the view, Enter goes back to the body (and so does Esc, the
    app's way out of any input)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("slash", "focus_filter", "Filter")]

    DEFAULT_CSS = """
    FilteredView { height: 1fr; }
    FilteredView > .summary {
        height: 1; padding: 0 1; color: $text-muted;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    FilteredView > Input.filter { height: 1; border: none; padding: 0 1; margin: 0; }
    FilteredView > Input.filter:focus { border: none; background: $boost; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.filter_text = ""

    @property
    def body(self) -> Widget:
        raise NotImplementedError

    def refilter(self) -> None:
        """Show what ``filter_text`` lets through."""
        raise NotImplementedError

    def action_focus_filter(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Changed, ".filter")
    def _filter(self, event: Input.Changed) -> None:
        event.stop()
        self.filter_text = event.value
        self.refilter()

    @on(Input.Submitted, ".filter")
    def _filter_done(self, event: Input.Submitted) -> None:
        event.stop()
        self.body.focus()
