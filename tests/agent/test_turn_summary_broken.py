"""A chat turn that leaves new broken links was summarised as "2 writes to memory" alone,
though each tool card named the link it broke (newuser33 #21). The turn's line names them,
as it names the orphans it left. The real app under Pilot, against the emulator."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Static

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane

from .fake_ollama import FakeModel, FakeOllama, Reply
from .test_chat_pane import turns, wait_until

LINES = ("- [Deploy day](memory/deploy-day.md) — deploys on Fridays\n"
         "- [Rota](memory/rota.md) — who is on call\n")


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))


def breaker() -> FakeModel:
    """Indexes two memories it never writes."""
    return FakeModel("breaker", [
        Reply(tool_calls=[("edit_file", {"path": "MEMORY.md", "old_string": "# Memory\n",
                                         "new_string": "# Memory\n" + LINES})]),
        Reply(content="Saved."),
    ])


async def test_the_turn_line_names_the_broken_links_it_left(ws: Workspace,
                                                            fake: FakeOllama) -> None:
    fake.add(breaker())
    app = MemtuiApp(ws, settings=AgentSettings(model="breaker", host=fake.url), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        pane = app.query_one(ChatPane)
        box = app.query_one("#chat-input", Input)
        await wait_until(pilot, lambda: app.focused is box)
        await pilot.press(*"we deploy on fridays", "enter")
        await wait_until(pilot, turns(pane, 1))
        await wait_until(pilot, lambda: bool(app.query(".turn-summary")))
        line = str(app.query(".turn-summary").results(Static).__next__().render())
        assert line == ("turn 1: 1 write to memory (#1) · 2 new broken links (MEMORY.md:2, "
                        "MEMORY.md:3)"), line
