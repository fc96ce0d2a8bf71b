"""A dialog that shows what will happen (lines, or a unified diff) and asks for a yes."""

from __future__ import annotations

from typing import ClassVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import Button, Static

from memtui.core.reporting.safe_output import printable
from memtui.tui.dialogs.curate_screen import CurateScreen
from memtui.tui.dialogs.diff_view import diff_view


class ConfirmScreen(CurateScreen[bool]):
    """Show what will happen (lines of text, or a unified diff) and ask for a yes.

    Enter confirms (unless the focus is on Cancel): the focus starts on the scrollable
    details, so without the binding the dialog could only be answered by Tab or mouse.
    A ``danger`` dialog (delete, redact, remove, undo) starts on Cancel instead. In every
    one Tab goes first to the dialog's own button, and a line says so (newuser29 #24: Tab,
    Enter applied a delete but cancelled a fold, which started on its details).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "to_button", "Next field"),
    ]

    def __init__(self, title: str, lines: list[str], confirm: str = "Apply",
                 danger: bool = False, diff: str = "", cancel: bool = True) -> None:
        super().__init__(title)
        self.cancel_button = cancel
        self.lines = lines
        self.diff = diff
        self.confirm_label = confirm
        self.confirm_variant = "error" if danger else "primary"
        self.danger = danger

    def hint(self) -> str:
        return self.focus_hint()

    def tab_from_details(self) -> str:
        return self.confirm_label  # (`action_to_button`)

    def action_to_button(self) -> None:
        """Tab: from the details to the dialog's own button (as from a danger dialog's
        Cancel), then on as usual."""
        if isinstance(self.focused, Button):
            self.focus_next()
        else:
            self.set_focus(self.query_one("#confirm", Button))

    def body(self) -> ComposeResult:
        with VerticalScroll():
            if self.lines:
                yield Static(printable("\n".join(self.lines), lines=True), id="details",
                             markup=False)
            if self.diff:
                yield Static(diff_view(self.diff), id="diff")

    def on_mount(self) -> None:  # (CurateScreen's is called too: Textual walks the MRO)
        if self.diff:
            self.call_after_refresh(self._show_first_change)

    def _show_first_change(self) -> None:
        """Scroll (no further than needed) so the diff's first changed line is in view: at
        80×24 the redaction dialog showed the headers and the context, its changed lines
        below the fold (newuser40 #13)."""
        shown = self.query("#diff")
        if not shown:
            return
        diff = cast(Static, shown.first())
        frame = self.query_one(VerticalScroll)
        row = diff_view(self.diff).first_change(self.app.console, diff.content_size.width)
        if row is None:
            return
        y = diff.content_region.y - frame.region.y + int(frame.scroll_y) + row
        frame.scroll_to_region(Region(0, y, 1, 2), animate=False, immediate=True)

    def result(self) -> bool:
        return True
