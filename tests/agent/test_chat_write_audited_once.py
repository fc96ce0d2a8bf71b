"""newuser35 #6, the chat's writes: each file the agent wrote was audited when the pane said
so and again when the watcher reported the same write. The watcher's report of a file
unchanged since its audit was asked for now audits nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane

from .fake_ollama import FakeOllama, memory_writer
from .test_chat_pane import MESSAGE, turns, wait_until


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))


async def test_the_agents_writes_are_audited_once(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(memory_writer())
    app = MemtuiApp(ws, settings=AgentSettings(model="writer", host=fake.url), watch=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1 and app.watching)
        await pilot.pause(1.0)
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        audits = app.audits
        await pilot.press(*MESSAGE, "enter")
        await wait_until(pilot, turns(pane, 1), timeout=20)
        await pilot.pause(2.5)  # the watcher's reports of the writes have come and gone
        assert (ws.root / "memory/user-role.md").exists()
        # two writes (the memory, then its index line): at most one audit each
        assert 1 <= app.audits - audits <= 2, app.audits - audits
