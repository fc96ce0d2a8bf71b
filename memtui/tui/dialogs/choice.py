"""A dialog to pick one of several suggestions, or type a value."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from memtui.core.reporting.safe_output import printable
from memtui.tui.dialogs.curate_screen import CurateScreen


class ChoiceScreen(CurateScreen[str]):
    """Pick one of the suggestions, or type a value."""

    def __init__(self, title: str, prompt: str, suggestions: list[str], value: str = "",
                 confirm: str = "Apply") -> None:
        super().__init__(title)
        self.prompt = prompt
        self.suggestions = suggestions
        self.value = value or (suggestions[0] if suggestions else "")
        self.confirm_label = confirm

    def body(self) -> ComposeResult:
        yield Label(printable(self.prompt), markup=False)
        if self.suggestions:
            yield OptionList(*(Option(Text(printable(s)), id=s) for s in self.suggestions),
                             id="suggestions")
        yield Input(self.value, id="value")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self.query_one("#value", Input).value = event.option.id

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.query_one("#value", Input).value = event.option.id

    def result(self) -> str | None:
        value = self.query_one("#value", Input).value.strip()
        return value or None
