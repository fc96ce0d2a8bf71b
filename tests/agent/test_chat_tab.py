"""The chat log by keyboard, as the README says: Tab from the message input reaches the
log, whose arrows, PageUp/PageDown and Home/End scroll it; Tab again is back in the input."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Input

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane

from .fake_ollama import FakeOllama, chatter
from .test_chat_pane import turns, wait_until


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))


async def test_tab_reaches_the_chat_log_and_comes_back(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(chatter("talk", "\n\n".join(f"line {i} of a long answer" for i in range(80))))
    app = MemtuiApp(ws, settings=AgentSettings(model="talk", host=fake.url), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        pane = app.query_one(ChatPane)
        box = app.query_one("#chat-input", Input)
        await wait_until(pilot, lambda: app.focused is box)
        await pilot.press(*"hello", "enter")
        await wait_until(pilot, turns(pane, 1))
        log = app.query_one("#chat-log", VerticalScroll)
        await pilot.pause(0.2)
        assert log.max_scroll_y > 0
        await pilot.press("tab")
        assert app.focused is log
        await pilot.press("home")
        await pilot.pause(0.1)
        assert log.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause(0.1)
        assert log.scroll_y > 0
        await pilot.press("tab")
        assert app.focused is box
