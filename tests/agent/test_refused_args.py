"""newuser32 #28: a refused 2 MiB ``write_file`` stayed whole in the chat history, and every
later request of the session carried it (~264,000 tokens, 648 % of the window). A call
that did nothing keeps only the head of each long argument in history. (~3.4 s: one turn
with a 1 MiB tool call streamed through the fake server; the size is what is tested.)"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from memtui.agent.refused_args import KEPT_CHARS
from memtui.agent.session import ChatSession
from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of

BIG = "x" * ((1 << 20) + 1)  # one byte past what memtui edits: refused


def big_writer() -> FakeModel:
    def script(body: dict[str, Any]) -> Reply:
        if step_of(body) == 0:
            return Reply(tool_calls=[("write_file", {"path": "memory/big.md", "content": BIG}),
                                     ("write_file", {"path": "memory/small.md",
                                                     "content": "y" * 3000})])
        return Reply(content="Done.")
    return FakeModel("big", script)


async def test_a_refused_call_s_giant_argument_is_not_resent(ws: Workspace,
                                                             fake: FakeOllama) -> None:
    fake.add(big_writer())
    s = ChatSession(ws, AgentSettings(model="big", host=fake.url), today=dt.date(2026, 11, 30))
    [_ async for _ in s.send("save it")]
    assert not (ws.root / "memory/big.md").exists()
    assert (ws.root / "memory/small.md").read_text() == "y" * 3000  # done: kept whole
    follow_up = json.dumps(fake.chat_bodies[1])
    assert len(follow_up) < 60_000, len(follow_up)
    calls = next(m for m in s.history if m.get("tool_calls"))["tool_calls"]
    kept = calls[0]["function"]["arguments"]["content"]
    assert kept.startswith("x" * KEPT_CHARS) and "1,047,577 more characters not kept" in kept
    assert calls[1]["function"]["arguments"]["content"] == "y" * 3000
    assert calls[0]["function"]["arguments"]["path"] == "memory/big.md"
    await s.aclose()
