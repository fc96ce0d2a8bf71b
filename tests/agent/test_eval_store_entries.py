"""newuser38 #23: ``memtui eval`` on a Hermes folder scored a run that replaced MEMORY.md's
§ entries with one markdown line (and wrote a side file) as ``memory_written``, pass 100 %,
"no overwrite": under an agent whose MEMORY.md is the memory itself, the check compares its
entries before and after, as the chat pane's approval does. The Ollama emulator, a real
copy of a Hermes folder."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from memtui.agent.eval import run_eval
from memtui.agent.settings import AgentSettings
from memtui.core.workspace import open_workspace

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of

NEW = "- [On-call lead](on-call-lead.md) — I am the on-call lead for the payments team\n"


def rewriter() -> FakeModel:
    def script(body: dict[str, Any]) -> Reply:
        if step_of(body) > 0:
            return Reply(content="Saved.")
        return Reply(tool_calls=[
            ("write_file", {"path": "on-call-lead.md",
                            "content": "I am the on-call lead for the payments team.\n"}),
            ("write_file", {"path": "MEMORY.md", "content": "# Memory\n\n" + NEW})])
    return FakeModel("rewriter", script)


async def test_a_run_that_wipes_a_hermes_store_is_no_pass(tmp_path: Path,
                                                          fake: FakeOllama) -> None:
    home = tmp_path / ".hermes" / "memories"
    home.mkdir(parents=True)
    entries = [f"Fact number {n} about the deploy pipeline." for n in range(12)]
    (home / "MEMORY.md").write_text("\n§\n".join(entries) + "\n")
    (home / "USER.md").write_text("Prefers short answers.\n")
    ws = open_workspace(home)
    fake.add(rewriter())
    report = await run_eval(ws, "I am the on-call lead for the payments team", 1,
                            AgentSettings(model="rewriter", host=fake.url),
                            today=dt.date(2026, 12, 7))
    run = report.runs[0]
    assert "overwrote" in run.flags, (run.outcome, run.flags)
    assert not run.passed
    assert (home / "MEMORY.md").read_text().count("§") == 11  # the original untouched
