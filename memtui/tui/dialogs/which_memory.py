"""Which memory a key acts on, when its row is an index line linking several (a packed
line): every memory of it listed, and, for the keys that can act on several at once
(delete, add to the index), "all of them" last. Enter takes the highlighted choice."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.wording import plural
from memtui.tui.dialogs.curate_screen import CurateScreen

#: The id of the "all of them" choice (a memory's path never starts with a NUL).
ALL = "\x00all"


class WhichMemoryScreen(CurateScreen[list[str]]):
    """Pick one memory of ``paths`` (or all of them, when ``every`` names the choice)."""

    def __init__(self, title: str, prompt: str, paths: list[str], every: str | None = None,
                 confirm: str = "Pick") -> None:
        super().__init__(title)
        self.prompt = prompt
        self.paths = paths
        self.every = every
        self.confirm_label = confirm

    def body(self) -> ComposeResult:
        yield Label(printable(self.prompt), markup=False)
        options = [Option(Text(printable(p)), id=p) for p in self.paths]
        if self.every:
            options.append(Option(Text(printable(self.every), style="bold"), id=ALL))
        yield OptionList(*options, id="memories")

    def on_mount(self) -> None:
        super().on_mount()
        choices = self.query_one("#memories", OptionList)
        choices.highlighted = 0
        choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_confirm()

    def result(self) -> list[str] | None:
        choices = self.query_one("#memories", OptionList)
        at = choices.highlighted
        if at is None:
            return None
        chosen = choices.get_option_at_index(at).id
        if chosen == ALL:
            return list(self.paths)
        return [chosen] if chosen else None


def every_label(n: int) -> str:
    return f"all {plural(n, 'memory', 'memories')}"
