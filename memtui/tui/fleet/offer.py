"""``memtui ROOT`` on a folder that holds several workspaces (issue 32 §8): the app opens
as usual, and offers the fleet first, naming the workspaces it found. "Open the fleet"
ends this app and the command opens the fleet screen on ROOT (``open_fleet``); "Open as
one workspace" keeps it, and a notice says how to get the fleet later."""

from __future__ import annotations

import shlex
from typing import Any

from textual.widgets import Button

from memtui.core.nested import several_line
from memtui.core.workspace import INDEX_NAME
from memtui.tui.app import MemtuiApp
from memtui.tui.dialogs.confirm import ConfirmScreen

#: Workspaces the dialog lists (then "… and N more").
LISTED = 8
#: Seconds the notice after "Open as one workspace" stays.
NOTICE_SECONDS = 20.0


class FleetOfferScreen(ConfirmScreen):
    """Open the fleet (Enter), or this folder as one workspace (Esc, or its button)."""

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#cancel", Button).label = "Open as one workspace"

    def footer_description(self, action: str) -> str | None:
        return "Open as one workspace" if action == "cancel" else \
            super().footer_description(action)


class SeveralWorkspacesApp(MemtuiApp):
    """The app on a folder that looks like several workspaces: it offers the fleet."""

    def __init__(self, root_arg: str, nested: list[str], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.root_arg = root_arg
        self.nested = nested
        #: The operator chose the fleet: the command opens it once this app has ended.
        self.open_fleet = False

    def on_mount(self) -> None:
        super().on_mount()
        n = len(self.nested)
        lines = [f"{self.root_arg} holds no {INDEX_NAME}, but {n:,} folders under it are "
                 "memory folders of their own (not each one holds a "
                 f"{INDEX_NAME}):",
                 *(f"  {p}/" for p in self.nested[:LISTED]),
                 *([f"  … and {n - LISTED:,} more"] if n > LISTED else []), "",
                 f"Opened as one workspace, each {INDEX_NAME} counts as a memory and every "
                 "memory as an orphan.", "",
                 "The fleet shows one row per workspace (Enter opens one; "
                 f"memtui fleet {shlex.quote(self.root_arg)} opens it directly)."]
        self.push_screen(FleetOfferScreen("This folder looks like several workspaces",
                                          lines, confirm="Open the fleet"), self._answered)

    def _answered(self, fleet: bool | None) -> None:
        if fleet:
            self.open_fleet = True
            self.exit()
            return
        self.notify(several_line(self.root_arg, self.nested),
                    severity="warning", timeout=NOTICE_SECONDS, markup=False)
