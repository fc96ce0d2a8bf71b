"""The emulator itself speaks Ollama's wire format (SPEC §5)."""

from __future__ import annotations

import json

import httpx
import pytest

from .fake_ollama import FakeModel, FakeOllama, Reply, memory_writer


def _lines(resp: httpx.Response) -> list[dict]:
    return [json.loads(x) for x in resp.text.splitlines() if x.strip()]


def test_stream_shape_and_window(fake: FakeOllama) -> None:
    fake.add(memory_writer())
    body = {"model": "writer", "messages": [{"role": "user", "content": "hi"}],
            "options": {"num_ctx": 8192}}
    r = httpx.post(fake.url + "/api/chat", json=body)
    chunks = _lines(r)
    assert chunks[0]["message"]["thinking"].startswith("The user")
    calls = [c for c in chunks if c["message"].get("tool_calls")]
    assert len(calls) == 1 and calls[0]["done"] is False
    fn = calls[0]["message"]["tool_calls"][0]["function"]
    assert fn == {"name": "exists", "arguments": {"path": "memory/user-role.md"}}
    final = chunks[-1]
    assert final["done"] is True and final["done_reason"] == "stop"
    assert final["prompt_eval_count"] < 100 and final["eval_count"] > 0
    assert httpx.get(fake.url + "/api/ps").json()["models"][0]["context_length"] == 8192
    assert fake.chat_bodies == [body]


def test_default_window_truncates_long_prompt(fake: FakeOllama) -> None:
    fake.add(FakeModel("m", [Reply(content="ok")], context_length=None))
    long = "word " * 6000
    r = httpx.post(fake.url + "/api/chat",
                   json={"model": "m", "messages": [{"role": "user", "content": long}]})
    assert _lines(r)[-1]["prompt_eval_count"] == 2050
    r = httpx.post(fake.url + "/api/chat", json={
        "model": "m", "messages": [{"role": "user", "content": long}],
        "options": {"num_ctx": 16384}})
    assert _lines(r)[-1]["prompt_eval_count"] > 6000


def test_unknown_model_is_404(fake: FakeOllama) -> None:
    r = httpx.post(fake.url + "/api/chat", json={"model": "nope", "messages": []})
    assert r.status_code == 404 and "not found" in r.json()["error"]


def test_cut_stream_breaks_the_transfer(fake: FakeOllama) -> None:
    fake.add(FakeModel("cut", [Reply(content="a long answer " * 5, cut=True, fail_after=2)]))
    with pytest.raises(httpx.RemoteProtocolError):
        httpx.post(fake.url + "/api/chat", json={"model": "cut", "messages": []})
