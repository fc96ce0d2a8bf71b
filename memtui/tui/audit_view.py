"""A view of one audit result: it takes each new result at once and draws it when shown.

Drawing a hidden view would cost every re-audit the price of all seven views, so a view
that is not displayed only remembers that it is stale and draws on ``ensure_fresh``.
"""

from __future__ import annotations

from typing import Any

from textual.containers import Vertical

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
