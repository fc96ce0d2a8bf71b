"""A dialog is styled once when it opens (issue 32 item 17): Textual's restyle of every
widget of a screen shown for the first time, just after it styled each as it mounted it,
is skipped, and what shows is what a full restyle gives."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.screen import Screen

from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.dialogs.help import HelpScreen
from memtui.tui.dialogs.new_memory import NewMemoryScreen
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import dialog
from tests.tui.test_app import started, switch


async def test_dialogs_are_styled_once_and_look_as_restyled(workspace: Path,
                                                              monkeypatch: Any) -> None:
    restyled: list[Screen[Any]] = []
    update = Screen.update_node_styles

    def counted(self: Screen[Any], animate: bool = True) -> None:
        restyled.append(self)
        update(self, animate)

    monkeypatch.setattr(Screen, "update_node_styles", counted)
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        for key, kind in (("question_mark", HelpScreen), ("n", NewMemoryScreen),
                          ("d", ConfirmScreen)):
            if key == "d":
                await switch(pilot, app, "2")
            await pilot.press(key)
            screen = await dialog(pilot, app, kind)
            await pilot.pause(0.2)
            assert screen not in restyled  # styled as mounted, not all over again
            # An input's cursor blinks every 0.5 s: under load the two shots came more
            # than 0.5 s apart, and differed by the cursor's cell (the flake at load 17)
            for field in screen.query("Input, TextArea"):
                field.cursor_blink = False  # type: ignore[attr-defined]
            await pilot.pause()
            shown = app.export_screenshot()
            screen.update_node_styles(animate=False)  # what the skipped pass would give
            screen.refresh()
            await pilot.pause(0.2)
            assert app.export_screenshot() == shown
            await pilot.press("escape")
            await wait_for(pilot, lambda: len(app.screen_stack) == 1)
        restyled.clear()
        await pilot.press("n")  # the form kept: shown again, restyled (a theme may change)
        again = await dialog(pilot, app, NewMemoryScreen)
        assert again in restyled
