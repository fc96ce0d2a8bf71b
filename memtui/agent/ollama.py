"""A small async client for Ollama's native API (SPEC §5), over httpx.

``chat`` streams NDJSON and yields typed events; every failure is raised as an
:class:`OllamaError` whose message is one line saying what happened and what to do.

The module is past 500 lines: the client, its NDJSON stream reader and the one-line
message for each way a server can fail (SPEC §5) are one reading of one protocol.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import httpx

from memtui.agent.stream_limits import (
    LimitExceeded,
    ServerClient,
    body_lines,
    read_body,
)

#: A context length beyond this is not a window but a malformed answer (the largest trained
#: windows are around 10 million tokens).
MAX_WINDOW = 2**27

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


class NoRoute(HttpError):
    """The server has no such route (HTTP 404 on the chat endpoint): --host names no server
    of this API, and every run would fail the same way (newuser25 #4)."""


class StreamCut(OllamaError):
    pass


class MalformedChunk(OllamaError):
    pass


class Timeout(OllamaError):
    pass


class ServerError(OllamaError):
    """Ollama sent ``{"error": ...}`` in the middle of a 200 stream."""


class ReplyLimit(OllamaError):
    """The reply broke a bound of :mod:`memtui.agent.stream_limits` (too slow, too big)."""


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
    arguments: Any  # an object from a well-behaved server; anything else goes to the tool

    def as_message(self) -> dict[str, Any]:
        args = self.arguments if isinstance(self.arguments, dict) else {"_raw": self.arguments}
        return {"function": {"name": self.name, "arguments": args}}


@dataclass
class ToolCalls:
    calls: list[ToolCall]
    dropped: int = 0  # more calls the reply held, counted but not kept (a bound)


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
    """What ``/api/show`` says; MalformedChunk when a field has the wrong shape."""
    def bad(field: str, value: object, want: str) -> MalformedChunk:
        return MalformedChunk(f"Ollama's /api/show answer for '{model}' is malformed "
                              f"('{field}' is {_kind(value)}, not {want}); check what runs "
                              "at that address, or update Ollama")

    info = data.get("model_info")
    if info is None:
        info = {}
    if not isinstance(info, dict):
        raise bad("model_info", info, "an object")
    arch = info.get("general.architecture")
    if arch is not None and not isinstance(arch, str):
        raise bad("general.architecture", arch, "a string")
    ctx = info.get(f"{arch}.context_length") if arch else None
    if ctx is not None and not (_is_int(ctx) and 0 < ctx <= MAX_WINDOW):
        raise bad(f"{arch}.context_length", ctx, "a window size")
    num_ctx = None
    params = data.get("parameters")
    if params is not None and not isinstance(params, str):
        raise bad("parameters", params, "text")
    for line in (params or "").splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] == "num_ctx" and parts[1].isdigit() \
                and 0 < int(parts[1]) <= MAX_WINDOW:
            num_ctx = int(parts[1])
    caps = data.get("capabilities")
    if caps is None:
        caps = []
    if not isinstance(caps, list) or not all(isinstance(c, str) for c in caps):
        raise bad("capabilities", caps, "a list of names")
    return ModelInfo(model, arch, ctx, list(caps), num_ctx)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(value: object) -> str:
    """How a JSON value reads in an error line: "a string", "a list", "the number 3"."""
    if value is None:
        return "null"
    if isinstance(value, bool | int | float):
        return f"the {'boolean' if isinstance(value, bool) else 'number'} {value!r}"[:40]
    return {str: "a string", list: "a list", dict: "an object"}.get(type(value), "a value")


def json_loads(text: str) -> Any:
    """``json.loads``; deep nesting (RecursionError) counts as malformed (ValueError)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None


# -- the client ----------------------------------------------------------------------------


class OllamaClient(ServerClient):
    def __init__(self, host: str, timeout: float = 300.0, connect_timeout: float = 5.0) -> None:
        super().__init__(host.rstrip("/"), timeout, connect_timeout, server="Ollama")

    def request_body(self, model: str, messages: list[dict[str, Any]],
                     tools: list[dict[str, Any]] | None, options: dict[str, Any] | None,
                     think: bool | None = None) -> dict[str, Any]:
        """The body ``chat`` sends (for the transcript)."""
        return chat_body(model, messages, tools, options, True, think)

    # -- plain requests --------------------------------------------------------------------

    async def _request(self, method: str, path: str, model: str | None = None,
                       body: dict[str, Any] | None = None) -> dict[str, Any]:
        deadline = self.limits.deadline()
        try:
            async with self._http.stream(method, path, json=body) as resp:
                raw = await read_body(resp, self.limits, deadline)
                status = resp.status_code
        except httpx.HTTPError as exc:
            raise self._transport_error(exc) from None
        except LimitExceeded as exc:
            raise ReplyLimit(str(exc)) from None
        if status != 200:
            raise self._status_error(status, _error_text(raw), model)
        try:
            data = json_loads(raw.decode("utf-8", "replace"))
        except ValueError:
            raise MalformedChunk(f"Ollama at {self.host} answered {path} with something that "
                                 "is not JSON; is OLLAMA_HOST pointing at Ollama?") from None
        if not isinstance(data, dict):
            raise MalformedChunk(f"Ollama at {self.host} answered {path} with {_kind(data)}, "
                                 "not an object; is OLLAMA_HOST pointing at Ollama?")
        return data

    async def show(self, model: str) -> ModelInfo:
        return parse_show(model, await self._request("POST", "/api/show", model,
                                                     {"model": model}))

    async def ps(self) -> list[LoadedModel]:
        out = []
        for m in _models(await self._request("GET", "/api/ps"), "/api/ps"):
            ctx = m.get("context_length")
            out.append(LoadedModel(str(m.get("name") or m.get("model")),
                                   ctx if _is_int(ctx) else None))
        return out

    async def tags(self) -> list[str]:
        data = await self._request("GET", "/api/tags")
        return sorted(str(m.get("name") or m.get("model")) for m in _models(data, "/api/tags"))

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
        deadline = self.limits.deadline()
        try:
            async with self._http.stream("POST", "/api/chat", json=body) as resp:
                if resp.status_code != 200:
                    raw = await read_body(resp, self.limits, deadline)
                    raise self._status_error(resp.status_code, _error_text(raw), model)
                done = False
                split = ThinkSplitter()
                async for raw_line in body_lines(resp, self.limits, deadline):
                    line = raw_line.decode("utf-8", "replace")
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
        except LimitExceeded as exc:
            raise ReplyLimit(str(exc)) from None

    def _events(self, line: str) -> list[ChatEvent]:
        try:
            chunk = json_loads(line)
        except ValueError:
            excerpt = _SURROGATE.sub("\ufffd", line.strip()[:60])
            raise MalformedChunk(f"Ollama sent a malformed chunk ({excerpt!r}); the reply was "
                                 "dropped — send again, or update Ollama if it repeats") from None
        if not isinstance(chunk, dict):
            raise _malformed("the chunk", chunk, "an object")
        if "\\ud" in line.lower():  # maybe a lone surrogate escape: replace every one
            chunk = json.loads(clean_text(json.dumps(chunk, ensure_ascii=False)))
        if "error" in chunk:
            err = chunk["error"]
            raise ServerError(_server_error_line(err if isinstance(err, str)
                                                 else f"({_kind(err)})"))
        events: list[ChatEvent] = []
        message = chunk.get("message")
        if message is None:
            message = {}
        if not isinstance(message, dict):
            raise _malformed("message", message, "an object")
        for key in ("thinking", "content"):
            value = message.get(key)
            if value is not None and not isinstance(value, str):
                raise _malformed(f"message.{key}", value, "a string")
        if message.get("thinking"):
            events.append(ThinkingDelta(clean_text(message["thinking"])))
        if message.get("content"):
            events.append(ContentDelta(clean_text(message["content"])))
        calls = _tool_calls(message.get("tool_calls"))
        if calls:
            events.append(ToolCalls(calls))
        if chunk.get("done"):
            counts: dict[str, Any] = {}
            for key in ("prompt_eval_count", "eval_count", "total_duration", "load_duration",
                        "prompt_eval_duration", "eval_duration"):
                value = chunk.get(key)
                if value is not None and not (_is_int(value) and value >= 0):
                    raise _malformed(key, value, "a count")
                counts[key] = value
            reason = chunk.get("done_reason")
            if reason is not None and not isinstance(reason, str):
                raise _malformed("done_reason", reason, "a string")
            events.append(Done(ChatStats(done_reason=reason, **counts)))
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


def _tool_calls(raw: object) -> list[ToolCall]:
    """``message.tool_calls`` as Ollama sends them, or MalformedChunk."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise _malformed("message.tool_calls", raw, "a list")
    calls = []
    for tc in raw:
        if not isinstance(tc, dict):
            raise _malformed("a tool call", tc, "an object")
        fn = tc.get("function")
        if not isinstance(fn, dict):
            raise _malformed("a tool call's function", fn, "an object")
        name = fn.get("name")
        if not isinstance(name, str):
            raise _malformed("a tool call's name", name, "a string")
        args = fn.get("arguments")
        if isinstance(args, str):  # some templates hand back a JSON string
            try:
                args = json_loads(args)
            except ValueError:
                args = {"_raw": args}
        if args is None:
            args = {}
        # Not an object: handed on as it is, the tool tells the model what is wrong.
        calls.append(ToolCall(clean_text(name), args))
    return calls


def _malformed(field: str, value: object, want: str) -> MalformedChunk:
    return MalformedChunk(f"Ollama sent a malformed chunk ({field} is {_kind(value)}, not "
                          f"{want}); the reply was dropped — send again, or update Ollama if "
                          "it repeats")


def _models(data: dict[str, Any], path: str) -> list[dict[str, Any]]:
    models = data.get("models")
    if models is None:
        return []
    if not isinstance(models, list):
        raise MalformedChunk(f"Ollama's {path} answer is malformed ('models' is "
                             f"{_kind(models)}, not a list); update Ollama if it repeats")
    return [m for m in models if isinstance(m, dict)]


_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_text(text: str) -> str:
    """Lone surrogates (a ``\\udXXX`` escape with no pair) become U+FFFD: they cannot be
    shown, stored as UTF-8, counted in tokens or sent back, so none passes this boundary."""
    return _SURROGATE.sub("\ufffd", text)


def first_line(text: str) -> str:
    """The first non-blank line of ``text``, printable, at most 200 characters ("" if none)."""
    for line in clean_text(text).splitlines():
        if line.strip():
            return " ".join(line.split())[:200]
    return ""


def _error_text(raw: bytes) -> str:
    text = raw.decode("utf-8", "replace")
    try:
        data = json_loads(text)
    except ValueError:
        return first_line(text)
    if isinstance(data, dict) and "error" in data:
        err = data["error"]
        return first_line(err if isinstance(err, str) else f"({_kind(err)})")
    return ""


def _server_error_line(message: str) -> str:
    first = first_line(message) or "no details"
    hint = "send again"
    low = first.lower()
    if "memory" in low or "cuda" in low or "alloc" in low:
        hint = "lower --num-ctx or use a smaller model"
    return f"Ollama stopped the reply with an error: {first} — {hint}"
