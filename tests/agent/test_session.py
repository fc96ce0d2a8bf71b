"""A conversation against the emulator: request bodies, files written, history, transcript."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from memtui.agent.ollama import OllamaClient
from memtui.agent.prompt import BLOCK_HEAD, BLOCK_TAIL
from memtui.agent.session import (
    ChatSession,
    ReplyDone,
    TurnDone,
    TurnFailed,
)
from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace

from .conftest import INDEX
from .fake_ollama import (
    INDEX_LINE,
    USER_ROLE,
    FakeModel,
    FakeOllama,
    Reply,
    chatter,
    memory_writer,
)

MESSAGE = "I am a process engineer; Cpk and Ppk need no explanation."


def session(ws: Workspace, fake: FakeOllama, model: str, **kw: object) -> ChatSession:
    settings = AgentSettings(model=model, host=fake.url, **kw)  # type: ignore[arg-type]
    return ChatSession(ws, settings, today=dt.date(2026, 11, 30))


async def events(s: ChatSession, text: str) -> list[object]:
    return [e async for e in s.send(text)]


async def test_writer_turn_bodies_files_and_history(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(memory_writer())
    s = session(ws, fake, "writer")
    evs = await events(s, MESSAGE)
    await s.aclose()
    assert isinstance(evs[-1], TurnDone) and evs[-1].steps == 4
    assert evs[-1].content == "Noted: you are a process engineer. I saved it to memory."
    # Files on disk.
    assert (ws.root / "memory/user-role.md").read_text() == USER_ROLE
    assert (ws.root / "MEMORY.md").read_text() == "# Memory\n" + INDEX_LINE + INDEX.split(
        "\n", 1)[1]
    # Every request: num_ctx from /api/show, the block prefixed to the last user message,
    # re-read for each request (the third sees the file written by the second step).
    bodies = fake.chat_bodies
    assert len(bodies) == 4
    for body in bodies:
        assert set(body) == {"model", "messages", "stream", "tools", "options"}
        assert body["model"] == "writer"
        assert body["options"] == {"num_ctx": 40960}
        assert body["stream"] is True
        assert [t["function"]["name"] for t in body["tools"]] == [
            "read_file", "write_file", "edit_file", "list_files", "exists", "delete_file"]
        users = [m for m in body["messages"] if m["role"] == "user"]
        assert len(users) == 1
        assert users[0]["content"].startswith(BLOCK_HEAD + "\n# Memory\n")
        assert users[0]["content"].endswith(BLOCK_TAIL + "\n\n" + MESSAGE)
        assert body["messages"][0]["role"] == "system"
        assert "would this still be true in another item?" in body["messages"][0]["content"]
        assert "today is 2026-11-30" in body["messages"][0]["content"]
    assert INDEX_LINE.strip() not in bodies[2]["messages"][1]["content"]
    assert INDEX_LINE.strip() in bodies[3]["messages"][1]["content"]
    assert bodies[1]["messages"][2] == {
        "role": "assistant", "content": "",
        "tool_calls": [{"function": {"name": "exists",
                                     "arguments": {"path": "memory/user-role.md"}}}]}
    assert bodies[1]["messages"][3] == {"role": "tool", "tool_name": "exists",
                                        "content": "no: memory/user-role.md does not exist"}
    # Stored history: no block anywhere.
    stored = json.loads(s.history_path.read_text())
    assert stored["messages"][0] == {"role": "user", "content": MESSAGE}
    assert BLOCK_HEAD not in s.history_path.read_text()
    assert [m["role"] for m in stored["messages"]] == [
        "user", "assistant", "tool", "assistant", "tool", "assistant", "tool", "assistant"]
    # Effects reported on the tool cards.
    from memtui.agent.session import ToolFinished
    effects = [e.outcome.effect_text for e in evs if isinstance(e, ToolFinished)]
    assert effects == ["no effect on memory",
                       "created memory/user-role.md — not in the index yet",
                       "index line added; memory/user-role.md now linked from the index"]
    # Transcript: every request and response.
    rows = [json.loads(x) for x in s.transcript.read_text().splitlines()]
    assert [r["kind"] for r in rows].count("request") == 4
    assert [r["kind"] for r in rows].count("response") == 4
    assert rows[1]["body"] == bodies[0]


async def test_history_survives_and_new_chat(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(chatter())
    s = session(ws, fake, "chatter")
    await events(s, "remember me")
    again = session(ws, fake, "chatter")
    assert [m["role"] for m in again.history] == ["user", "assistant"]
    assert again.history[1]["thinking"] == "Just greet."
    await events(again, "second")
    sent = fake.chat_bodies[-1]["messages"]
    assert [m["role"] for m in sent] == ["system", "user", "assistant", "user"]
    assert sent[1]["content"] == "remember me"  # older user turns carry no block
    assert "thinking" not in sent[2]
    again.new_chat()
    assert json.loads(again.history_path.read_text())["messages"] == []
    await events(again, "third")
    assert [m["role"] for m in fake.chat_bodies[-1]["messages"]] == ["system", "user"]
    await s.aclose()
    await again.aclose()


async def test_truncation_flagged_when_no_window_known(ws: Workspace,
                                                       fake: FakeOllama) -> None:
    (ws.root / "MEMORY.md").write_text(
        "# Memory\n" + "".join(f"- [Fact {i}](memory/f{i}.md) — a hook about thing {i} "
                               "and its many details\n" for i in range(400)))
    fake.add(FakeModel("nowin", [Reply(content="ok")], context_length=None))
    s = session(ws, fake, "nowin")
    evs = await events(s, "hello")
    body = fake.chat_bodies[0]
    assert "options" not in body
    assert s.facts is not None and s.facts.window.num_ctx is None
    assert "its default is likely 4096 (Ollama 0.12.6)" in s.facts.window.note
    done = next(e for e in evs if isinstance(e, ReplyDone))
    assert done.stats.prompt_eval_count == 2050
    assert done.truncation is not None
    assert "near half the window + 2" in done.truncation.reasons
    assert done.truncation.message.startswith("Prompt cut: Ollama read 2,050 tokens of about ")
    assert done.truncation.fix.startswith("no num_ctx was sent")
    await s.aclose()


async def test_override_window_sent(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(chatter())
    s = session(ws, fake, "chatter", num_ctx=8192)
    evs = await events(s, "hi")
    assert fake.chat_bodies[0]["options"] == {"num_ctx": 8192}
    assert next(e for e in evs if isinstance(e, ReplyDone)).truncation is None
    assert await s.loaded_window() == 8192
    await s.aclose()


FAILURES = [
    ("error mid-stream", FakeModel("m", [Reply(content="partial answer here",
                                               error="llama runner process has terminated")]),
     "Ollama stopped the reply with an error: llama runner process has terminated — "
     "send again"),
    ("malformed", FakeModel("m", [Reply(content="x" * 30, malformed=True, fail_after=0)]),
     "Ollama sent a malformed chunk ('{\"model\": \"x\", \"message\": {\"content\": "
     "\"unterminated'); the reply was dropped — send again, or update Ollama if it repeats"),
    ("cut", FakeModel("m", [Reply(content="y" * 40, cut=True, fail_after=2)]),
     "the connection to Ollama was cut halfway through the reply (did the server stop or "
     "crash?); what arrived was kept — send again"),
    ("no tools", FakeModel("m", [Reply(content="hi")], capabilities=["completion"]), None),
]


@pytest.mark.parametrize(("label", "model", "line"), FAILURES, ids=[f[0] for f in FAILURES])
async def test_failures_keep_conversation(ws: Workspace, fake: FakeOllama, label: str,
                                          model: FakeModel, line: str | None) -> None:
    fake.add(model)
    s = session(ws, fake, "m")
    evs = await events(s, "hello")
    if line is None:  # a model without tools still chats, without tools
        assert isinstance(evs[-1], TurnDone)
        assert "tools" not in fake.chat_bodies[0]
        assert s.facts is not None and s.facts.tools_note == (
            "m cannot use tools (capabilities: completion): it can chat but cannot read or "
            "write memory — pick a model with tool support, e.g. qwen3")
        return
    fail = evs[-1]
    assert isinstance(fail, TurnFailed)
    assert fail.message == line
    assert "\n" not in fail.message
    if label == "malformed":  # nothing came back: the text goes back to the input
        assert fail.unsent == "hello" and s.history == []
    else:  # the partial reply is kept
        assert fail.unsent is None
        assert s.history[0] == {"role": "user", "content": "hello"}
        assert s.history[1]["partial"] is True


async def test_not_running_unknown_model_timeout(ws: Workspace, fake: FakeOllama) -> None:
    from .fake_ollama import free_port
    port = free_port()
    s = ChatSession(ws, AgentSettings(model="qwen3:14b", host=f"127.0.0.1:{port}"))
    fail = (await events(s, "hi"))[-1]
    assert isinstance(fail, TurnFailed)
    assert fail.message == (f"Ollama is not running at http://127.0.0.1:{port}: start it with "
                            "`ollama serve` (or point --host / OLLAMA_HOST at it)")
    assert fail.unsent == "hi"
    s = session(ws, fake, "qwen3:14b")
    fail = (await events(s, "hi"))[-1]
    assert isinstance(fail, TurnFailed)
    assert fail.message == (f"model 'qwen3:14b' is not available on {fake.url}: run "
                            "`ollama pull qwen3:14b`")
    fake.add(FakeModel("slow", [Reply(content="late", delay=1.5)]))
    s = session(ws, fake, "slow", timeout=0.5)
    fail = (await events(s, "hi"))[-1]
    assert isinstance(fail, TurnFailed)
    assert fail.message == ("Ollama did not answer within 0.5s (model still loading, or too "
                            "slow for this window): try again, or raise --timeout")


async def test_client_http_error(fake: FakeOllama) -> None:
    from memtui.agent.ollama import HttpError
    client = OllamaClient(fake.url)
    with pytest.raises(HttpError, match=r"^Ollama answered HTTP 404: 404 page not found$"):
        await client._request("GET", "/api/nothing")
    await client.aclose()


async def test_inline_think_and_think_flag(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(FakeModel("inline", [Reply(content="<think>weigh it</think>\n\nThe answer.")]))
    s = session(ws, fake, "inline", think=False)
    await events(s, "q")
    assert fake.chat_bodies[0]["think"] is False
    assert s.history[-1] == {"role": "assistant", "content": "The answer.",
                             "thinking": "weigh it"}
    await s.aclose()


async def test_non_streamed_chat(fake: FakeOllama) -> None:
    from memtui.agent.ollama import ContentDelta, Done, ToolCalls
    fake.add(memory_writer())
    client = OllamaClient(fake.url)
    evs = [e async for e in client.chat("writer", [{"role": "user", "content": "x"}],
                                        stream=False)]
    await client.aclose()
    assert fake.chat_bodies[0]["stream"] is False
    assert isinstance(evs[-1], Done) and evs[-1].stats.done_reason == "stop"
    assert [c.name for e in evs if isinstance(e, ToolCalls) for c in e.calls] == ["exists"]
    assert not any(isinstance(e, ContentDelta) for e in evs)


async def test_step_limit(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(FakeModel("loop", [Reply(tool_calls=[("list_files", {})])]))
    s = session(ws, fake, "loop", max_steps=3)
    evs = await events(s, "go")
    assert isinstance(evs[-1], TurnDone)
    assert (evs[-1].steps, evs[-1].stopped) == (3, "max_steps")
    assert len(fake.chat_bodies) == 3
    await s.aclose()


def test_unreadable_history_is_set_aside(ws: Workspace) -> None:
    path = ws.state_dir / "chat" / "history.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    s = ChatSession(ws, AgentSettings(model="m"))
    assert s.history == []
    assert s.load_problem is not None and s.load_problem.startswith(
        "chat history could not be read (")
    assert path.read_text() == "{not json"  # opening writes nothing
    s.new_chat()
    aside = list(path.parent.glob("history.unreadable-*.json"))
    assert len(aside) == 1 and aside[0].read_text() == "{not json"
    assert json.loads(path.read_text())["messages"] == []


async def test_recall_in_a_new_chat(ws: Workspace, fake: FakeOllama) -> None:
    """Tell it something, start a new chat, ask: the new chat sees the index line."""
    fake.add(memory_writer())
    fake.add(chatter("recaller", "You are a process engineer."))
    s = session(ws, fake, "writer")
    await events(s, MESSAGE)
    s.new_chat()
    s.settings.model = "recaller"
    s.facts = None
    await events(s, "What is my job?")
    body = fake.chat_bodies[-1]
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert body["messages"][1]["content"] == (
        BLOCK_HEAD + "\n" + (ws.root / "MEMORY.md").read_text().rstrip() + "\n" + BLOCK_TAIL
        + "\n\nWhat is my job?")
    assert INDEX_LINE.strip() in body["messages"][1]["content"]
    await s.aclose()
