"""The chat pane in the real app at 120 columns (issue 32 items 18-20): ``c`` from the view
puts the focus in the open chat's input (it hid the pane), ``C`` hides it; picking the
model again with Enter gives the focus back to the input with the typed message; ^n keeps
the model; the focused chat is wide enough for a tool call's arguments on one line; the
log follows a new turn even after the operator scrolled up to read an earlier one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane
from memtui.tui.chat.model_picker import ModelPicker
from memtui.tui.chat.status_line import StatusLine
from memtui.tui.chat.tool_card import ToolCard

from .fake_ollama import FakeModel, FakeOllama, Reply, chatter, memory_writer
from .test_chat_pane import turns, wait_until

LONG = "\n\n".join(f"Paragraph {i}: " + "words " * 40 for i in range(4))


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))


async def open_chat(pilot: Any, app: MemtuiApp) -> ChatPane:
    await wait_until(pilot, lambda: app.audits >= 1)
    await pilot.press("c")
    await wait_until(pilot, lambda: bool(app.query(ChatPane)))
    return app.query_one(ChatPane)


async def test_c_from_the_view_focuses_the_open_chat_and_capital_c_hides_it(
        ws: Workspace, fake: FakeOllama) -> None:
    fake.add(chatter("talk"))
    app = MemtuiApp(ws, settings=AgentSettings(model="talk", host=fake.url), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_chat(pilot, app)
        box = app.query_one("#chat-input", Input)
        slot = app.query_one("#chat-slot")
        await wait_until(pilot, lambda: app.focused is box)
        await pilot.press(*"draft")
        await pilot.press("escape")  # back to the view, the chat still shows
        await wait_until(pilot, lambda: app.focused is not None and box is not app.focused)
        assert slot.display
        await pilot.press("c")
        await wait_until(pilot, lambda: app.focused is box)
        assert slot.display and box.value == "draft"
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.focused is not box)
        await pilot.press("C")
        await pilot.pause(0.2)
        assert not slot.display
        await pilot.press("c")  # back, with the conversation and the draft
        await wait_until(pilot, lambda: slot.display and app.focused is box)
        assert box.value == "draft"


async def test_picking_the_chosen_model_again_returns_to_the_typed_message(
        ws: Workspace, fake: FakeOllama) -> None:
    """Enter on the open list with the model already chosen says no ``Changed``: the
    focus stayed on the picker, and the next letters went to it, not to the message."""
    fake.add(chatter("talk"))
    fake.add(chatter("other"))
    app = MemtuiApp(ws, settings=AgentSettings(host=fake.url), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_chat(pilot, app)
        picker = app.query_one(ModelPicker)
        box = app.query_one("#chat-input", Input)
        await wait_until(pilot, lambda: app.focused is picker)
        await pilot.press("enter")
        await wait_until(pilot, lambda: picker.expanded)
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.focused is box)
        model = pane.settings.model
        assert model
        await pilot.press(*"hello")
        await pilot.press("shift+tab")  # input -> picker
        await wait_until(pilot, lambda: app.focused is picker)
        await pilot.press("enter")
        await wait_until(pilot, lambda: picker.expanded)
        await pilot.press("enter")  # the same model, picked again
        await wait_until(pilot, lambda: not picker.expanded)
        await wait_until(pilot, lambda: app.focused is box)
        await pilot.press(*" there")
        assert box.value == "hello there" and pane.settings.model == model


async def test_a_new_chat_keeps_the_model(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(chatter("talk"))
    fake.add(chatter("other"))
    app = MemtuiApp(ws, settings=AgentSettings(host=fake.url), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_chat(pilot, app)
        picker = app.query_one(ModelPicker)
        box = app.query_one("#chat-input", Input)
        await wait_until(pilot, lambda: app.focused is picker)
        await pilot.press("enter")
        await wait_until(pilot, lambda: picker.expanded)
        await pilot.press("down", "enter")  # the second model
        await wait_until(pilot, lambda: app.focused is box and pane.session.facts is not None)
        model = pane.settings.model
        await pilot.press(*"hi", "enter")
        await wait_until(pilot, turns(pane, 1))
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: len(app.screen_stack) == 2)
        await pilot.press("tab", "enter")  # the dialog starts on Cancel
        await wait_until(pilot, lambda: not pane.session.history)
        await pilot.pause(0.2)
        assert pane.settings.model == model and picker.value == model
        assert model in str(app.query_one(StatusLine).render())
        await wait_until(pilot, lambda: app.focused is box)
        await pilot.press(*"again", "enter")
        await wait_until(pilot, turns(pane, 2))
        assert fake.chat_bodies[-1]["model"] == model


async def test_the_focused_chat_shows_a_tool_call_on_one_line_at_120_columns(
        ws: Workspace, fake: FakeOllama) -> None:
    fake.add(memory_writer("writer"))
    app = MemtuiApp(ws, settings=AgentSettings(model="writer", host=fake.url), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_chat(pilot, app)
        box = app.query_one("#chat-input", Input)
        await wait_until(pilot, lambda: app.focused is box and pane.session.facts is not None)
        await pilot.press(*"I am a process engineer", "enter")
        await wait_until(pilot, turns(pane, 1))
        await pilot.pause(0.3)
        card = app.query(ToolCard).first()  # exists(path="memory/user-role.md")
        lines = [strip.text.rstrip() for strip in card.render_lines(card.size.region)]
        assert any(line.endswith('(path="memory/user-role.md")') for line in lines), lines
        assert app.query_one("#chat-slot").size.width >= 56
        await pilot.press("escape")  # the view has the focus: the views get their width
        await wait_until(pilot, lambda: app.query_one("#chat-slot").size.width < 56)
        assert app.active_view.size.width >= 84


async def test_a_new_turn_is_followed_after_the_operator_scrolled_up(
        ws: Workspace, fake: FakeOllama) -> None:
    fake.add(FakeModel("long", [Reply(thinking="hm", content=LONG)]))
    app = MemtuiApp(ws, settings=AgentSettings(model="long", host=fake.url), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await open_chat(pilot, app)
        box = app.query_one("#chat-input", Input)
        log = app.query_one("#chat-log")
        await wait_until(pilot, lambda: app.focused is box and pane.session.facts is not None)
        await pilot.press(*"one", "enter")
        await wait_until(pilot, turns(pane, 1))
        await pilot.press(*"two", "enter")
        await wait_until(pilot, turns(pane, 2))
        await wait_until(pilot, lambda: log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y)
        log.scroll_home(animate=False)  # the operator reads the first turn again
        await pilot.pause(0.2)
        assert log.scroll_y == 0
        await pilot.press(*"three", "enter")
        await wait_until(pilot, turns(pane, 3))
        await pilot.pause(0.3)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
