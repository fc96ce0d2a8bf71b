"""The focused chat keeps its width across a dialog (newuser21 #17: after ctrl+n's "Start a
new chat?" the focus came back to the chat input but the pane stayed at its unfocused width,
36 columns at 120, until Esc and ``c``)."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.layout import VIEWS_WHILE_CHATTING
from tests.tui.conftest import wait_for
from tests.tui.test_app import started
from tests.tui.test_narrow_layout import chat_app, open_chat


async def test_the_chat_is_as_wide_after_a_dialog_as_before(workspace: Path) -> None:
    app = chat_app(workspace)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await open_chat(pilot, app)
        slot = app.query_one("#chat-slot")
        await wait_for(pilot, lambda: slot.region.width == 120 - VIEWS_WHILE_CHATTING)
        focused = app.focused
        app.push_screen(ConfirmScreen("Start a new chat?", ["(a dialog over the chat)"],
                                      confirm="New chat", danger=True))
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.pause(0.1)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmScreen))
        await pilot.pause(0.2)
        assert app.focused is focused  # the focus came home to the chat input …
        assert slot.region.width == 120 - VIEWS_WHILE_CHATTING  # … and the chat its width
