"""The usual app on one workspace opened from the fleet screen; Esc goes back to it."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.binding import Binding, BindingType

from memtui.core.checks.findings import drop_nested
from memtui.core.results import AuditResult
from memtui.tui.app import MemtuiApp


class FleetMemberApp(MemtuiApp):
    """The usual app on one workspace of a fleet: Esc, when no input holds it, goes back to
    the fleet screen (``back_to_fleet`` tells the command to open it again)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "Fleet")]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.back_to_fleet = False
        #: the workspaces below this one (relative): rows of their own, whose files are
        #: counted there, not here (newuser40 #28: a root GEMINI.md's row opened with the
        #: other rows' credentials, "4 credentials" for the row's 1)
        self.nested: tuple[str, ...] = ()

    def _suppressed(self, result: AuditResult) -> AuditResult:
        result = super()._suppressed(result)
        if self.nested:
            drop_nested(result, self.nested)
        return result

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
