"""newuser32 #7: a ``memtui eval`` run that deleted MEMORY.md reported its net change as
"MEMORY.md changed" and JSON ``diff.deleted: []``: the index is no scanned memory, so its
loss showed only as ``index_changed``."""

from __future__ import annotations

import datetime as dt
from typing import Any

from memtui.agent.eval import diff_text, run_eval
from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of


def index_deleter() -> FakeModel:
    def script(body: dict[str, Any]) -> Reply:
        if step_of(body) > 0:
            return Reply(content="Done.")
        return Reply(tool_calls=[("delete_file", {"path": "MEMORY.md"})])
    return FakeModel("index-deleter", script)


async def test_a_deleted_index_is_said_deleted(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(index_deleter())
    report = await run_eval(ws, "tidy up", 1,
                            AgentSettings(model="index-deleter", host=fake.url),
                            today=dt.date(2026, 11, 30))
    run = report.runs[0]
    assert run.files_deleted == ["MEMORY.md"]
    assert run.diff["deleted"] == ["MEMORY.md"]
    assert diff_text(run.diff) == "-MEMORY.md"
    assert (ws.root / "MEMORY.md").exists()  # (eval works on copies)
