"""Bounds on what a model server may send back, for every backend.

A server that misbehaves — blank keep-alive lines forever, content that never ends, a line
that never gets its newline, a small gzip body that inflates to gigabytes — must end the
reply with one line, not hang the chat or grow memory. :class:`StreamLimits` holds the
bounds; :func:`body_chunks`, :func:`body_lines` and :func:`read_body` read an httpx response
within them and raise :class:`LimitExceeded` (one line, naming the server) when one is hit:

- a deadline for the whole reply, from the request to its last byte;
- a cap on one line of a streamed reply, and on a reply's total size;
- a cap on the *decompressed* size: compressed bodies (gzip, deflate, in any number of
  layers) are inflated here, a bounded piece at a time, never by httpx in one go.
"""

from __future__ import annotations

import asyncio
import re
import zlib
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Self

import httpx

MAX_LINE_BYTES = 4 * 1024 * 1024  # one NDJSON / SSE line: a whole file in a tool call fits
MAX_REPLY_BYTES = 64 * 1024 * 1024  # a streamed reply: ~300,000 tokens of chunk overhead
MAX_BODY_BYTES = 16 * 1024 * 1024  # a plain JSON answer (/api/show, /api/tags, …)
#: Tool calls of one streamed reply put together at most; more are counted, not kept (the
#: session runs far fewer: memtui.agent.call_budget).
MAX_TOOL_CALLS = 256
#: Ask for nothing we do not inflate ourselves (httpx would add br/zstd when installed).
ACCEPT_ENCODING = "gzip, deflate"
_PIECE = 256 * 1024  # inflate at most this much at a time
_LINE_ENDS = re.compile(rb"[\r\n]+")  # runs of line ends: blank lines vanish in the split


class LimitExceeded(Exception):
    """The server's answer broke a bound; ``str(err)`` is one line saying which."""


@dataclass(frozen=True)
class StreamLimits:
    seconds: float  # the whole reply, request to last byte (the --timeout option)
    server: str = "the model server"  # how messages name it: "Ollama", "llama-server"
    line_bytes: int = MAX_LINE_BYTES
    reply_bytes: int = MAX_REPLY_BYTES
    body_bytes: int = MAX_BODY_BYTES

    def deadline(self) -> float:
        """The event-loop time by which a reply started now must have ended."""
        return asyncio.get_running_loop().time() + self.seconds


class _Inflater:
    """Undo ``Content-Encoding`` (gzip / deflate layers), a bounded piece at a time."""

    def __init__(self, encoding: str | None, server: str) -> None:
        layers = [e.strip().lower() for e in (encoding or "").split(",")]
        layers = [e for e in layers if e and e != "identity"]
        self.layers: list[zlib._Decompress] = []
        for name in reversed(layers):  # the last encoding applied is undone first
            if name in ("gzip", "x-gzip"):
                self.layers.append(zlib.decompressobj(16 + zlib.MAX_WBITS))
            elif name == "deflate":
                self.layers.append(zlib.decompressobj(32 + zlib.MAX_WBITS))
            else:
                raise LimitExceeded(f"{server} answered with an encoding memtui does not read "
                                    f"({name!r}); check what runs at that address")
        self.server = server

    def feed(self, data: bytes) -> Iterator[bytes]:
        return self._through(0, data)

    def _through(self, i: int, data: bytes) -> Iterator[bytes]:
        if i == len(self.layers):
            if data:
                yield data
            return
        d = self.layers[i]
        while True:
            try:
                out = d.decompress(data, _PIECE)
            except zlib.error:
                raise LimitExceeded(f"{self.server} sent a compressed body that does not "
                                    "inflate; check what runs at that address") from None
            data = d.unconsumed_tail
            if out:
                yield from self._through(i + 1, out)
            if d.eof or (not data and len(out) < _PIECE):
                return


async def body_chunks(resp: httpx.Response, limits: StreamLimits, deadline: float,
                      cap: int) -> AsyncIterator[bytes]:
    """The response body, inflated, in pieces; at most ``cap`` bytes and done by
    ``deadline`` (event-loop time), or LimitExceeded."""
    inflater = _Inflater(resp.headers.get("content-encoding"), limits.server)
    raw = resp.aiter_raw().__aiter__()
    loop = asyncio.get_running_loop()
    total = 0
    while True:
        remaining = deadline - loop.time()
        try:
            if remaining <= 0:
                raise TimeoutError
            async with asyncio.timeout(remaining):
                chunk = await raw.__anext__()
        except StopAsyncIteration:
            return
        except TimeoutError:
            raise LimitExceeded(f"{limits.server}'s reply did not end within "
                                f"{limits.seconds:g}s; it was stopped — raise --timeout if "
                                "the model is just slow") from None
        for piece in inflater.feed(chunk):
            total += len(piece)
            if total > cap:
                raise LimitExceeded(f"{limits.server}'s reply grew past {cap // 2**20} MiB; "
                                    "it was stopped — check what runs at that address")
            yield piece


async def body_lines(resp: httpx.Response, limits: StreamLimits,
                     deadline: float) -> AsyncIterator[bytes]:
    """The non-blank lines of a streamed reply (without their line ends), within ``limits``.

    Blank lines are dropped here, in C, so a flood of them (keep-alives, an inflated body of
    newlines) costs no Python work per line. NDJSON has no use for them; an SSE reader gets
    each ``data:`` line on its own.
    """
    buf = b""
    async for piece in body_chunks(resp, limits, deadline, limits.reply_bytes):
        if not buf and not piece.strip():
            continue
        buf += piece
        if b"\n" not in piece and b"\r" not in piece:
            if len(buf) > limits.line_bytes:
                raise LimitExceeded(_too_long(limits))
            continue
        lines = _LINE_ENDS.split(buf)
        buf = lines.pop()
        for line in lines:
            if len(line) > limits.line_bytes:
                raise LimitExceeded(_too_long(limits))
            if line:
                yield line
        if len(buf) > limits.line_bytes:
            raise LimitExceeded(_too_long(limits))
    if buf:
        yield buf


def _too_long(limits: StreamLimits) -> str:
    return (f"{limits.server} sent a line longer than {limits.line_bytes // 2**20} MiB; the "
            "reply was stopped — check what runs at that address")


async def read_body(resp: httpx.Response, limits: StreamLimits, deadline: float) -> bytes:
    """A whole (non-streamed) body, inflated, at most ``limits.body_bytes``."""
    return b"".join([p async for p in body_chunks(resp, limits, deadline, limits.body_bytes)])


class ServerClient:
    """What every model-server client shares: its base URL, the bounds on each reply, and
    one HTTP connection pool (asking for compression memtui can bound); close it with
    ``aclose`` or ``async with``."""

    def __init__(self, host: str, timeout: float, connect_timeout: float, server: str) -> None:
        self.host = host
        self.timeout = timeout
        self.limits = StreamLimits(timeout, server=server)
        self._http = httpx.AsyncClient(
            base_url=host, headers={"Accept-Encoding": ACCEPT_ENCODING},
            timeout=httpx.Timeout(timeout, connect=min(connect_timeout, timeout)))

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
