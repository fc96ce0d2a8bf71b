"""Pick a model from ``/api/tags`` when none was given with --model."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.message import Message
from textual.widgets import Select

from memtui.core.reporting.safe_output import printable


class ModelPicker(Select[str]):
    DEFAULT_CSS = """
    ModelPicker { display: none; margin: 0 1; }
    ModelPicker.-shown { display: block; }
    """

    def __init__(self) -> None:
        super().__init__([], prompt="choose a model (as the server lists them)", allow_blank=True)

    def offer(self, names: list[str]) -> None:
        self.set_options((printable(n), n) for n in names)  # names from the server
        self.add_class("-shown")
        # The prompt is the list's first row (Select's blank): shown, never a choice —
        # Down, Enter from the model landed on it and picked nothing, silently (newuser29
        # #37).
        overlay: Any = self.query_one("SelectOverlay")
        if overlay.option_count and self.value is Select.NULL:
            overlay.disable_option_at_index(0)

    class Typed(Message):
        """A printable key pressed on the closed list: the first letter of the message,
        which the input takes (newuser29 #37: typing first opened the list and ate it)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def on_key(self, event: events.Key) -> None:
        if not self.expanded and event.is_printable and event.character and \
                event.character != " ":  # (space opens the list, as Enter does)
            event.stop()
            event.prevent_default()
            self.post_message(self.Typed(event.character))

    class Closed(Message):
        """The list closed with a model chosen (picked again, or kept): the message input
        takes the focus back (Select says ``Changed`` only when the value changes)."""

    def watch_expanded(self, expanded: bool) -> None:
        """Opened with no model chosen yet, the list highlights the first model (not the
        blank prompt), so Enter picks it."""
        if not expanded and self.value is not Select.NULL:
            self.post_message(self.Closed())
        if expanded and self.value is Select.NULL:
            overlay: Any = self.query_one("SelectOverlay")
            if overlay.option_count > 1:
                overlay.highlighted = 1
