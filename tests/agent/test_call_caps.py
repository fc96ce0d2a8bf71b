"""A reply or a turn with too many tool calls (issue 31 §6): the calls past the caps are
refused with one tool error the model reads, and the calls that run are audited once per
batch — against the llama-server and Ollama emulators (real HTTP on 127.0.0.1)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memtui.agent.call_budget import MAX_CALLS_PER_REPLY, MAX_CALLS_PER_TURN
from memtui.agent.session import ChatSession, TurnDone
from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of
from .fake_openai import FakeOpenAI

ROOT = Path(__file__).resolve().parents[2]
FLOOD = 10_000
CPU_SECONDS = 20  # the old code took 47 s of CPU (an audit per write) and wrote nothing out


def writes(n: int, prefix: str = "m") -> list[tuple[str, dict[str, Any]]]:
    return [("write_file", {"path": f"memory/{prefix}{i}.md",
                            "content": f"---\nname: {prefix}{i}\n---\nFact {prefix}{i}.\n"})
            for i in range(n)]


@pytest.fixture
def big_llama() -> Iterator[FakeOpenAI]:
    server = FakeOpenAI(n_ctx=200_000).start()
    try:
        yield server
    finally:
        server.stop()


def test_ten_thousand_calls_in_one_reply(ws: Workspace, big_llama: FakeOpenAI) -> None:
    """``memtui eval`` in a process of its own, its CPU measured: 32 writes run, one refusal
    answers the rest, the model reads it on its next request."""
    big_llama.add(FakeModel("flood", [Reply(tool_calls=writes(FLOOD)),
                                      Reply(content="Done.")]))
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "memtui", "eval", str(ws.root), "-m", "note this", "-n",
             "1", "--model", "flood", "--api", "openai", "--host", big_llama.url, "--json"],
            cwd=ROOT, env=env, stdout=out, stderr=err)
        _pid, status, usage = os.wait4(proc.pid, 0)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode()
    cpu = usage.ru_utime + usage.ru_stime
    print(f"\n{FLOOD:,} calls in one reply: {cpu:.1f} s CPU")
    assert os.waitstatus_to_exitcode(status) == 0, stderr
    assert cpu < CPU_SECONDS
    run = json.loads(stdout)["runs"][0]
    assert len(run["tool_calls"]) == MAX_CALLS_PER_REPLY + 1
    assert len(run["files_written"]) == MAX_CALLS_PER_REPLY
    # Nothing past the cap was written (the workspace is a copy: count the requests' answers).
    second = big_llama.chat_bodies[1]["messages"]
    answers = [m for m in second if m["role"] == "tool"]
    assert len(answers) == MAX_CALLS_PER_REPLY + 1
    calls = [c for m in second if m["role"] == "assistant" for c in m.get("tool_calls", [])]
    assert [c["id"] for c in calls] == [a["tool_call_id"] for a in answers]
    last = answers[-1]["content"]
    assert last.startswith("error: refused — this reply holds 10,000 tool calls")
    assert f"at most {MAX_CALLS_PER_REPLY} run per reply" in last
    assert f"this call and the {FLOOD - MAX_CALLS_PER_REPLY - 1:,} after it" in last
    assert all(not a["content"].startswith("error") for a in answers[:-1])


def counting(session: ChatSession) -> list[object]:
    """Every audit the session's tools run, recorded."""
    seen: list[object] = []
    real = session.tools.audit

    def audit(changed: set[str] | None = None) -> Any:
        seen.append(changed)
        return real(changed)
    session.tools.audit = audit  # type: ignore[method-assign]
    return seen


async def test_one_audit_per_batch(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(FakeModel("batch", [Reply(tool_calls=writes(20)), Reply(content="Done.")]))
    session = ChatSession(ws, AgentSettings(model="batch", host=fake.url), persist=False)
    audits = counting(session)
    events = [e async for e in session.send("note twenty things")]
    assert isinstance(events[-1], TurnDone)
    after_writes = [a for a in audits if a]  # the audits of what the calls changed
    assert len(after_writes) == 1 and len(after_writes[0]) == 20  # type: ignore[arg-type]
    assert len(audits) == 3  # request 1, the batch, request 2
    # Each write still gets its own effect.
    tools = [m for m in session.history if m["role"] == "tool"]
    assert [t["effect"] for t in tools] == [f"created memory/m{i}.md — not in the index yet"
                                            for i in range(20)]
    for i in range(20):
        assert (ws.root / "memory" / f"m{i}.md").exists()
    await session.aclose()


async def test_calls_per_turn_are_capped(ws: Workspace, fake: FakeOllama) -> None:
    """Five replies of 32 calls each: 128 run, then every call is refused until the model
    answers; the step limit still ends the turn."""
    def script(body: dict[str, Any]) -> Reply:
        step = step_of(body)
        return Reply(tool_calls=writes(MAX_CALLS_PER_REPLY, f"s{step}-")) if step < 6 \
            else Reply(content="Done.")
    fake.add(FakeModel("busy", script))
    session = ChatSession(ws, AgentSettings(model="busy", host=fake.url, max_steps=12),
                          persist=False)
    events = [e async for e in session.send("note everything")]
    assert isinstance(events[-1], TurnDone) and events[-1].stopped == "answer"
    tools = [m for m in session.history if m["role"] == "tool"]
    ran = [t for t in tools if not t["content"].startswith("error")]
    refused = [t for t in tools if t["content"].startswith("error")]
    assert len(ran) == MAX_CALLS_PER_TURN
    assert len(refused) == 2  # step 5 (its 32 calls) and step 6 (its 32): one answer each
    assert refused[0]["content"].startswith(
        f"error: refused — this turn has run {MAX_CALLS_PER_TURN} tool calls, the most one "
        f"turn may ({MAX_CALLS_PER_TURN}); this call and the 31 after it were not run")
    written = sorted(p.name for p in (ws.root / "memory").iterdir())
    assert len(written) == MAX_CALLS_PER_TURN + 1  # and notes.md
    assert not any(name.startswith(("s4-", "s5-")) for name in written)
    # Every call history keeps has its answer (the OpenAI API refuses a request otherwise).
    calls = sum(len(m.get("tool_calls", [])) for m in session.history if m["role"] ==
                "assistant")
    assert calls == len(tools)
    await session.aclose()
