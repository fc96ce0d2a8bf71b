"""A dialog's footer names Enter only where Enter answers it (newuser21 #4: in the New
memory dialog's Body editor the footer said "⏎ Create" while Enter there starts a new line)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, TextArea

from memtui.tui.app import open_app
from memtui.tui.dialogs.new_memory import NewMemoryScreen
from memtui.tui.widgets.fitting_footer import FittingFooter
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


def dialog_footer(screen: NewMemoryScreen) -> dict[str, str]:
    footer = screen.query_one(FittingFooter)
    return {k.key: k.description for k in footer.shown}


async def test_enter_is_named_in_a_field_not_in_the_body_editor(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewMemoryScreen))
        screen = app.screen
        assert isinstance(screen, NewMemoryScreen)
        await wait_for(pilot, lambda: isinstance(screen.focused, Input))
        await pilot.pause(0.1)
        assert dialog_footer(screen).get("enter") == "Create"  # Enter in a field creates
        body = screen.query_one("#body", TextArea)
        body.focus()
        await wait_for(pilot, lambda: screen.focused is body)
        await pilot.pause(0.1)
        assert "enter" not in dialog_footer(screen), dialog_footer(screen)
        before = body.text
        await pilot.press("enter")  # a new line, as the footer no longer promises otherwise
        assert isinstance(app.screen, NewMemoryScreen) and body.text != before
        screen.query_one("#name", Input).focus()
        await wait_for(pilot, lambda: dialog_footer(screen).get("enter") == "Create")


async def test_enter_on_the_index_checkbox_creates_and_space_toggles(workspace: Path) -> None:
    """newuser22 #5: Enter on "add it to MEMORY.md" toggled it off (a memory created out
    of the index, the footer silently without "⏎ Create"); Enter creates, space toggles."""
    from textual.widgets import Checkbox

    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewMemoryScreen))
        screen = app.screen
        assert isinstance(screen, NewMemoryScreen)
        await wait_for(pilot, lambda: isinstance(screen.focused, Input))
        await pilot.press(*"night-shift")
        screen.query_one("#description", Input).value = "the night shift"  # needed
        box = screen.query_one("#index", Checkbox)
        box.focus()
        await wait_for(pilot, lambda: screen.focused is box)
        await pilot.pause(0.1)
        assert dialog_footer(screen).get("enter") == "Create"
        await pilot.press("space")
        assert box.value is False
        await pilot.press("space")
        assert box.value is True
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, NewMemoryScreen))
        await wait_for(pilot, lambda: "night-shift" in
                       (workspace / "MEMORY.md").read_text(encoding="utf-8"))
    assert (workspace / "memory" / "night-shift.md").exists()
