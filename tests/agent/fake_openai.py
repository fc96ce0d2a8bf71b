"""A real HTTP server on 127.0.0.1 that answers like llama.cpp's ``llama-server`` (SPEC §6).

Endpoints: ``POST /v1/chat/completions`` (server-sent events, or one object with
``"stream": false``), ``GET /v1/models``, ``GET /props``, ``GET /health``; ``/api/*`` is 404
as on the real server. Models and their scripts are :class:`FakeModel` and :class:`Reply`
from the Ollama emulator; a llama-server serves one model whatever a request names, so the
first model added answers every request.

The window is fixed at start (``n_ctx``); a request's ``num_ctx`` is ignored. A prompt larger
than it is HTTP 400 ``exceed_context_size_error`` before any streaming. ``Reply.done_reason
= "length"`` ends the stream with ``finish_reason: "length"``. Tool calls stream as deltas:
the name with an index and id first, then the arguments string in pieces. ``usage`` comes in
a last chunk with no choices only when ``stream_options.include_usage`` is set; the chunk with
``finish_reason`` carries ``timings``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

from .fake_ollama import (
    FakeModel,
    FakeOllama,
    Reply,
    _Handler,
    _pieces,
    count_tokens,
    render_prompt,
)

BUILD = "b1-fake"


class FakeOpenAI(FakeOllama):
    """The emulator: ``start()`` it, point the client at ``url``, read ``requests``."""

    def __init__(self, models: list[FakeModel] | None = None, n_ctx: int = 4096,
                 props: bool = True, tools: bool = True, usage: bool = True,
                 cache_n: int = 0) -> None:
        super().__init__(models)
        self.usage = usage  # False: a build that ignores stream_options (no usage chunk)
        self.cache_n = cache_n  # prompt tokens its cache reused (timings.cache_n)
        self.n_ctx = n_ctx
        self.props = props  # False: /props is 404 (a server other than llama-server)
        self.tools = tools  # False: a request with tools is refused (no --jinja)

    @property
    def chat_bodies(self) -> list[dict[str, Any]]:
        return [b for (_m, p, b) in self.requests
                if p == "/v1/chat/completions" and b is not None]

    @property
    def handler(self) -> type[_Handler]:
        return _OpenAIHandler

    def served(self) -> FakeModel | None:
        return next(iter(self.models.values()), None)


def chunks_for(reply: Reply) -> Iterator[dict[str, Any]]:
    """The choices' deltas of a streamed reply, before the finishing chunk."""
    yield {"role": "assistant", "content": None}
    for piece in _pieces(reply.thinking):
        yield {"reasoning_content": piece}
    for piece in _pieces(reply.content):
        yield {"content": piece}
    for i, (name, args) in enumerate(reply.tool_calls):
        yield {"tool_calls": [{"index": i, "id": f"call_{i}", "type": "function",
                               "function": {"name": name, "arguments": ""}}]}
        for piece in _pieces(json.dumps(args, ensure_ascii=False), 7):
            yield {"tool_calls": [{"index": i, "function": {"arguments": piece}}]}


class _OpenAIHandler(_Handler):
    fake: FakeOpenAI  # type: ignore[assignment]

    def _sse(self, obj: dict[str, Any] | str) -> None:
        data = obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False)
        self._chunk(f"data: {data}\n\n".encode())

    def do_GET(self) -> None:
        fake = self.fake
        fake.record("GET", self.path, None)
        model = fake.served()
        if self.path == "/v1/models":
            self._json(200, {"object": "list", "data": [
                {"id": m.name, "object": "model", "created": 1764500000, "owned_by": "llamacpp",
                 "meta": {"n_ctx_train": m.context_length or 32768}}
                for m in fake.models.values()]})
        elif self.path == "/props" and fake.props:
            template = "{% if tools %}<tool_call>{% endif %}" if fake.tools else "{{ messages }}"
            self._json(200, {
                "default_generation_settings": {"n_ctx": fake.n_ctx, "params": {}},
                "total_slots": 1, "model_path": f"/models/{model.name if model else 'none'}.gguf",
                "chat_template": template, "chat_template_caps": {"supports_tools": fake.tools},
                "build_info": BUILD})
        elif self.path == "/health":
            self._json(200, {"status": "ok"})
        else:
            self._json(404, {"error": {"code": 404, "message": "File Not Found",
                                       "type": "not_found_error"}})

    def do_POST(self) -> None:
        fake = self.fake
        body = self._body()
        fake.record("POST", self.path, body)
        if self.path != "/v1/chat/completions":
            self._json(404, {"error": {"code": 404, "message": "File Not Found",
                                       "type": "not_found_error"}})
            return
        model = fake.served()
        if body is None or model is None:
            self._json(500, {"error": {"code": 500, "message": "no model or no body",
                                       "type": "server_error"}})
            return
        if body.get("tools") and not fake.tools:
            self._json(500, {"error": {"code": 500, "message": "tools param requires --jinja "
                                       "flag", "type": "server_error"}})
            return
        prompt = count_tokens(render_prompt(body))
        if prompt > fake.n_ctx:
            self._json(400, {"error": {
                "code": 400, "message": f"request ({prompt} tokens) exceeds the available "
                f"context size ({fake.n_ctx} tokens), try increasing it",
                "type": "exceed_context_size_error", "n_prompt_tokens": prompt,
                "n_ctx": fake.n_ctx}})
            return
        reply = fake.reply_for(model, body)
        if reply.delay:
            time.sleep(reply.delay)
        completion = max(1, count_tokens(reply.thinking + reply.content
                                         + json.dumps(reply.tool_calls)))
        finish = "tool_calls" if reply.tool_calls else "stop"
        if reply.done_reason == "length":
            finish = "length"
        usage = {"prompt_tokens": prompt, "completion_tokens": completion,
                 "total_tokens": prompt + completion}
        timings = {"prompt_n": prompt - fake.cache_n, "prompt_ms": prompt / 76 * 1000,
                   "predicted_n": completion, "predicted_ms": completion / 35 * 1000}
        if fake.cache_n:
            timings["cache_n"] = fake.cache_n
        head = {"id": "chatcmpl-fake", "object": "chat.completion.chunk",
                "created": 1764500000, "model": model.name, "system_fingerprint": BUILD}
        if body.get("stream") is not True:
            message: dict[str, Any] = {"role": "assistant", "content": reply.content}
            if reply.tool_calls:
                message["tool_calls"] = [
                    {"id": f"call_{i}", "type": "function",
                     "function": {"name": n, "arguments": json.dumps(a)}}
                    for i, (n, a) in enumerate(reply.tool_calls)]
            self._json(200, {**head, "object": "chat.completion", "choices": [
                {"index": 0, "message": message, "finish_reason": finish}],
                "usage": usage, "timings": timings})
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        sent = 0
        try:
            for delta in chunks_for(reply):
                if self._misbehave(reply, sent):
                    return
                self._sse({**head, "choices": [{"index": 0, "delta": delta,
                                                "finish_reason": None}]})
                sent += 1
                if reply.chunk_delay:
                    time.sleep(reply.chunk_delay)
            if self._misbehave(reply, sent, last=True):
                return
            self._sse({**head, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}],
                       "timings": timings})
            if fake.usage and (body.get("stream_options") or {}).get("include_usage"):
                self._sse({**head, "choices": [], "usage": usage})
            self._sse("[DONE]")
            self._chunk(b"")
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    MALFORMED = b'data: {"choices": [{"delta": {"content": "unterminated\n\n'

    def _error_chunk(self, message: str) -> bytes:
        error = {"error": {"code": 500, "message": message, "type": "server_error"}}
        return f"data: {json.dumps(error)}\n\n".encode()


if __name__ == "__main__":  # python -m tests.agent.fake_openai [--port N] [--n-ctx N]
    from tests.agent.serve_fake import main

    raise SystemExit(main("openai"))
