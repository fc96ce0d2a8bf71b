"""The New memory dialog opens with its whole form in sight when the terminal is tall
enough (newuser22 #4: at 120x40 the Body editor and the "add it to MEMORY.md" checkbox
were scrolled away below a form limited to half the screen); a short one scrolls it."""

from __future__ import annotations

from pathlib import Path

from textual.containers import VerticalScroll
from textual.widgets import Button, Checkbox, TextArea

from memtui.tui.app import open_app
from memtui.tui.dialogs.new_memory import NewMemoryScreen
from tests.tui.conftest import wait_for
from tests.tui.test_app import started


def in_sight(screen: NewMemoryScreen) -> bool:
    scroll = screen.query_one(VerticalScroll).region
    return all(scroll.contains_region(w.region) for w in
               (screen.query_one("#body", TextArea), screen.query_one("#index", Checkbox)))


async def test_the_whole_new_memory_form_is_in_sight_at_120x40(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await pilot.press("2", "n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewMemoryScreen))
        screen = app.screen
        assert isinstance(screen, NewMemoryScreen)
        await pilot.pause(0.2)
        assert in_sight(screen)
        await pilot.press(*"night-shift")  # the file line appears: still all in sight
        await pilot.pause(0.2)
        assert str(screen.query_one("#file").content).startswith("file: ")
        assert in_sight(screen)
        assert screen.query_one("#confirm", Button).region.bottom <= 40


async def test_a_short_terminal_keeps_the_buttons(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await pilot.press("2", "n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewMemoryScreen))
        await pilot.pause(0.2)
        confirm = app.screen.query_one("#confirm", Button).region
        assert confirm.height and confirm.bottom <= 23
