"""A reply's cut mark says why it stopped: the length label only for a real
``done_reason: length`` (``finish_reason`` on an OpenAI server), the real reason otherwise
(a server error, a stream ended early, Esc)."""

from __future__ import annotations

import pytest

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.chat import ChatPane
from memtui.tui.chat.assistant_message import AssistantMessage

from .fake_ollama import FakeModel, FakeOllama, Reply
from .test_chat_pane import Harness, send, turns, wait_until

TEXT = "Let me check the memory files first and then tell you"


async def last_reply(ws: Workspace, fake: FakeOllama, reply: Reply,
                     esc: bool = False) -> tuple[bool, str, str]:
    fake.add(FakeModel("m", [reply]))
    app = Harness(ws, AgentSettings(model="m", host=fake.url))
    async with app.run_test(size=(120, 40)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "hello")
        if esc:
            await wait_until(pilot, lambda: bool(app.query(AssistantMessage)))
            await pilot.press("escape")
        await wait_until(pilot, turns(pane, 1))
        await pilot.pause(0.1)
        replies = list(app.query(AssistantMessage))
        assert replies
        notes = " ".join(str(n.content) for n in app.query(".cut-note"))  # type: ignore[attr-defined]
        # what the screen shows under the reply (the old code drew the length label on
        # every cut reply): only the marks that are displayed
        shown = " ".join(str(m.content) for m in replies[-1].query(".cut-mark")  # type: ignore[attr-defined]
                         if m.display)
        assert shown == replies[-1].cut_label
        return replies[-1].cut, shown, notes


@pytest.mark.parametrize("reply, why", [
    (Reply(content=TEXT, error="model runner crashed", fail_after=3), "model runner crashed"),
    (Reply(content=TEXT, cut=True, fail_after=3), ""),
])
async def test_a_broken_stream_is_not_called_the_length_limit(
        ws: Workspace, fake: FakeOllama, reply: Reply, why: str) -> None:
    cut, label, notes = await last_reply(ws, fake, reply)
    assert cut
    assert "length" not in label
    assert "length" not in notes and "cut off here" in notes
    assert why in notes


async def test_esc_is_not_called_the_length_limit(ws: Workspace, fake: FakeOllama) -> None:
    cut, label, notes = await last_reply(ws, fake, Reply(content=TEXT * 5, chunk_delay=0.2),
                                         esc=True)
    assert cut and "length" not in label
    assert "reply cancelled" in notes


async def test_a_real_length_stop_says_done_reason(ws: Workspace, fake: FakeOllama) -> None:
    cut, label, _ = await last_reply(ws, fake, Reply(content=TEXT, done_reason="length"))
    assert cut
    assert label == ("✂ reply cut: the model stopped at the length limit "
                                 "(done_reason: length)")
