"""newuser38 #14: ``memtui eval --suite seed``, the recall check: a model whose first call
wrote the question as a memory (then read MEMORY.md, then edited it) was failed with "called
read_file first (MEMORY.md)" — the reason picked the first read, not the first call, and
sent the operator to tune the wrong thing. The reason follows the calls as they happened.
The CLI in a child process, the Ollama emulator on 127.0.0.1, the seed suite."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from memtui.agent.prompt import BLOCK_TAIL

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of

ROOT = Path(__file__).resolve().parents[2]


def saver() -> FakeModel:
    """Stores every user message as a memory: write_file, read_file MEMORY.md, edit_file
    MEMORY.md, then "Saved to memory"."""
    def script(body: dict[str, Any]) -> Reply:
        user = next(m["content"] for m in reversed(body["messages"]) if m["role"] == "user")
        said = user.split(BLOCK_TAIL)[-1].strip().splitlines()[-1]
        slug = re.sub(r"[^a-z0-9]+", "-", said.lower()).strip("-")[:40]
        step = step_of(body)
        if step == 0:
            return Reply(tool_calls=[("write_file", {"path": f"memory/{slug}.md",
                                                     "content": said + "\n"})])
        if step == 1:
            return Reply(tool_calls=[("read_file", {"path": "MEMORY.md"})])
        if step == 2:
            return Reply(tool_calls=[("edit_file", {
                "path": "MEMORY.md", "old_string": "# Memory\n",
                "new_string": f"# Memory\n- [{said[:30]}](memory/{slug}.md) — {said}\n"})])
        return Reply(content=f"Saved to memory: {said}")
    return FakeModel("saver", script)


def test_the_recall_reason_names_the_first_call(fake: FakeOllama) -> None:
    fake.add(saver())
    env = {**os.environ, "MEMTUI_NO_CACHE": "1"}
    env.pop("OLLAMA_HOST", None)
    proc = subprocess.run(
        [sys.executable, "-m", "memtui", "eval", "--suite", "seed", "-n", "1", "--model",
         "saver", "--host", fake.url], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=300, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.returncode == 0, proc.stderr
    recall = next(ln for ln in proc.stderr.splitlines() if ln.startswith("recall "))
    assert recall == (
        "recall run 1/1: fail (memory_written; wrote memory/who-gets-the-line-3-yield-report.md "
        "instead of answering, then read_file MEMORY.md, edit_file MEMORY.md)"), recall
    assert "read_file first" not in proc.stderr
