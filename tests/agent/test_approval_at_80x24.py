"""newuser32 #6: at 80×24, with the model picked from the list (no --model), the delete
question's card showed only its buttons: the line saying WHAT the agent asks to delete was
scrolled out of the two-line chat log. Its question line and its buttons are both in view."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widget import Widget

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane
from memtui.tui.chat.model_picker import ModelPicker

from .fake_ollama import FakeOllama
from .test_chat_approval import asked, deleter, files
from .test_chat_pane import send, wait_until


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))


def shown(widget: Widget, log: Widget) -> bool:
    """All of ``widget`` is inside the log's visible region."""
    region: Region = widget.region
    return bool(region.height) and log.region.intersection(region) == region


async def test_the_question_shows_what_will_be_deleted_at_80x24(
        ws: Workspace, fake: FakeOllama) -> None:
    files(ws, "a.md")
    fake.add(deleter())
    app = MemtuiApp(ws, settings=AgentSettings(host=fake.url), watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1, 60)
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        pane = app.query_one(ChatPane)
        picker = app.query_one(ModelPicker)
        await wait_until(pilot, lambda: app.focused is picker)
        await pilot.press("enter")
        await wait_until(pilot, lambda: picker.expanded)
        await pilot.press("enter")  # picks the model
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "please delete memory/a.md")
        card = await asked(pilot, app)
        await pilot.pause(0.1)
        log = pane.query_one("#chat-log")
        question = card.query_one("#ask-what")
        assert "delete memory/a.md" in str(question.render())
        assert shown(question, log), (question.region, log.region)
        assert shown(card.query_one("#ask-accept"), log), log.region
        await pilot.press("n")
        await wait_until(pilot, lambda: not pane.busy)
        assert picker.display  # the list is back once answered
