"""The usual app on one workspace opened from the fleet screen; Esc goes back to it."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding, BindingType

from memtui.tui.app import MemtuiApp


class FleetMemberApp(MemtuiApp):
    """The usual app on one workspace of a fleet: Esc, when no input holds it, goes back to
    the fleet screen (``back_to_fleet`` tells the command to open it again)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Fleet")]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.back_to_fleet = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave_input":
            return False  # Esc is ``back``'s, which leaves an input first
        return super().check_action(action, parameters)

    def action_back(self) -> None:
        if super().check_action("leave_input", ()):
            self.action_leave_input()
            return
        self.back_to_fleet = True
        self.exit()
