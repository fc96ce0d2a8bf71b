"""newuser39 #27: ``memtui eval`` showed a refused tool call as ``no_write`` with no
reason, in the table and in ``--json`` (the chat pane says "1 refused" and why). Each call
now carries whether it succeeded and why not; the table marks it and says why under it.
The CLI in a child process, the Ollama emulator on 127.0.0.1, a real item workspace."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from memtui.core.workspace import Workspace

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of
from .test_eval import memtui

ROOT = Path(__file__).resolve().parents[2]


def outsider() -> FakeModel:
    """Writes its memory outside the workspace (refused), then says it saved it."""
    def script(body: dict[str, Any]) -> Reply:
        if step_of(body) == 0:
            return Reply(tool_calls=[("write_file", {
                "path": "../project_chat_fact.md",
                "content": "---\nname: fact\ndescription: a fact\ntype: project\n---\nA fact.\n"})])
        return Reply(content="Saved to memory.")
    return FakeModel("outsider", script)


def test_a_refused_call_says_so_and_why(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(outsider())
    args = ("eval", str(ws.root), "--message", "remember a fact", "-n", "1", "--model",
            "outsider", "--host", fake.url)
    proc = memtui(*args, "--json")
    run = json.loads(proc.stdout)["runs"][0]
    assert run["outcome"] == "no_write"
    call, = run["tool_calls"]
    assert (call["name"], call["ok"], call["error"]) == ("write_file", False, None)
    assert "project_chat_fact.md" in call["refused"], call  # the reason the model read
    proc = memtui(*args)
    table = " ".join(proc.stdout.split())
    assert "write_file (refused)" in table, proc.stdout
    assert f"run 1: write_file refused — {call['refused']}" in table
