"""A real HTTP server on 127.0.0.1 that answers like a broken or hostile Ollama (issue 9).

It is :class:`~tests.agent.fake_ollama.FakeOllama` (same endpoints, same recording) with
extra models whose name says how they misbehave: ``/api/chat`` for a name in
:data:`CHAT_BEHAVIOURS`, ``/api/show`` for a name in :data:`SHOW_BEHAVIOURS`. Everything
else answers as the scripted emulator does. Endless behaviours stop when the client hangs up
(or after :data:`ENDLESS_SECONDS`, so a broken test cannot leave a thread spinning).
"""

from __future__ import annotations

import functools
import json
import struct
import time
import zlib
from collections.abc import Callable
from typing import Any

from .fake_ollama import FakeModel, FakeOllama, Reply, _Handler, step_of

ENDLESS_SECONDS = 120.0
GIB = 1024**3


def _ndjson(*objs: object) -> bytes:
    return b"".join(json.dumps(o).encode() + b"\n" for o in objs)


def _chunk(message: object, done: bool = False, **extra: Any) -> dict[str, Any]:
    return {"model": "m", "created_at": "2026-11-30T10:00:00Z", "message": message,
            "done": done, **extra}


FINAL = _chunk({"role": "assistant", "content": ""}, done=True, done_reason="stop",
               prompt_eval_count=10, eval_count=2, eval_duration=1000)
UNCOUNTED = _chunk({"role": "assistant", "content": ""}, done=True, done_reason="stop")


@functools.cache
def gzip_bomb(byte: bytes) -> bytes:
    """A gzip body that inflates to 1 GiB of ``byte`` (about 1 MiB compressed).

    Built in a second, not by compressing 1 GiB: after a full flush the compressor starts
    afresh, so the deflate bytes of one 16 MiB block repeat unchanged.
    """
    block = byte * (16 * 1024 * 1024)
    z = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    one = z.compress(block) + z.flush(zlib.Z_FULL_FLUSH)
    crc = 0
    for _ in range(GIB // len(block)):
        crc = zlib.crc32(block, crc)
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
    return (header + one * (GIB // len(block)) + z.flush(zlib.Z_FINISH)
            + struct.pack("<II", crc, GIB & 0xFFFFFFFF))


@functools.cache
def gzip_twice() -> bytes:
    """The gzip bomb of newlines compressed once more (a few KiB on the wire)."""
    z = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    return z.compress(gzip_bomb(b"\n")) + z.flush()


class HostileHandler(_Handler):
    fake: HostileOllama
    _cached: dict[str, Any] | None = None

    def _body(self) -> dict[str, Any] | None:
        if self._cached is None:
            self._cached = super()._body()
        return self._cached

    def do_POST(self) -> None:
        self._cached = None  # one handler serves every request of a kept-alive connection
        body = self._body() or {}
        name = str(body.get("model") or "")
        table = {"/api/chat": {**CHAT_BEHAVIOURS, **CHAT_BEHAVIOURS_OK},
                 "/api/show": SHOW_BEHAVIOURS}.get(self.path, {})
        if name not in table:
            super().do_POST()
            return
        self.fake.record("POST", self.path, body)
        try:
            table[name](self)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    # -- answers ---------------------------------------------------------------------------

    def raw(self, status: int, data: bytes, ctype: str = "application/json",
            **headers: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        for k, v in headers.items():
            self.send_header(k.replace("_", "-"), v)
        self.end_headers()
        self.wfile.write(data)

    def stream(self, *objs: object) -> None:
        """A 200 NDJSON stream of these chunks, then the end."""
        self.lines(_ndjson(*objs))

    def lines(self, data: bytes, **headers: str) -> None:
        """A 200 stream of these raw bytes, then the end."""
        self.start_stream(**headers)
        self._chunk(data)
        self._chunk(b"")

    def start_stream(self, **headers: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/x-ndjson")
        self.send_header("Transfer-Encoding", "chunked")
        for k, v in headers.items():
            self.send_header(k.replace("_", "-"), v)
        self.end_headers()

    def endless(self, piece: bytes, pause: float = 0.0) -> None:
        self.start_stream()
        end = time.monotonic() + ENDLESS_SECONDS
        while time.monotonic() < end:
            self._chunk(piece)
            if pause:
                time.sleep(pause)
        self.close_connection = True

    def show(self, **fields: Any) -> None:
        data = {"modelfile": "", "parameters": "", "template": "",
                "model_info": {"general.architecture": "qwen3", "qwen3.context_length": 40960},
                "capabilities": ["completion", "tools"], **fields}
        self.raw(200, json.dumps(data).encode())


def _tool_message(tool_calls: object) -> dict[str, Any]:
    return {"role": "assistant", "content": "", "tool_calls": tool_calls}


def _surrogates(h: HostileHandler) -> None:
    """A well-formed conversation whose JSON holds lone surrogates (``\\udc80`` escapes):
    a write_file call with one in the path and one in the content, then words with one."""
    if step_of(h._body() or {}) == 0:
        call = {"function": {"name": "write_file",
                             "arguments": {"path": "memory/\udc80.md", "content": "a\ud800"}}}
        h.stream(_chunk(_tool_message([call])), UNCOUNTED)
    else:
        h.stream(_chunk({"role": "assistant", "content": "done \udfff"}), UNCOUNTED)


Behaviour = Callable[[HostileHandler], None]

#: name → how ``/api/chat`` answers; the test's expected banner text is in EXPECTED.
CHAT_BEHAVIOURS: dict[str, Behaviour] = {
    "http500-empty": lambda h: h.raw(500, b""),
    "http500-blank-error": lambda h: h.raw(500, b'{"error": "  \\n "}'),
    "http500-blank-text": lambda h: h.raw(500, b"   \n\t", "text/plain"),
    "nested": lambda h: h.lines(b"[" * 100_000 + b"]" * 100_000 + b"\n"),
    "message-string": lambda h: h.stream(_chunk("hello"), FINAL),
    "message-list": lambda h: h.stream(_chunk(["hello"]), FINAL),
    "tool-calls-int": lambda h: h.stream(_chunk(_tool_message(5)), FINAL),
    "tool-calls-string": lambda h: h.stream(_chunk(_tool_message("read_file")), FINAL),
    "tool-calls-dict": lambda h: h.stream(
        _chunk(_tool_message({"function": {"name": "exists", "arguments": {}}})), FINAL),
    "function-string": lambda h: h.stream(_chunk(_tool_message([{"function": "exists"}])),
                                          FINAL),
    "prompt-eval-string": lambda h: h.stream(
        _chunk({"role": "assistant", "content": "hi"}), {**FINAL, "prompt_eval_count": "12"}),
    "keepalive": lambda h: h.endless(b"\n", 0.02),
    "endless-content": lambda h: h.endless(
        _ndjson(*[_chunk({"role": "assistant", "content": "la "})] * 50), 0.001),
    "endless-line": lambda h: h.endless(b"x" * 65536),
    "gzip-bomb": lambda h: h.lines(gzip_bomb(b"\n"), Content_Encoding="gzip"),
    "gzip-twice": lambda h: h.lines(gzip_twice(), Content_Encoding="gzip, gzip"),
    "brotli": lambda h: h.lines(b"\x1b\x00\x00", Content_Encoding="br"),
}
def _compressed(h: HostileHandler, encoding: str) -> None:
    """A correct reply, compressed as ``encoding`` says (what a proxy in front may do)."""
    body = _ndjson(_chunk({"role": "assistant", "content": "Hello\r\n"}), UNCOUNTED)
    body = body.replace(b"\n", b"\r\n")  # CRLF line ends too
    wbits = {"gzip": 16 + zlib.MAX_WBITS, "deflate": zlib.MAX_WBITS}[encoding]
    z = zlib.compressobj(6, zlib.DEFLATED, wbits)
    h.lines(z.compress(body) + z.flush(), Content_Encoding=encoding)


#: Hostile or unusual, but a turn that must succeed.
CHAT_BEHAVIOURS_OK: dict[str, Behaviour] = {
    "surrogates": _surrogates,
    "gzip-ok": lambda h: _compressed(h, "gzip"),
    "deflate-ok": lambda h: _compressed(h, "deflate"),
}

SHOW_BEHAVIOURS: dict[str, Behaviour] = {
    "show-model-info-list": lambda h: h.show(model_info=[1, 2]),
    "show-capabilities-int": lambda h: h.show(capabilities=7),
    "show-context-nan": lambda h: h.raw(200, b'{"model_info": {"general.architecture": "q", '
                                             b'"q.context_length": NaN}}'),
    "show-nested": lambda h: h.raw(200, b'{"model_info": ' + b"[" * 100_000 + b"]" * 100_000
                                   + b"}"),
    "show-gzip-bomb": lambda h: h.raw(200, gzip_bomb(b" "), Content_Encoding="gzip"),
}

#: A line each failure's message must contain (what the operator reads).
EXPECTED: dict[str, str] = {
    "http500-empty": "Ollama answered HTTP 500: no details",
    "http500-blank-error": "Ollama answered HTTP 500: no details",
    "http500-blank-text": "Ollama answered HTTP 500: no details",
    "nested": "Ollama sent a malformed chunk",
    "message-string": "(message is a string, not an object)",
    "message-list": "(message is a list, not an object)",
    "tool-calls-int": "(message.tool_calls is the number 5, not a list)",
    "tool-calls-string": "(message.tool_calls is a string, not a list)",
    "tool-calls-dict": "(message.tool_calls is an object, not a list)",
    "function-string": "(a tool call's function is a string, not an object)",
    "prompt-eval-string": "(prompt_eval_count is a string, not a count)",
    "keepalive": "Ollama's reply did not end within 5s",
    "endless-content": "Ollama's reply",
    "endless-line": "Ollama sent a line longer than 4 MiB",
    "gzip-bomb": "Ollama's reply grew past 64 MiB",
    "gzip-twice": "Ollama's reply grew past 64 MiB",
    "brotli": "Ollama answered with an encoding memtui does not read ('br')",
    "show-model-info-list": "('model_info' is a list, not an object)",
    "show-capabilities-int": "('capabilities' is the number 7, not a list of names)",
    "show-context-nan": "('q.context_length' is the number nan, not a window size)",
    "show-nested": "answered /api/show with something that is not JSON",
    "show-gzip-bomb": "Ollama's reply grew past 16 MiB",
}


class HostileOllama(FakeOllama):
    """The emulator, plus one model per hostile behaviour (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__()
        for name in [*CHAT_BEHAVIOURS, *CHAT_BEHAVIOURS_OK, *SHOW_BEHAVIOURS]:
            self.add(FakeModel(name, [Reply(content="(never sent)")]))
        gzip_twice(), gzip_bomb(b" ")  # built before any client waits on them

    @property
    def handler(self) -> type[_Handler]:
        return HostileHandler
