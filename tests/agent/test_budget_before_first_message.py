"""newuser37 #4 and #5. Before the first message, with no num_ctx sent and no runner
loaded, the budget read "window unknown" — exactly when the prompt was about to be cut — and
the request went out; the bar now measures against the server's likely default (4,096 on
Ollama 0.6.7 – 0.15.4) and the send is held back as against any window. And the first
message's count (the Qwen vocabulary built on first use: ~20 s on a loaded box) was spent
under "a reply is still coming" although nothing was sent: the pane says it is counting."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.chat import ChatPane
from memtui.tui.chat.banner import Banner
from memtui.tui.chat.budget_bar import BudgetBar

from .fake_ollama import FakeModel, FakeOllama, Reply
from .test_chat_pane import Harness, send, wait_until


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))


def big_index(ws: Workspace) -> None:
    (ws.root / "MEMORY.md").write_text(
        "# Memory\n" + "".join(f"- [Fact {i}](memory/f{i}.md) — a hook about thing {i} "
                               "and its many details\n" for i in range(400)))


async def test_the_budget_measures_against_the_likely_default(ws: Workspace,
                                                             fake: FakeOllama) -> None:
    big_index(ws)
    fake.add(FakeModel("nowin", [Reply(content="ok")], context_length=None))
    app = Harness(ws, AgentSettings(model="nowin", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        bar = app.query_one(BudgetBar)
        await wait_until(pilot, lambda: bar.budget is not None)
        assert pane.loaded is None and bar.budget is not None and bar.budget.window is None
        legend = bar.render().plain.splitlines()[1]
        assert legend.startswith(f"{bar.budget.total:,} / 4,096 likely default"), legend
        await send(pilot, "hello")
        banner = app.query_one(Banner)
        await wait_until(pilot, lambda: banner.kind == "error")
        assert "no num_ctx is sent: the server's likely default window, 4,096" in \
            banner.message and "Fix: pass --num-ctx " in banner.message
        assert fake.chat_bodies == []


async def test_the_first_count_says_it_is_counting(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(FakeModel("win", [Reply(content="ok")], context_length=32768))
    app = Harness(ws, AgentSettings(model="win", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        real = pane.session.budget
        gate = asyncio.Event()

        async def slow_first_count(text: str):  # the vocabulary being built
            await gate.wait()
            return await real(text)

        pane.session.budget = slow_first_count  # type: ignore[method-assign]
        await send(pilot, "hello")
        banner = app.query_one(Banner)
        await wait_until(pilot, lambda: banner.kind == "info")
        assert banner.message.startswith("counting the prompt before sending")
        await send(pilot, "again")  # Enter meanwhile: nothing is coming yet
        assert banner.message.startswith("not sent yet: counting the prompt")
        assert "a reply is still coming" not in banner.message and fake.chat_bodies == []
        gate.set()
        await wait_until(pilot, lambda: pane.turns == 1)
        assert len(fake.chat_bodies) == 1 and "counting" not in banner.message
