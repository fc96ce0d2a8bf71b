"""The chat's focus chain in the real app: without --model the picker has focus, Enter
opens it, Enter picks, the input gets the focus; no printable key typed anywhere in the
chat pane runs an app command (theme, preview, copy, quit …)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane
from memtui.tui.chat.model_picker import ModelPicker
from memtui.tui.chat.user_message import UserMessage
from memtui.tui.widgets.fitting_footer import FittingFooter
from memtui.tui.widgets.preview import MemoryPreview

from .fake_ollama import FakeOllama, chatter
from .test_chat_pane import turns, wait_until


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))


async def test_picking_a_model_by_keyboard_then_typing_sends(
        ws: Workspace, fake: FakeOllama) -> None:
    fake.add(chatter("talk"))
    app = MemtuiApp(ws, settings=AgentSettings(host=fake.url), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        theme = app.theme
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        picker = app.query_one(ModelPicker)
        await wait_until(pilot, lambda: picker.has_class("-shown"))
        await wait_until(pilot, lambda: app.focused is picker)
        await pilot.press("enter")  # opens the list
        await wait_until(pilot, lambda: picker.expanded)
        await pilot.press("enter")  # picks the highlighted model
        box = app.query_one("#chat-input", Input)
        await wait_until(pilot, lambda: app.focused is box)
        pane = app.query_one(ChatPane)
        assert pane.settings.model == "talk"
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await pilot.press(*"hi tpyq", "enter")
        await wait_until(pilot, turns(pane, 1))
        assert [m.text for m in app.query(UserMessage)] == ["hi tpyq"]
        assert app.theme == theme and app.is_running


async def test_no_printable_key_on_the_chat_log_runs_an_app_command(
        ws: Workspace, fake: FakeOllama) -> None:
    fake.add(chatter("talk"))
    app = MemtuiApp(ws, settings=AgentSettings(model="talk", host=fake.url), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        theme = app.theme
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        box = app.query_one("#chat-input", Input)
        await wait_until(pilot, lambda: app.focused is box)
        preview = app.query_one(MemoryPreview)
        shown = preview.display
        for target in ("#chat-log", "#chat-status"):
            widget = app.query_one(target)
            widget.can_focus = True
            widget.focus()
            await pilot.pause()
            await pilot.press(*"tpyq?1234")
            await pilot.pause(0.1)
            assert len(app.screen_stack) == 1  # no theme picker, help, palette
            assert app.theme == theme and app.is_running
            assert preview.display == shown
        assert app.notice == ""  # nothing was copied (the start notice went with the keys)
        assert "tpyq?1234" in box.value


async def test_no_printable_key_runs_an_app_command_anywhere_on_the_focus_chain(
        ws: Workspace, fake: FakeOllama) -> None:
    """The whole chain of the issue's report: the picker (closed and open), then Enter,
    then Tab and shift+Tab from the input; a typed sentence never toggles the preview,
    copies a path, opens a picker or switches the theme."""
    fake.add(chatter("talk"))
    app = MemtuiApp(ws, settings=AgentSettings(host=fake.url), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        theme = app.theme
        preview = app.query_one(MemoryPreview)
        shown = preview.display

        async def nothing_ran(keys: str) -> None:
            await pilot.press(*keys)
            await pilot.pause(0.1)
            assert len(app.screen_stack) == 1, app.screen_stack  # no theme picker, help …
            assert app.theme == theme and app.is_running
            assert preview.display == shown
            assert not app.notice.startswith("copied"), app.notice  # nothing copied

        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        await pilot.pause()
        shown = preview.display  # at 120 columns the chat takes the preview's place
        picker = app.query_one(ModelPicker)
        await wait_until(pilot, lambda: app.focused is picker)
        await nothing_ran("tpyq?18")  # the closed picker: the text goes to the message
        typed = app.query_one("#chat-input", Input)  # (newuser29 #37)
        assert app.focused is typed and typed.value == "tpyq?18" and not picker.expanded
        typed.value = ""
        picker.focus()
        await wait_until(pilot, lambda: app.focused is picker)
        await pilot.press("enter")
        await wait_until(pilot, lambda: picker.expanded)
        await nothing_ran("tpyq")  # the open list
        if not picker.expanded:  # a letter may close it, as Select does: open it again
            await pilot.press("enter")
            await wait_until(pilot, lambda: picker.expanded)
        await pilot.press("enter")
        box = app.query_one("#chat-input", Input)
        await wait_until(pilot, lambda: app.focused is box)
        pane = app.query_one(ChatPane)
        log = app.query_one("#chat-log")
        # Tab from the input reaches the log, then the picker (shown: a model can be
        # changed), then the input again; the focus never leaves the pane for the view
        # tabs, where keys are commands.
        for key, then in (("tab", log), ("tab", picker), ("tab", box),
                          ("shift+tab", picker), ("shift+tab", log), ("shift+tab", box)):
            await pilot.press(key)
            await pilot.pause()
            assert app.focused is then, (key, app.focused)
        for stop in (log, picker):
            stop.focus()
            await pilot.pause()
            await nothing_ran("tp")  # from the log they go into the input
        await wait_until(pilot, lambda: pane.session.facts is not None)
        box.focus()
        box.value = ""
        await pilot.press(*"hi tpyq", "enter")
        await wait_until(pilot, turns(pane, 1))
        assert [m.text for m in app.query(UserMessage)] == ["hi tpyq"]


async def test_esc_leaves_the_chat_from_its_log_and_its_picker(
        ws: Workspace, fake: FakeOllama) -> None:
    """newuser22 #21: Tab from the input to the chat log, then Esc: nothing, and every key
    after went on to the chat ("Tab never leaves the chat pane: Esc does"). Esc leaves from
    the log and from the closed picker as from the input; an open picker's Esc closes it."""
    fake.add(chatter("talk"))
    app = MemtuiApp(ws, settings=AgentSettings(host=fake.url), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        view = app.active_view

        def in_view() -> bool:
            return app.focused is not None and view in app.focused.ancestors_with_self

        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        picker = app.query_one(ModelPicker)
        await wait_until(pilot, lambda: app.focused is picker)
        await pilot.press("enter")  # open: its Esc closes the list, the focus stays
        await wait_until(pilot, lambda: picker.expanded)
        await pilot.press("escape")
        await wait_until(pilot, lambda: not picker.expanded)
        assert app.focused is picker
        await pilot.press("escape")  # closed: back to the view
        await wait_until(pilot, in_view)
        await pilot.press("c")
        await wait_until(pilot, lambda: app.focused is picker)
        await pilot.press("enter", "enter")  # a model picked: the input has the focus
        box = app.query_one("#chat-input", Input)
        await wait_until(pilot, lambda: app.focused is box)
        log = app.query_one("#chat-log")
        await pilot.press("tab")
        await wait_until(pilot, lambda: app.focused is log)
        footer = app.query_one(FittingFooter)
        await wait_until(pilot, lambda: "leave_input" in {k.action for k in footer.shown})
        await pilot.press("escape")
        await wait_until(pilot, in_view)
        await pilot.press("question_mark")  # the app's key again, not typed into the chat
        await wait_until(pilot, lambda: len(app.screen_stack) == 2)
        assert "?" not in box.value


@pytest.mark.parametrize("keys", [("down", "enter"), ("up", "enter"), ("up", "up", "enter")])
async def test_the_prompt_row_is_no_choice(ws: Workspace, fake: FakeOllama,
                                           keys: tuple[str, ...]) -> None:
    """newuser29 #37: the list's first row, the prompt "choose a model", was pickable:
    Down, Enter from the one model landed on it, closed the list and picked nothing, with
    no word. Every key that moves and picks picks a model."""
    fake.add(chatter("talk"))
    app = MemtuiApp(ws, settings=AgentSettings(host=fake.url), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        picker = app.query_one(ModelPicker)
        await wait_until(pilot, lambda: app.focused is picker)
        await pilot.press("enter")
        await wait_until(pilot, lambda: picker.expanded)
        await pilot.press(*keys)
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.settings.model == "talk")
        box = app.query_one("#chat-input", Input)
        await wait_until(pilot, lambda: app.focused is box)


async def test_typing_on_the_model_list_goes_to_the_message(ws: Workspace,
                                                           fake: FakeOllama) -> None:
    """newuser29 #37 (second half): with the model list focused and no model picked yet,
    typing the message first ("Remember …") opened the list and ate the words; the text
    goes to the message input, the list stays closed."""
    fake.add(chatter("talk"))
    fake.add(chatter("other"))
    app = MemtuiApp(ws, settings=AgentSettings(host=fake.url), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        picker = app.query_one(ModelPicker)
        await wait_until(pilot, lambda: app.focused is picker)
        await pilot.press(*"Remember this")
        box = app.query_one("#chat-input", Input)
        await wait_until(pilot, lambda: box.value == "Remember this")
        assert app.focused is box and not picker.expanded
