"""newuser36 #2, #7, #8, in the app on the emulator: the budget bar follows the index after
an undo (it kept the old block until a key was typed); with OLLAMA_HOST set the first
banner names its URL (it said "asking Ollama at None"); a reply cut off with Esc is
reloaded with its "cut off here" mark (it read as the agent's whole answer)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane
from memtui.tui.chat.assistant_message import AssistantMessage
from memtui.tui.chat.banner import Banner
from memtui.tui.chat.budget_bar import BudgetBar
from memtui.tui.dialogs.confirm import ConfirmScreen

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of
from .test_chat_pane import send, wait_until


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))


async def open_chat(app: MemtuiApp, pilot: Any) -> ChatPane:
    await wait_until(pilot, lambda: app.audits >= 1, 60)
    await pilot.press("c")
    await wait_until(pilot, lambda: bool(app.query(ChatPane)))
    pane = app.query_one(ChatPane)
    await wait_until(pilot, lambda: pane.session.facts is not None)
    return pane


async def test_the_budget_bar_follows_an_undo(ws: Workspace, fake: FakeOllama) -> None:
    def wipe(body: dict[str, Any]) -> Reply:
        return Reply(content="Done.") if step_of(body) else Reply(
            tool_calls=[("write_file", {"path": "MEMORY.md", "content": ""})])
    fake.add(FakeModel("wipe", wipe))
    app = MemtuiApp(ws, settings=AgentSettings(model="wipe", host=fake.url,
                                               ask_before=()), watch=False)
    async with app.run_test(size=(120, 50)) as pilot:
        pane = await open_chat(app, pilot)
        bar = app.query_one(BudgetBar)
        await wait_until(pilot, lambda: bar.budget is not None and bar.budget.block > 0)
        full = bar.budget.block if bar.budget else 0
        await send(pilot, "wipe the index")
        await wait_until(pilot, lambda: pane.turns == 1)
        await wait_until(pilot, lambda: bar.budget is not None and bar.budget.block == 0)
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.click("#confirm")
        await wait_until(pilot, lambda: (ws.root / "MEMORY.md").read_text() != "")
        # no key typed: the bar measures the index put back
        await wait_until(pilot, lambda: bar.budget is not None and bar.budget.block == full)


async def test_the_first_banner_names_ollama_host(ws: Workspace, fake: FakeOllama,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OLLAMA_HOST", fake.url)
    shown: list[str] = []
    real = Banner.show

    def show(self: Banner, text: str, kind: str = "error") -> None:
        shown.append(text)
        real(self, text, kind)
    monkeypatch.setattr(Banner, "show", show)
    fake.add(FakeModel("talk", [Reply(content="hi")]))
    app = MemtuiApp(ws, settings=AgentSettings(), watch=False)
    async with app.run_test(size=(120, 50)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1, 60)
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query(ChatPane)))
        await wait_until(pilot, lambda: bool(shown))
        assert shown[0] == f"loading: asking Ollama at {fake.url} about its models …", shown


async def test_a_cancelled_reply_is_reloaded_with_its_mark(ws: Workspace,
                                                           fake: FakeOllama) -> None:
    fake.add(FakeModel("slow", [Reply(content="word " * 200, chunk_delay=0.05)]))
    settings = AgentSettings(model="slow", host=fake.url)
    app = MemtuiApp(ws, settings=settings, watch=False)
    async with app.run_test(size=(120, 50)) as pilot:
        pane = await open_chat(app, pilot)
        await send(pilot, "be slow")
        await wait_until(pilot, lambda: bool(app.query(AssistantMessage)))
        await pilot.pause(0.5)
        await pilot.press("escape")
        await wait_until(pilot, lambda: pane.turns == 1)
    app = MemtuiApp(ws, settings=settings, watch=False)
    async with app.run_test(size=(120, 50)) as pilot:
        await open_chat(app, pilot)
        [reply] = app.query(AssistantMessage)
        assert reply.has_class("-cut")
        notes = [str(w.render()) for w in app.query(".cut-note") if isinstance(w, Static)]
        assert notes == ["⋯ cut off here: reply cancelled"], notes
