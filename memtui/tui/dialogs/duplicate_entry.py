"""Confirm a change that would leave two index entries for one file, offering to remove the
duplicate in the same operation; the diff follows the choice."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Checkbox, Static

from memtui.core.reporting.safe_output import printable
from memtui.tui.dialogs.curate_screen import CurateScreen
from memtui.tui.dialogs.diff_view import diff_view


class DuplicateEntryScreen(CurateScreen[bool]):
    """Show the change and a checkbox (on at first) that removes the duplicate entry; the
    answer is whether to remove it (None: cancelled). The focus starts on the diff, so
    Enter confirms and space turns the removal on or off."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_remove", "Remove the duplicate on/off"),
    ]

    def __init__(self, title: str, warning: str, remove_label: str, diff_removed: str,
                 diff_kept: str, confirm: str = "Apply") -> None:
        """``diff_removed`` / ``diff_kept``: the change with / without the removal."""
        super().__init__(title)
        self.warning = warning
        self.remove_label = remove_label
        self.diffs = {True: diff_removed, False: diff_kept}
        self.confirm_label = confirm

    def body(self) -> ComposeResult:
        yield Static(printable(self.warning, lines=True), classes="error", markup=False)
        yield Checkbox(printable(self.remove_label), value=True, id="remove-duplicate")
        with VerticalScroll():
            yield Static(self._diff(True), id="diff")

    def on_mount(self) -> None:
        # At once (see CurateScreen.on_mount), and not scrolled to: at 80x24 the dialog
        # opened at its diff, the title naming the new target above it (newuser27 #32).
        self.set_focus(self.query_one(VerticalScroll), scroll_visible=False)

    def action_toggle_remove(self) -> None:
        self.query_one("#remove-duplicate", Checkbox).toggle()

    def _diff(self, removed: bool) -> Table:
        return diff_view(self.diffs[removed])

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self.query_one("#diff", Static).update(self._diff(event.value))

    def result(self) -> bool:
        return self.query_one("#remove-duplicate", Checkbox).value
