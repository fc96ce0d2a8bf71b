"""A small async client for Ollama's native API (SPEC §5), over httpx.

``chat`` streams NDJSON and yields typed events; every failure is raised as an
:class:`OllamaError` whose message is one line saying what happened and what to do.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import httpx

# -- failures ------------------------------------------------------------------------------


class OllamaError(Exception):
    """Talking to Ollama failed; ``str(err)`` is one actionable line."""


class NotRunning(OllamaError):
    pass


class ModelNotFound(OllamaError):
    pass


class NoToolSupport(OllamaError):
    pass


class HttpError(OllamaError):
    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


class StreamCut(OllamaError):
    pass


class MalformedChunk(OllamaError):
    pass


class Timeout(OllamaError):
    pass


class ServerError(OllamaError):
    """Ollama sent ``{"error": ...}`` in the middle of a 200 stream."""


# -- events --------------------------------------------------------------------------------


@dataclass
class ContentDelta:
    text: str


@dataclass
class ThinkingDelta:
    text: str


@dataclass
class ToolCall:
    name: str
    arguments: dict[str, Any]

    def as_message(self) -> dict[str, Any]:
        return {"function": {"name": self.name, "arguments": self.arguments}}


@dataclass
class ToolCalls:
    calls: list[ToolCall]


@dataclass
class ChatStats:
    done_reason: str | None = None
    prompt_eval_count: int | None = None
    eval_count: int | None = None
    total_duration: int | None = None  # ns
    load_duration: int | None = None
    prompt_eval_duration: int | None = None
    eval_duration: int | None = None

    @property
    def tokens_per_second(self) -> float | None:
        if self.eval_count and self.eval_duration:
            return self.eval_count / (self.eval_duration / 1e9)
        return None

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class Done:
    stats: ChatStats


ChatEvent = ContentDelta | ThinkingDelta | ToolCalls | Done


class ThinkSplitter:
    """Routes a leading ``<think>…</think>`` in the content (what a thinking model writes when
    the server does not separate its thinking) to thinking events."""

    OPEN, CLOSE = "<think>", "</think>"

    def __init__(self) -> None:
        self.inside = False
        self.spoke = False  # content seen outside thinking: no <think> opens any more
        self.buf = ""

    def feed(self, text: str) -> list[ChatEvent]:
        self.buf += text
        out: list[ChatEvent] = []
        while self.buf:
            tag = self.CLOSE if self.inside else (None if self.spoke else self.OPEN)
            if tag is None:
                self._emit(self.buf, out)
                self.buf = ""
                break
            i = self.buf.find(tag)
            if i >= 0 and (self.inside or not self.buf[:i].strip()):
                self._emit(self.buf[:i], out)
                self.buf = self.buf[i + len(tag):]
                self.inside = not self.inside
                continue
            keep = next((k for k in range(min(len(tag) - 1, len(self.buf)), 0, -1)
                         if tag.startswith(self.buf[-k:])), 0)
            self._emit(self.buf[:len(self.buf) - keep], out)
            self.buf = self.buf[len(self.buf) - keep:]
            break
        return out

    def flush(self) -> list[ChatEvent]:
        out: list[ChatEvent] = []
        self._emit(self.buf, out)
        self.buf = ""
        return out

    def _emit(self, text: str, out: list[ChatEvent]) -> None:
        if self.inside:
            if text:
                out.append(ThinkingDelta(text))
            return
        if not self.spoke:  # blank lines around the thinking are not the answer
            text = text.lstrip()
        if text:
            self.spoke = True
            out.append(ContentDelta(text))


# -- model facts ---------------------------------------------------------------------------


@dataclass
class ModelInfo:
    """What ``/api/show`` says about a model."""

    name: str
    architecture: str | None = None
    context_length: int | None = None  # the trained window
    capabilities: list[str] = field(default_factory=list)
    num_ctx_parameter: int | None = None  # a Modelfile PARAMETER num_ctx

    @property
    def supports_tools(self) -> bool:
        # Old servers report no capabilities at all; only a list without "tools" is a no.
        return not self.capabilities or "tools" in self.capabilities

    @property
    def supports_thinking(self) -> bool:
        return "thinking" in self.capabilities


@dataclass
class LoadedModel:
    name: str
    context_length: int | None


def parse_show(model: str, data: dict[str, Any]) -> ModelInfo:
    info = data.get("model_info") or {}
    arch = info.get("general.architecture")
    ctx = info.get(f"{arch}.context_length") if arch else None
    num_ctx = None
    for line in str(data.get("parameters") or "").splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] == "num_ctx" and parts[1].isdigit():
            num_ctx = int(parts[1])
    caps = data.get("capabilities") or []
    return ModelInfo(model, arch, int(ctx) if isinstance(ctx, int | float) else None,
                     [str(c) for c in caps], num_ctx)


# -- the client ----------------------------------------------------------------------------


class OllamaClient:
    def __init__(self, host: str, timeout: float = 300.0, connect_timeout: float = 5.0) -> None:
        self.host = host.rstrip("/")
        self.timeout = timeout
        self._http = httpx.AsyncClient(
            base_url=self.host,
            timeout=httpx.Timeout(timeout, connect=min(connect_timeout, timeout)))

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> OllamaClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    def request_body(self, model: str, messages: list[dict[str, Any]],
                     tools: list[dict[str, Any]] | None, options: dict[str, Any] | None,
                     think: bool | None = None) -> dict[str, Any]:
        """The body ``chat`` sends (for the transcript)."""
        return chat_body(model, messages, tools, options, True, think)

    # -- plain requests --------------------------------------------------------------------

    async def _request(self, method: str, path: str, model: str | None = None,
                       body: dict[str, Any] | None = None) -> dict[str, Any]:
        try:
            resp = await self._http.request(method, path, json=body)
        except httpx.HTTPError as exc:
            raise self._transport_error(exc) from None
        if resp.status_code != 200:
            raise self._status_error(resp.status_code, _error_text(resp.content), model)
        try:
            data = resp.json()
        except ValueError:
            raise MalformedChunk(f"Ollama at {self.host} answered {path} with something that "
                                 "is not JSON; is OLLAMA_HOST pointing at Ollama?") from None
        return data if isinstance(data, dict) else {}

    async def show(self, model: str) -> ModelInfo:
        return parse_show(model, await self._request("POST", "/api/show", model,
                                                     {"model": model}))

    async def ps(self) -> list[LoadedModel]:
        data = await self._request("GET", "/api/ps")
        out = []
        for m in data.get("models") or []:
            ctx = m.get("context_length")
            out.append(LoadedModel(str(m.get("name") or m.get("model")),
                                   int(ctx) if isinstance(ctx, int) else None))
        return out

    async def tags(self) -> list[str]:
        data = await self._request("GET", "/api/tags")
        return sorted(str(m.get("name") or m.get("model")) for m in data.get("models") or [])

    async def version(self) -> str | None:
        """The server version, or None when the endpoint is missing or unreachable."""
        try:
            data = await self._request("GET", "/api/version")
        except OllamaError:
            return None
        v = data.get("version")
        return str(v) if v else None

    # -- chat ------------------------------------------------------------------------------

    async def chat(self, model: str, messages: list[dict[str, Any]],
                   tools: list[dict[str, Any]] | None = None,
                   options: dict[str, Any] | None = None,
                   stream: bool = True, think: bool | None = None) -> AsyncIterator[ChatEvent]:
        """Send one chat request; yield its events, ending with :class:`Done`."""
        body = chat_body(model, messages, tools, options, stream, think)
        try:
            async with self._http.stream("POST", "/api/chat", json=body) as resp:
                if resp.status_code != 200:
                    raise self._status_error(resp.status_code,
                                             _error_text(await resp.aread()), model)
                done = False
                split = ThinkSplitter()
                async for line in resp.aiter_lines():
                    if not line.strip():
                        continue
                    for event in self._events(line):
                        if isinstance(event, ContentDelta):
                            for part in split.feed(event.text):
                                yield part
                            continue
                        if isinstance(event, Done):
                            for part in split.flush():
                                yield part
                        yield event
                        if isinstance(event, Done):
                            done = True
                    if done:
                        break
                if not done:
                    raise StreamCut("the reply stream from Ollama ended before its final chunk; "
                                    "what arrived was kept — send again")
        except httpx.HTTPError as exc:
            raise self._transport_error(exc) from None

    def _events(self, line: str) -> list[ChatEvent]:
        try:
            chunk = json.loads(line)
        except ValueError:
            excerpt = line.strip()[:60]
            raise MalformedChunk(f"Ollama sent a malformed chunk ({excerpt!r}); the reply was "
                                 "dropped — send again, or update Ollama if it repeats") from None
        if not isinstance(chunk, dict):
            raise MalformedChunk(f"Ollama sent a chunk that is not an object ({line[:60]!r}); "
                                 "send again, or update Ollama if it repeats")
        if "error" in chunk:
            raise ServerError(_server_error_line(str(chunk["error"])))
        events: list[ChatEvent] = []
        message = chunk.get("message") or {}
        if message.get("thinking"):
            events.append(ThinkingDelta(str(message["thinking"])))
        if message.get("content"):
            events.append(ContentDelta(str(message["content"])))
        calls = []
        for tc in message.get("tool_calls") or []:
            fn = (tc or {}).get("function") or {}
            args = fn.get("arguments")
            if isinstance(args, str):  # some templates hand back a JSON string
                try:
                    args = json.loads(args)
                except ValueError:
                    args = {"_raw": args}
            calls.append(ToolCall(str(fn.get("name") or ""),
                                  args if isinstance(args, dict) else {}))
        if calls:
            events.append(ToolCalls(calls))
        if chunk.get("done"):
            events.append(Done(ChatStats(
                done_reason=chunk.get("done_reason"),
                prompt_eval_count=chunk.get("prompt_eval_count"),
                eval_count=chunk.get("eval_count"),
                total_duration=chunk.get("total_duration"),
                load_duration=chunk.get("load_duration"),
                prompt_eval_duration=chunk.get("prompt_eval_duration"),
                eval_duration=chunk.get("eval_duration"))))
        return events

    # -- error mapping ---------------------------------------------------------------------

    def _transport_error(self, exc: httpx.HTTPError) -> OllamaError:
        if isinstance(exc, httpx.ConnectTimeout | httpx.ConnectError):
            return NotRunning(f"Ollama is not running at {self.host}: start it with "
                              "`ollama serve` (or point --host / OLLAMA_HOST at it)")
        if isinstance(exc, httpx.TimeoutException):
            return Timeout(f"Ollama did not answer within {self.timeout:g}s (model still "
                           "loading, or too slow for this window): try again, or raise "
                           "--timeout")
        if isinstance(exc, httpx.RemoteProtocolError | httpx.ReadError):
            return StreamCut("the connection to Ollama was cut halfway through the reply "
                             "(did the server stop or crash?); what arrived was kept — "
                             "send again")
        return OllamaError(f"talking to Ollama at {self.host} failed: {exc}")

    def _status_error(self, status: int, text: str, model: str | None) -> OllamaError:
        if status == 404 and model is not None and "not found" in text.lower():
            return ModelNotFound(f"model '{model}' is not available on {self.host}: run "
                                 f"`ollama pull {model}`")
        if status == 400 and "does not support tools" in text:
            return NoToolSupport(f"model '{model}' cannot use tools, so it cannot write memory: "
                                 "pick a model whose capabilities include tools (e.g. qwen3)")
        return HttpError(f"Ollama answered HTTP {status}: {text or 'no details'}", status)


def chat_body(model: str, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None,
              options: dict[str, Any] | None, stream: bool = True,
              think: bool | None = None) -> dict[str, Any]:
    """The exact JSON body of an ``/api/chat`` request."""
    body: dict[str, Any] = {"model": model, "messages": messages, "stream": stream}
    if think is not None:
        body["think"] = think
    if tools:
        body["tools"] = tools
    if options:
        body["options"] = options
    return body


def _error_text(raw: bytes) -> str:
    try:
        data = json.loads(raw)
    except ValueError:
        return raw.decode("utf-8", "replace").strip().splitlines()[0][:200] if raw.strip() else ""
    if isinstance(data, dict) and "error" in data:
        return str(data["error"]).strip().splitlines()[0][:200]
    return ""


def _server_error_line(message: str) -> str:
    first = message.strip().splitlines()[0][:200] if message.strip() else "no details"
    hint = "send again"
    low = first.lower()
    if "memory" in low or "cuda" in low or "alloc" in low:
        hint = "lower --num-ctx or use a smaller model"
    return f"Ollama stopped the reply with an error: {first} — {hint}"
