"""A dialog to pick one of several suggestions, or type a value."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from memtui.core.reporting.safe_output import printable
from memtui.edit.draft import plain
from memtui.tui.dialogs.curate_screen import CurateScreen


class ChoiceScreen(CurateScreen[str]):
    """Pick one of the suggestions, or type a value."""

    def __init__(self, title: str, prompt: str, suggestions: list[str], value: str = "",
                 confirm: str = "Apply",
                 check: Callable[[str], str | None] | None = None) -> None:
        """``check``: what is wrong with a value (None: nothing), said under the field as it
        is typed; the dialog stays open on a value with a problem (what was typed is kept)."""
        super().__init__(title)
        self.prompt = prompt
        self.suggestions = suggestions
        # (a value drafted from a memory: no control character reaches the terminal raw,
        # newuser23 #14)
        self.value = plain(value or (suggestions[0] if suggestions else ""))
        self.confirm_label = confirm
        self.check = check

    def body(self) -> ComposeResult:
        yield Label(printable(self.prompt), markup=False)
        if self.suggestions:
            yield OptionList(*(Option(Text(printable(s)), id=s) for s in self.suggestions),
                             id="suggestions")
        yield Input(self.value, id="value")
        if self.check is not None:
            yield Static("", classes="error", id="problem", markup=False)

    def on_input_changed(self, event: Input.Changed) -> None:
        if self.check is not None and event.input.id == "value":
            value = event.value.strip()
            problem = self.check(value) if value and value != self.value else None
            self.query_one("#problem", Static).update(printable(problem or ""))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self.query_one("#value", Input).value = event.option.id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.query_one("#value", Input).value = event.option.id

    def result(self) -> str | None:
        value = self.query_one("#value", Input).value.strip()
        if value and self.check is not None:
            problem = self.check(value)
            if problem:  # stay open, the name kept, the reason under it
                self.query_one("#problem", Static).update(printable(problem))
                return None
        return value or None
