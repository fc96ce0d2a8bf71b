"""The New memory dialog opens with its whole form in sight when the terminal is tall
enough (newuser22 #4: at 120x40 the Body editor and the "add it to MEMORY.md" checkbox
were scrolled away below a form limited to half the screen); a short one scrolls it. At
80x24 every dialog scrolls to the field Tab moves to (newuser24 #12)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.containers import VerticalScroll
from textual.errors import NoWidget
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, TextArea

from memtui.tui.app import open_app
from memtui.tui.dialogs.curate_screen import CurateScreen
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


def seen(screen: Screen[object], widget: Widget) -> bool:
    """Whether ``widget`` is drawn whole on the screen: its region is not cut by a scrolled
    container, and what is drawn at its corners is the widget (or a part of it)."""
    region = widget.region
    if not region.height:
        return False
    for x, y in ((region.x, region.y), (region.right - 1, region.bottom - 1)):
        try:
            hit, _ = screen.get_widget_at(x, y)
        except NoWidget:
            return False
        if hit is not widget and widget not in hit.ancestors:
            return False
    return True


@pytest.mark.parametrize("keys", [("3", "a"), ("2", "n")], ids=["add-to-index", "new"])
async def test_tab_at_80x24_never_focuses_a_field_out_of_sight(
        workspace: Path, keys: tuple[str, str]) -> None:
    """newuser24 #12: at 80x24 the Add to MEMORY.md dialog was cut after "Where the lines
    go", and Tab moved the focus onto the selector, Cancel and Add, unseen."""
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await pilot.press(*keys)
        await wait_for(pilot, lambda: isinstance(app.screen, CurateScreen))
        screen = app.screen
        await pilot.pause(0.2)
        focused = []
        for _ in range(8):
            assert screen.focused is not None
            await pilot.pause(0.2)
            assert seen(screen, screen.focused), (screen.focused, screen.focused.region)
            focused.append(screen.focused.id)
            await pilot.press("tab")
        assert {"cancel", "confirm"} <= set(focused)  # the buttons were reached, and seen
