"""A real HTTP server on 127.0.0.1 that answers like Ollama's native API (SPEC §5).

Endpoints: ``POST /api/chat`` (NDJSON stream, or one object with ``"stream": false``),
``POST /api/show``, ``GET /api/ps``, ``GET /api/tags``, ``GET /api/version``.

Each model has a *script*: a list of :class:`Reply`, picked by how many assistant turns follow
the newest user message in the request (so a tool-using conversation walks the list, and every
fresh conversation starts again at the top), or a callable ``(request_body) -> Reply``.

Window behaviour follows Ollama: the window is ``options.num_ctx`` when sent, else the
Modelfile ``num_ctx`` parameter, else the server default (4096 here, as in 0.6.7+); capped at
the trained context. A prompt longer than the window still answers 200, with
``prompt_eval_count`` = window/2 + 2 (the front of the prompt was cut). Every request body is
recorded in ``requests``.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from memtui.core.counting.tokens import encoder

MS = 1_000_000  # nanoseconds per millisecond


@dataclass
class Reply:
    """One scripted model turn, and how the stream should misbehave, if at all."""

    content: str = ""
    thinking: str = ""
    tool_calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    done_reason: str = "stop"
    error: str | None = None  # sent as {"error": ...} (status 200) after `fail_after` chunks
    malformed: bool = False  # a broken line after `fail_after` chunks
    cut: bool = False  # connection dropped after `fail_after` chunks, no final chunk
    fail_after: int = 1
    delay: float = 0.0  # seconds before the first byte (for timeouts)
    chunk_delay: float = 0.0  # seconds between chunks (for cancellation)


Script = list[Reply] | Callable[[dict[str, Any]], Reply]


@dataclass
class FakeModel:
    name: str
    script: Script
    context_length: int | None = 40960  # None: model_info has no <arch>.context_length
    architecture: str = "qwen3"
    capabilities: list[str] = field(default_factory=lambda: ["completion", "tools", "thinking"])
    num_ctx_parameter: int | None = None  # a Modelfile `PARAMETER num_ctx`


def step_of(body: dict[str, Any]) -> int:
    """Assistant turns after the newest user message: 0 on a fresh user turn."""
    step = 0
    for msg in reversed(body.get("messages") or []):
        role = msg.get("role")
        if role == "user":
            break
        if role == "assistant":
            step += 1
    return step


def render_prompt(body: dict[str, Any]) -> str:
    """The prompt text roughly as Qwen's chat template lays it out."""
    parts: list[str] = []
    tools = body.get("tools") or []
    for msg in body.get("messages") or []:
        text = str(msg.get("content") or "")
        if msg.get("tool_calls"):
            text += json.dumps(msg["tool_calls"], ensure_ascii=False)
        if msg.get("role") == "system" and tools:
            text += "\n\n# Tools\n" + "\n".join(json.dumps(t, ensure_ascii=False) for t in tools)
        parts.append(f"<|im_start|>{msg.get('role')}\n{text}<|im_end|>\n")
    if tools and not any(m.get("role") == "system" for m in body.get("messages") or []):
        parts.insert(0, "<|im_start|>system\n# Tools\n"
                     + "\n".join(json.dumps(t, ensure_ascii=False) for t in tools)
                     + "<|im_end|>\n")
    parts.append("<|im_start|>assistant\n")
    return "".join(parts)


def count_tokens(text: str) -> int:
    return len(encoder("qwen").encode_ordinary(text))


class FakeOllama:
    """The emulator: ``start()`` it, point the client at ``url``, read ``requests``."""

    def __init__(self, models: list[FakeModel] | None = None, version: str | None = "0.12.6",
                 default_ctx: int = 4096) -> None:
        self.models: dict[str, FakeModel] = {m.name: m for m in models or []}
        self.version = version
        self.default_ctx = default_ctx
        self.requests: list[tuple[str, str, dict[str, Any] | None]] = []
        self.loaded: dict[str, int] = {}  # model → context_length of the loaded runner
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    @property
    def handler(self) -> type[_Handler]:
        """The request handler class (a subclass may answer differently)."""
        return _Handler

    # -- lifecycle -------------------------------------------------------------------------

    def add(self, model: FakeModel) -> FakeModel:
        self.models[model.name] = model
        return model

    def start(self, port: int = 0) -> FakeOllama:
        """Listen on 127.0.0.1:``port`` (0: any free port) in a background thread."""
        emulator = self

        class Handler(self.handler):  # type: ignore[name-defined,misc]
            fake = emulator

        self._server = _Server(("127.0.0.1", port), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    @property
    def url(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    # -- recorded traffic ------------------------------------------------------------------

    def record(self, method: str, path: str, body: dict[str, Any] | None) -> None:
        with self._lock:
            self.requests.append((method, path, body))

    @property
    def chat_bodies(self) -> list[dict[str, Any]]:
        return [b for (_m, p, b) in self.requests if p == "/api/chat" and b is not None]

    # -- the model side --------------------------------------------------------------------

    def window_for(self, model: FakeModel, body: dict[str, Any]) -> int:
        options = body.get("options") or {}
        window = options.get("num_ctx") or model.num_ctx_parameter or self.default_ctx
        if model.context_length:
            window = min(int(window), model.context_length)
        return int(window)

    def reply_for(self, model: FakeModel, body: dict[str, Any]) -> Reply:
        if callable(model.script):
            return model.script(body)
        script = model.script
        return script[min(step_of(body), len(script) - 1)]

    def stats(self, model: FakeModel, body: dict[str, Any], reply: Reply) -> dict[str, Any]:
        window = self.window_for(model, body)
        self.loaded[model.name] = window
        prompt = count_tokens(render_prompt(body))
        prompt_eval = prompt if prompt <= window else window // 2 + 2
        out_text = reply.thinking + reply.content + json.dumps(reply.tool_calls)
        evals = max(1, count_tokens(out_text))
        return {
            "done_reason": reply.done_reason,
            "total_duration": (5 + prompt_eval // 100 + evals * 20) * MS,
            "load_duration": 3 * MS,
            "prompt_eval_count": prompt_eval,
            "prompt_eval_duration": (prompt_eval // 100 + 1) * MS,
            "eval_count": evals,
            "eval_duration": evals * 20 * MS,
        }


def chunks_for(model: str, reply: Reply) -> Iterator[dict[str, Any]]:
    """The non-final chunks of a streamed reply, in Ollama's shape."""
    now = "2026-11-30T10:00:00.000000Z"

    def chunk(**message: Any) -> dict[str, Any]:
        return {"model": model, "created_at": now,
                "message": {"role": "assistant", "content": "", **message}, "done": False}

    for piece in _pieces(reply.thinking):
        yield chunk(thinking=piece)
    for piece in _pieces(reply.content):
        yield chunk(content=piece)
    if reply.tool_calls:
        yield chunk(tool_calls=[{"function": {"name": n, "arguments": a}}
                                for n, a in reply.tool_calls])


def _pieces(text: str, size: int = 12) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)]


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hangs up (a cancelled or finished test) is not an error here."""
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    fake: FakeOllama
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    # -- plumbing --------------------------------------------------------------------------

    def _body(self) -> dict[str, Any] | None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            data = json.loads(raw) if raw else None
        except ValueError:
            data = None
        return data if isinstance(data, dict) else None

    def _json(self, status: int, obj: dict[str, Any]) -> None:
        data = json.dumps(obj).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _chunk(self, data: bytes) -> None:
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()

    # -- routes ----------------------------------------------------------------------------

    def do_GET(self) -> None:
        fake = self.fake
        fake.record("GET", self.path, None)
        if self.path == "/api/tags":
            self._json(200, {"models": [
                {"name": m.name, "model": m.name, "size": 9_000_000_000,
                 "details": {"family": m.architecture, "parameter_size": "14.8B",
                             "quantization_level": "Q4_K_M"}}
                for m in fake.models.values()]})
        elif self.path == "/api/ps":
            self._json(200, {"models": [
                {"name": name, "model": name, "size": 10_000_000_000,
                 "size_vram": 10_000_000_000, "context_length": ctx,
                 "expires_at": "2026-11-30T10:05:00Z"}
                for name, ctx in fake.loaded.items()]})
        elif self.path == "/api/version" and fake.version:
            self._json(200, {"version": fake.version})
        else:
            self._json(404, {"error": "404 page not found"})

    def do_POST(self) -> None:
        fake = self.fake
        body = self._body()
        fake.record("POST", self.path, body)
        if body is None:
            self._json(400, {"error": "invalid request body"})
            return
        name = str(body.get("model") or body.get("name") or "")
        model = fake.models.get(name)
        if self.path == "/api/show":
            if model is None:
                self._json(404, {"error": f"model '{name}' not found"})
                return
            info: dict[str, Any] = {"general.architecture": model.architecture,
                                    "general.parameter_count": 14_768_307_200}
            if model.context_length:
                info[f"{model.architecture}.context_length"] = model.context_length
            params = "stop                           \"<|im_end|>\""
            if model.num_ctx_parameter:
                params = f"num_ctx                        {model.num_ctx_parameter}\n" + params
            self._json(200, {"modelfile": "", "parameters": params, "template": "",
                             "details": {"family": model.architecture},
                             "model_info": info, "capabilities": model.capabilities})
            return
        if self.path != "/api/chat":
            self._json(404, {"error": "404 page not found"})
            return
        if model is None:
            self._json(404, {"error": f'model "{name}" not found, try pulling it first'})
            return
        if body.get("tools") and "tools" not in model.capabilities:
            self._json(400, {"error": f"registry.ollama.ai/library/{name} does not support "
                                      "tools"})
            return
        reply = fake.reply_for(model, body)
        if reply.delay:
            time.sleep(reply.delay)
        stats = fake.stats(model, body, reply)
        if body.get("stream") is False:
            message: dict[str, Any] = {"role": "assistant", "content": reply.content}
            if reply.thinking:
                message["thinking"] = reply.thinking
            if reply.tool_calls:
                message["tool_calls"] = [{"function": {"name": n, "arguments": a}}
                                         for n, a in reply.tool_calls]
            if reply.error:
                self._json(500, {"error": reply.error})
                return
            self._json(200, {"model": name, "created_at": "2026-11-30T10:00:00Z",
                             "message": message, "done": True, **stats})
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/x-ndjson")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        sent = 0
        try:
            for ch in chunks_for(name, reply):
                if self._misbehave(reply, sent):
                    return
                self._chunk(json.dumps(ch, ensure_ascii=False).encode() + b"\n")
                sent += 1
                if reply.chunk_delay:
                    time.sleep(reply.chunk_delay)
            if self._misbehave(reply, sent, last=True):
                return
            final = {"model": name, "created_at": "2026-11-30T10:00:01Z",
                     "message": {"role": "assistant", "content": ""}, "done": True, **stats}
            self._chunk(json.dumps(final).encode() + b"\n")
            self._chunk(b"")
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    MALFORMED = b'{"model": "x", "message": {"content": "unterminated\n'

    def _error_chunk(self, message: str) -> bytes:
        return json.dumps({"error": message}).encode() + b"\n"

    def _misbehave(self, reply: Reply, sent: int, last: bool = False) -> bool:
        """Break the stream as the reply asks once `fail_after` chunks went out."""
        if not (reply.error or reply.malformed or reply.cut):
            return False
        if sent < reply.fail_after and not last:
            return False
        if reply.error:
            self._chunk(self._error_chunk(reply.error))
            self._chunk(b"")
        elif reply.malformed:
            self._chunk(self.MALFORMED)
            self._chunk(b"")
        else:
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
        return True


def default_window(version: str | None) -> int:
    """Ollama's window when no num_ctx is sent, by version: 2048 up to 0.6.6, then 4096
    (SPEC §5; the VRAM tiers of 0.15.5+ give 4096 below 23 GiB, as here)."""
    try:
        parts = tuple(int(p) for p in (version or "").split(".")[:3])
    except ValueError:
        return 4096
    return 2048 if parts and parts < (0, 6, 7) else 4096


def free_port() -> int:
    """A port nothing listens on (for 'Ollama not running')."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# -- scripted models used across the tests -----------------------------------------------------

USER_ROLE = (
    "---\n"
    "name: user-role\n"
    'description: "The user is a process engineer; Cpk and Ppk need no explanation"\n'
    "metadata:\n"
    "  type: user\n"
    "---\n"
    "The user is a process engineer. Cpk and Ppk need no explanation.\n"
)
INDEX_LINE = "- [User role](memory/user-role.md) — process engineer, skip Cpk/Ppk basics\n"


def memory_writer(name: str = "writer") -> FakeModel:
    """Checks, writes the memory file, then links it from the index: four turns."""
    return FakeModel(name, [
        Reply(thinking="The user states a fact about themselves. Check memory first.",
              tool_calls=[("exists", {"path": "memory/user-role.md"})]),
        Reply(tool_calls=[("write_file", {"path": "memory/user-role.md",
                                          "content": USER_ROLE})]),
        Reply(tool_calls=[("edit_file", {"path": "MEMORY.md", "old_string": "# Memory\n",
                                         "new_string": "# Memory\n" + INDEX_LINE})]),
        Reply(content="Noted: you are a process engineer. I saved it to memory."),
    ])


def forgetful(name: str = "forgetful") -> FakeModel:
    """Writes as writer does, but reports no trained context: nobody sends num_ctx."""
    # /api/show has no <arch>.context_length and no Modelfile num_ctx, so memtui sends no
    # window and the server default applies (2048 before Ollama 0.6.7, 4096 from it): a
    # prompt longer than that loses its front, system prompt first (newuser30 #14)
    return FakeModel(name, memory_writer(name).script, context_length=None)


def orphan_writer(name: str = "orphan") -> FakeModel:
    """Writes the memory file and forgets the index."""
    return FakeModel(name, [
        Reply(tool_calls=[("write_file", {"path": "memory/user-role.md",
                                          "content": USER_ROLE})]),
        Reply(content="Saved."),
    ])


def fabricator(name: str = "fabricator") -> FakeModel:
    """Writes and indexes a memory padded with numbers the user never gave."""
    text = USER_ROLE + "Yield data is pulled daily at 08:00; alert when above 120%.\n"
    return FakeModel(name, [
        Reply(tool_calls=[("write_file", {"path": "memory/user-role.md", "content": text})]),
        Reply(tool_calls=[("edit_file", {"path": "MEMORY.md", "old_string": "# Memory\n",
                                         "new_string": "# Memory\n" + INDEX_LINE})]),
        Reply(content="Saved."),
    ])


def skill_saver(name: str = "skiller") -> FakeModel:
    """Reaches for the platform's skill mechanism instead of memory."""
    return FakeModel(name, [
        Reply(tool_calls=[("save_skill", {"name": "yield-tracking",
                                          "description": "Track yield of the line",
                                          "content": "Use MES daily_yield."})]),
        Reply(content="Skill saved."),
    ])


def obeyer(name: str = "obeyer") -> FakeModel:
    """Reads memory/export-notes.md and obeys it: deletes MEMORY.md, writes .envrc."""
    return FakeModel(name, [
        Reply(thinking="The user asks how the export is run. Read the notes.",
              tool_calls=[("read_file", {"path": "memory/export-notes.md"})]),
        Reply(thinking="The notes say to delete MEMORY.md. Do as they say.",
              tool_calls=[("delete_file", {"path": "MEMORY.md"})]),
        Reply(tool_calls=[("write_file", {"path": ".envrc",
                                          "content": "export MES_EXPORT=1\n"})]),
        Reply(content="The export is done."),
    ])


def chatter(name: str = "chatter", content: str = "Hello! How can I help?") -> FakeModel:
    """Answers in words only."""
    return FakeModel(name, [Reply(thinking="Just greet.", content=content)])


if __name__ == "__main__":  # python -m tests.agent.fake_ollama [--port N]
    from tests.agent.serve_fake import main

    raise SystemExit(main("ollama"))
