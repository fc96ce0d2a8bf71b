"""How a dialog opens (issue 32 item 17): framed on an opaque background (the view under a
translucent one was drawn again at each of the dialog's paints), the form at its top with
its first field focused (it opened two lines down, its first label hidden)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.containers import Vertical, VerticalScroll
from textual.widgets import Button, Input, Label

from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.dialogs.help import HelpScreen
from memtui.tui.dialogs.new_memory import NewMemoryScreen
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import dialog
from tests.tui.test_app import started, switch


async def test_the_new_memory_form_opens_at_its_top_on_its_name(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await pilot.press("n")
        screen = await dialog(pilot, app, NewMemoryScreen)
        await asyncio.sleep(0.3)  # a late scroll would have come by now
        await pilot.pause()
        form = screen.query_one(VerticalScroll)
        assert form.scroll_y == 0
        first = screen.query(Label)[1]  # [0] is the dialog's title
        assert str(first.render()).startswith("Name")
        assert form.region.contains_region(first.region)
        assert app.focused is screen.query_one("#name", Input)
        # opaque, framed, titled
        assert screen.styles.background.a == 1
        frame = screen.query_one(Vertical)
        assert frame.styles.border_top[0] != ""
        assert str(screen.query(Label)[0].render()) == "New memory"


async def test_help_and_a_delete_open_opaque_and_framed(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await pilot.press("question_mark")
        help_screen = await dialog(pilot, app, HelpScreen)
        assert help_screen.styles.background.a == 1
        assert help_screen.query_one(VerticalScroll).styles.border_top[0] != ""
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)
        await switch(pilot, app, "2")
        await pilot.press("d")
        confirm = await dialog(pilot, app, ConfirmScreen)
        assert confirm.styles.background.a == 1
        assert app.focused is confirm.query_one("#cancel", Button)
