"""The footer offers ``u`` only once something is journaled (newuser23 #29: a folder memtui
never wrote to offered `u Undo`, which could only say "nothing to undo (no operation
journaled in this workspace)"; docs/app.md: a key that could only say why it cannot act is
left out of the footer). The key is still taken, and says why."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from memtui.tui.app import open_app
from memtui.tui.dialogs.new_memory import NewMemoryScreen
from memtui.tui.widgets.fitting_footer import FittingFooter
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


def offered(footer: FittingFooter) -> set[str]:
    return {k.action.removeprefix("app.") for k in footer.shown}


async def test_u_is_offered_once_an_operation_is_journaled(workspace: Path) -> None:
    assert not (workspace / ".memtui").exists()
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        footer = app.query_one(FittingFooter)
        await switch(pilot, app, "1")
        await wait_for(pilot, lambda: {"help", "quit", "open_editor"} <= offered(footer))
        assert "undo" not in offered(footer), offered(footer)
        await pilot.press("u")  # still taken: it says why
        await wait_for(pilot, lambda: "nothing to undo" in app.notice or any(
            "nothing to undo" in str(n.message) for n in app._notifications))
        await switch(pilot, app, "2")
        assert "undo" not in offered(footer), offered(footer)
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewMemoryScreen))
        screen = app.screen
        await wait_for(pilot, lambda: isinstance(screen.focused, Input))
        await pilot.press(*"night-shift")
        screen.query_one("#description", Input).value = "the night shift"
        await pilot.press("enter")
        await wait_for(pilot, lambda: (workspace / "memory" / "night-shift.md").exists())
        await wait_for(pilot, lambda: "undo" in offered(footer))
