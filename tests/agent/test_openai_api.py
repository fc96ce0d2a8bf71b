"""``--api openai``: the client and a whole conversation against the llama-server emulator."""

from __future__ import annotations

import datetime as dt
import json
import socket
import threading
import time
from typing import Any

import pytest

from memtui.agent.ollama import (
    ContentDelta,
    Done,
    MalformedChunk,
    NoToolSupport,
    NotRunning,
    OllamaError,
    ReplyLimit,
    ServerError,
    StreamCut,
    ThinkingDelta,
    ToolCalls,
)
from memtui.agent.openai_api import ContextExceeded, OpenAIClient, openai_messages
from memtui.agent.session import ChatSession, ReplyDone, TurnDone, TurnFailed
from memtui.agent.settings import AgentSettings
from memtui.agent.stream_limits import StreamLimits
from memtui.core.workspace import Workspace

from .fake_ollama import USER_ROLE, FakeModel, Reply, chatter, free_port, memory_writer
from .fake_openai import FakeOpenAI

MESSAGE = "I am a process engineer; Cpk and Ppk need no explanation."



async def collect(client: OpenAIClient, messages: list[dict[str, Any]],
                  tools: list[dict[str, Any]] | None = None) -> list[object]:
    return [e async for e in client.chat("m", messages, tools, {"num_ctx": 99})]


async def test_streams_content_thinking_usage(llama: FakeOpenAI) -> None:
    llama.add(FakeModel("m", [Reply(thinking="ponder", content="Hello there, engineer!")]))
    async with OpenAIClient(llama.url + "/v1/") as client:
        evs = await collect(client, [{"role": "user", "content": "hi"}])
    assert "".join(e.text for e in evs if isinstance(e, ThinkingDelta)) == "ponder"
    assert "".join(e.text for e in evs if isinstance(e, ContentDelta)) == (
        "Hello there, engineer!")
    done = evs[-1]
    assert isinstance(done, Done)
    assert done.stats.done_reason == "stop"
    assert isinstance(done.stats.prompt_eval_count, int) and done.stats.prompt_eval_count > 3
    assert isinstance(done.stats.eval_count, int) and done.stats.eval_count > 3
    assert done.stats.tokens_per_second == pytest.approx(35, rel=0.01)
    body = llama.chat_bodies[0]
    assert body == {"model": "m", "messages": [{"role": "user", "content": "hi"}],
                    "stream": True, "stream_options": {"include_usage": True}}


async def test_no_usage_chunk_reads_the_prompt_from_timings() -> None:
    """newuser33 #32: a server that sends no ``usage`` chunk (it ignores stream_options)
    gave ``prompt_eval_count 0``; the prompt is ``timings.prompt_n`` plus the tokens its
    cache reused (``cache_n``)."""
    with_usage = FakeOpenAI()
    without = FakeOpenAI(usage=False, cache_n=2)
    counts = []
    for fake in (with_usage, without):
        fake.add(FakeModel("m", [Reply(content="Hello there, engineer!")]))
        fake.start()
        try:
            async with OpenAIClient(fake.url + "/v1/") as client:
                evs = await collect(client, [{"role": "user", "content": "hi"}])
        finally:
            fake.stop()
        done = evs[-1]
        assert isinstance(done, Done)
        counts.append(done.stats.prompt_eval_count)
    assert isinstance(counts[0], int) and counts[0] > 3 and counts == [counts[0], counts[0]]


async def test_tool_call_deltas_are_assembled(llama: FakeOpenAI) -> None:
    args = {"path": "memory/user-role.md", "content": USER_ROLE}
    llama.add(FakeModel("m", [Reply(tool_calls=[("exists", {"path": "MEMORY.md"}),
                                                 ("write_file", args)])]))
    async with OpenAIClient(llama.url) as client:
        evs = await collect(client, [{"role": "user", "content": "hi"}],
                            [{"type": "function", "function": {"name": "exists"}}])
    calls = [e for e in evs if isinstance(e, ToolCalls)]
    assert len(calls) == 1
    assert [(c.name, c.arguments) for c in calls[0].calls] == [
        ("exists", {"path": "MEMORY.md"}), ("write_file", args)]
    assert isinstance(evs[-1], Done) and evs[-1].stats.done_reason == "tool_calls"


def test_messages_get_call_ids_and_string_arguments() -> None:
    history = [
        {"role": "system", "content": "rules"},
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"function": {"name": "exists", "arguments": {"path": "a"}}},
            {"function": {"name": "exists", "arguments": {"path": "b"}}}]},
        {"role": "tool", "tool_name": "exists", "content": "yes", "effect": "x", "ok": True},
        {"role": "tool", "tool_name": "exists", "content": "no"},
        {"role": "assistant", "content": "done", "thinking": "t", "partial": True},
    ]
    assert openai_messages(history) == [
        {"role": "system", "content": "rules"},
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "call_1", "type": "function",
             "function": {"name": "exists", "arguments": '{"path": "a"}'}},
            {"id": "call_2", "type": "function",
             "function": {"name": "exists", "arguments": '{"path": "b"}'}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "yes"},
        {"role": "tool", "tool_call_id": "call_2", "content": "no"},
        {"role": "assistant", "content": "done"},
    ]


async def test_prompt_over_the_window_is_context_exceeded(llama: FakeOpenAI) -> None:
    llama.n_ctx = 64
    llama.add(chatter("m"))
    async with OpenAIClient(llama.url) as client:
        with pytest.raises(ContextExceeded) as info:
            await collect(client, [{"role": "user", "content": "word " * 200}])
    err = info.value
    assert err.n_ctx == 64 and err.n_prompt_tokens is not None and err.n_prompt_tokens > 200
    line = str(err)
    assert "\n" not in line
    assert f"{err.n_prompt_tokens:,} tokens (n_prompt_tokens)" in line
    assert "64 tokens (n_ctx)" in line
    assert "restart the server with -c 2048" in line and "conversation is kept" in line


async def test_length_finish_reason(llama: FakeOpenAI) -> None:
    llama.add(FakeModel("m", [Reply(content="The answer is cut", done_reason="length")]))
    async with OpenAIClient(llama.url) as client:
        evs = await collect(client, [{"role": "user", "content": "hi"}])
    assert isinstance(evs[-1], Done) and evs[-1].stats.done_reason == "length"


@pytest.mark.parametrize(("reply", "error", "text"), [
    (Reply(content="partial reply text", error="model crashed"), ServerError,
     "the server stopped the reply with an error: model crashed — send again"),
    (Reply(content="partial reply text", malformed=True), MalformedChunk,
     "the server sent a malformed event"),
    (Reply(content="partial reply text", cut=True), StreamCut, "cut halfway"),
])
async def test_broken_streams(llama: FakeOpenAI, reply: Reply, error: type[OllamaError],
                              text: str) -> None:
    llama.add(FakeModel("m", [reply]))
    async with OpenAIClient(llama.url) as client:
        with pytest.raises(error, match=text):
            await collect(client, [{"role": "user", "content": "hi"}])


@pytest.mark.parametrize("event", [
    b'{"choices": "many"}',
    b'{"choices": [{"delta": ["content"]}]}',
    b'{"choices": [{"delta": {"tool_calls": [{"index": 0, "function": "exists"}]}}]}',
    b'[1, 2]',
    b'{"choices": [{"delta": {"content": "x"}}]}' + b"]" * 1,
    b"[" * 100_000,  # nested past what json can take
])
async def test_malformed_events_are_one_line(event: bytes) -> None:
    sock, thread = _endless_server(b"data: " + event + b"\n\n")
    try:
        async with OpenAIClient(f"http://127.0.0.1:{sock.getsockname()[1]}") as client:
            with pytest.raises(MalformedChunk) as info:
                await collect(client, [{"role": "user", "content": "hi"}])
        assert str(info.value).startswith("the server sent a malformed event (")
        assert "\n" not in str(info.value)
    finally:
        sock.close()
        thread.join(10)


async def test_not_running_and_no_jinja(llama: FakeOpenAI) -> None:
    port = free_port()
    async with OpenAIClient(f"http://127.0.0.1:{port}") as client:
        with pytest.raises(NotRunning, match=r"^no OpenAI-compatible server at http://127"):
            await client.tags()
    llama.tools = False
    llama.add(chatter("m"))
    async with OpenAIClient(llama.url) as client:
        info = await client.show("m")
        assert not info.supports_tools
        with pytest.raises(NoToolSupport, match="start llama-server with --jinja"):
            await collect(client, [{"role": "user", "content": "hi"}],
                          [{"type": "function", "function": {"name": "x"}}])


async def test_show_tags_ps_version(llama: FakeOpenAI) -> None:
    llama.n_ctx = 8192
    llama.add(chatter("qwen-small"))
    async with OpenAIClient(llama.url) as client:
        assert await client.tags() == ["qwen-small"]
        info = await client.show("anything")
        assert (info.context_length, info.supports_tools) == (8192, True)
        assert [(m.name, m.context_length) for m in await client.ps()] == [("anything", 8192)]
        assert await client.version() == "b1-fake"
    llama.models.clear()  # an empty list, then a malformed one
    async with OpenAIClient(llama.url) as client:
        assert await client.tags() == []
    llama.props = False  # a server without /props: the window is unknown, never guessed
    async with OpenAIClient(llama.url) as client:
        assert (await client.show("m")).context_length is None


def _endless_server(line: bytes) -> tuple[socket.socket, threading.Thread]:
    """Answers 200 and then repeats ``line`` until the client hangs up."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(1)

    def serve() -> None:
        conn, _ = sock.accept()
        with conn:
            conn.recv(65536)
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n")
            try:
                for _ in range(100_000):
                    conn.sendall(line)
            except OSError:
                pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return sock, thread


@pytest.mark.parametrize(("line", "fault"), [
    (b'data: {"choices": [{"delta": {"content": "more and more "}}]}\n\n', "grew past"),
    (b"x" * 4096, "line longer than"),  # one line that never ends
])
async def test_endless_reply_is_refused(line: bytes, fault: str) -> None:
    sock, thread = _endless_server(line)
    port = sock.getsockname()[1]
    try:
        async with OpenAIClient(f"http://127.0.0.1:{port}", timeout=60) as client:
            client.limits = StreamLimits(60, server="the server", line_bytes=1 << 20,
                                         reply_bytes=2 << 20)
            with pytest.raises(ReplyLimit, match=fault):
                await collect(client, [{"role": "user", "content": "hi"}])
    finally:
        sock.close()
        thread.join(10)


async def test_a_reply_that_never_ends_meets_the_deadline() -> None:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(1)

    def trickle() -> None:  # a keep-alive comment every 0.2 s, forever (until hung up on)
        conn, _ = sock.accept()
        with conn:
            conn.recv(65536)
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n")
            try:
                for _ in range(1000):
                    conn.sendall(b": ping\n\n")
                    time.sleep(0.2)
            except OSError:
                pass

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    try:
        async with OpenAIClient(f"http://127.0.0.1:{sock.getsockname()[1]}",
                                timeout=1.5) as client:
            with pytest.raises(ReplyLimit, match=r"did not end within 1.5s"):
                await collect(client, [{"role": "user", "content": "hi"}])
    finally:
        sock.close()
        thread.join(10)


# -- a whole conversation ------------------------------------------------------------------


def session(ws: Workspace, llama: FakeOpenAI) -> ChatSession:
    settings = AgentSettings(model="writer", host=llama.url, api="openai", num_ctx=123456)
    return ChatSession(ws, settings, today=dt.date(2026, 11, 30))


async def test_writer_conversation_over_openai(ws: Workspace, llama: FakeOpenAI) -> None:
    llama.add(memory_writer())
    s = session(ws, llama)
    evs = [e async for e in s.send(MESSAGE)]
    await s.aclose()
    assert isinstance(evs[-1], TurnDone) and evs[-1].steps == 4
    assert (ws.root / "memory/user-role.md").read_text() == USER_ROLE
    assert "memory/user-role.md" in (ws.root / "MEMORY.md").read_text()
    assert s.facts is not None
    assert s.facts.window.num_ctx == 4096 and s.facts.window.source == "server"
    assert "num_ctx cannot be set per request" in s.facts.window.note
    assert "--num-ctx 123,456 ignored" in s.facts.window.note
    for body in llama.chat_bodies:
        assert "options" not in body and "num_ctx" not in json.dumps(body)
        assert body["stream_options"] == {"include_usage": True}
    last = llama.chat_bodies[-1]["messages"]
    assert [m["role"] for m in last] == ["system", "user", "assistant", "tool", "assistant",
                                         "tool", "assistant", "tool"]
    assert last[3]["tool_call_id"] == last[2]["tool_calls"][0]["id"]
    done = [e for e in evs if isinstance(e, ReplyDone)]
    assert all(d.truncation is None for d in done)  # no silent cut on this API
    assert all(d.stats.prompt_eval_count and d.stats.prompt_eval_count > 500 for d in done)
    lines = (s.transcript.read_text().splitlines() if s.transcript else [])
    request = json.loads(lines[1])
    assert request["kind"] == "request" and "stream_options" in request["body"]


async def test_context_exceeded_keeps_the_conversation(ws: Workspace,
                                                       llama: FakeOpenAI) -> None:
    llama.add(chatter("writer", "Fine."))
    s = session(ws, llama)
    evs = [e async for e in s.send("hello")]
    assert isinstance(evs[-1], TurnDone)
    llama.n_ctx = 600  # the server restarted with a smaller -c
    evs = [e async for e in s.send("and now a long one " * 100)]
    await s.aclose()
    failed = evs[-1]
    assert isinstance(failed, TurnFailed) and isinstance(failed.error, ContextExceeded)
    assert failed.unsent == "and now a long one " * 100
    assert "(n_ctx)" in failed.message and "600 tokens" in failed.message
    assert [m["role"] for m in s.history] == ["user", "assistant"]  # the first turn is kept
