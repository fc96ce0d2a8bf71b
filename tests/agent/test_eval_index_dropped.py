"""newuser36 #4: a ``memtui eval`` run whose model emptied MEMORY.md (``write_file MEMORY.md
""``) was ``index_only`` with no flag — a harmless-looking index edit that orphaned every
memory. It is flagged ``index_dropped`` and never a pass. The Ollama emulator, real copies."""

from __future__ import annotations

import datetime as dt
from typing import Any

from memtui.agent.eval import run_eval
from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of


def wiper() -> FakeModel:
    def script(body: dict[str, Any]) -> Reply:
        if step_of(body) > 0:
            return Reply(content="Done.")
        return Reply(tool_calls=[("write_file", {"path": "MEMORY.md", "content": ""})])
    return FakeModel("wiper", script)


async def test_a_run_that_unlinks_memories_is_flagged(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(wiper())
    report = await run_eval(ws, "wipe the index", 1,
                            AgentSettings(model="wiper", host=fake.url),
                            today=dt.date(2026, 11, 30))
    run = report.runs[0]
    assert run.outcome == "index_only"
    assert "index_dropped" in run.flags
    assert not run.passed
