"""A small async client for OpenAI-compatible servers (llama.cpp's ``llama-server``, LM
Studio, vLLM), over httpx (SPEC §6).

It offers what :class:`~memtui.agent.session.ChatSession` uses of
:class:`~memtui.agent.ollama.OllamaClient` — ``show``, ``ps``, ``tags``, ``version``,
``chat``, ``request_body`` — and yields the same events, so the pane and ``memtui eval`` work
unchanged. The differences that matter:

- the context window is fixed when the server starts (``-c N``); it is read from ``/props``
  and no request can change it (``num_ctx`` is never sent);
- a prompt larger than the window is an HTTP 400 ``exceed_context_size_error`` naming both
  numbers (:class:`ContextExceeded`), not Ollama's silent cut;
- replies stream as server-sent events; tool calls arrive as deltas (an ``index``, then
  pieces of the ``arguments`` JSON string) and are assembled here.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import httpx

from memtui.agent.ollama import (
    ChatEvent,
    ChatStats,
    Done,
    HttpError,
    LoadedModel,
    MalformedChunk,
    ModelInfo,
    NoRoute,
    NoToolSupport,
    NotRunning,
    OllamaError,
    ReplyLimit,
    ServerError,
    StreamCut,
    ThinkingDelta,
    ThinkSplitter,
    Timeout,
    ToolCall,
    ToolCalls,
    clean_text,
    first_line,
    json_loads,
)
from memtui.agent.stream_limits import (
    MAX_TOOL_CALLS,
    LimitExceeded,
    ServerClient,
    body_lines,
    read_body,
)


class ContextExceeded(OllamaError):
    """The server refused a prompt larger than its window (HTTP 400)."""

    def __init__(self, message: str, n_prompt_tokens: int | None, n_ctx: int | None) -> None:
        super().__init__(message)
        self.n_prompt_tokens = n_prompt_tokens
        self.n_ctx = n_ctx

    def first_message(self) -> str:
        """The line for the chat's first message: a new chat is no fix there."""
        return context_exceeded_line(self.n_prompt_tokens, self.n_ctx, first=True)

    def run_message(self) -> str:
        """The line for a one-shot run (``memtui eval``): no chat, no conversation kept, each
        run a fresh one; what helps is a larger window or a smaller prompt (newuser24 #18)."""
        return (context_exceeded_line(self.n_prompt_tokens, self.n_ctx, first=True)
                .split(" — ", 1)[0] + " — each run sends the system prompt, tools and memory "
                "index afresh: a larger -c, a shorter --system-prompt or a smaller index helps")


@dataclass
class ServerProps:
    """What ``GET /props`` says (llama-server); empty on servers without it."""

    n_ctx: int | None = None
    build: str | None = None
    model_path: str | None = None
    chat_template: str | None = None
    supports_tools: bool | None = None
    raw: dict[str, Any] = field(default_factory=dict)


def parse_props(data: dict[str, Any]) -> ServerProps:
    gen = data.get("default_generation_settings")
    n_ctx = data.get("n_ctx")
    if not isinstance(n_ctx, int) and isinstance(gen, dict):
        n_ctx = gen.get("n_ctx")
    caps = data.get("chat_template_caps")
    tools = caps.get("supports_tools") if isinstance(caps, dict) else None
    template = data.get("chat_template")
    build = data.get("build_info")
    path = data.get("model_path")
    return ServerProps(
        n_ctx if isinstance(n_ctx, int) and n_ctx > 0 else None,
        str(build) if build else None, str(path) if path else None,
        template if isinstance(template, str) else None,
        tools if isinstance(tools, bool) else None, data)


def openai_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Messages in the session's (Ollama's) shape, as the OpenAI API wants them: tool calls
    get ids and JSON-string arguments, each tool result names the call it answers."""
    out: list[dict[str, Any]] = []
    pending: list[str] = []  # ids of the last assistant message's calls not yet answered
    n = 0
    for msg in messages:
        role = msg.get("role")
        if role == "assistant" and msg.get("tool_calls"):
            calls = []
            for tc in msg["tool_calls"]:
                fn = tc.get("function") or {}
                n += 1
                call_id = str(tc.get("id") or f"call_{n}")
                args = fn.get("arguments")
                calls.append({"id": call_id, "type": "function",
                              "function": {"name": str(fn.get("name") or ""),
                                           "arguments": args if isinstance(args, str) else
                                           json.dumps(args or {}, ensure_ascii=False)}})
            pending = [c["id"] for c in calls]
            out.append({"role": "assistant", "content": msg.get("content") or "",
                        "tool_calls": calls})
        elif role == "tool":
            call_id = pending.pop(0) if pending else f"call_{n}"
            out.append({"role": "tool", "tool_call_id": call_id,
                        "content": str(msg.get("content") or "")})
        else:
            out.append({"role": role, "content": str(msg.get("content") or "")})
    return out


def chat_body(model: str, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None,
              options: dict[str, Any] | None = None, stream: bool = True,
              think: bool | None = None) -> dict[str, Any]:
    """The exact JSON body of a ``/v1/chat/completions`` request. ``options`` (Ollama's
    num_ctx) and ``think`` have no meaning on this API and are not sent."""
    body: dict[str, Any] = {"model": model, "messages": openai_messages(messages),
                            "stream": stream}
    if stream:
        body["stream_options"] = {"include_usage": True}
    if tools:
        body["tools"] = tools
    return body


class _ToolCallParts:
    """Tool calls streamed as deltas: a name once, then pieces of the arguments string."""

    def __init__(self) -> None:
        self.calls: dict[int, dict[str, str]] = {}
        self.dropped = 0  # calls past MAX_TOOL_CALLS: counted by their first delta

    def add(self, deltas: list[Any]) -> None:
        for pos, tc in enumerate(deltas):
            if not isinstance(tc, dict):
                continue
            index = tc.get("index")
            key = index if isinstance(index, int) else pos
            fn = tc.get("function")
            if not isinstance(fn, dict):
                raise _malformed("a tool call's function", "an object")
            if key not in self.calls and len(self.calls) >= MAX_TOOL_CALLS:
                self.dropped += isinstance(fn.get("name"), str) or "id" in tc
                continue
            part = self.calls.setdefault(key, {"name": "", "arguments": ""})
            if isinstance(fn.get("name"), str):
                part["name"] += fn["name"]
            args = fn.get("arguments")
            if isinstance(args, str):
                part["arguments"] += args
            elif isinstance(args, dict):  # a server that sends an object
                part["arguments"] += json.dumps(args)

    def finish(self) -> list[ToolCall]:
        out = []
        for _key, part in sorted(self.calls.items()):
            raw = part["arguments"].strip()
            try:
                args = json_loads(raw) if raw else {}
            except ValueError:
                args = {"_raw": raw}
            out.append(ToolCall(part["name"], args if isinstance(args, dict) else
                                {"_raw": raw}))
        return out


class OpenAIClient(ServerClient):
    """``host`` is the server's base URL, with or without a trailing ``/v1``."""

    def __init__(self, host: str, timeout: float = 300.0, connect_timeout: float = 5.0) -> None:
        host = host.rstrip("/")
        host = host[:-3] if host.endswith("/v1") else host
        super().__init__(host, timeout, connect_timeout, server=f"the server at {host}")
        self.props: ServerProps | None = None
        self._model: str | None = None

    def request_body(self, model: str, messages: list[dict[str, Any]],
                     tools: list[dict[str, Any]] | None, options: dict[str, Any] | None,
                     think: bool | None = None) -> dict[str, Any]:
        """The body ``chat`` sends (for the transcript)."""
        return chat_body(model, messages, tools, options, True, think)

    # -- plain requests --------------------------------------------------------------------

    async def _get(self, path: str) -> dict[str, Any]:
        deadline = self.limits.deadline()
        try:
            async with self._http.stream("GET", path) as resp:
                raw = await read_body(resp, self.limits, deadline)
                status = resp.status_code
        except httpx.HTTPError as exc:
            raise self._transport_error(exc) from None
        except LimitExceeded as exc:
            raise ReplyLimit(str(exc)) from None
        if status != 200:
            raise self._status_error(status, raw)
        try:
            data = json_loads(raw.decode("utf-8", "replace"))
        except ValueError:
            raise MalformedChunk(f"the server at {self.host} answered {path} with something "
                                 "that is not JSON; is --host pointing at an OpenAI-compatible "
                                 "server?") from None
        return data if isinstance(data, dict) else {}

    async def server_props(self) -> ServerProps:
        """``/props`` (llama-server only: other servers give an empty answer)."""
        try:
            self.props = parse_props(await self._get("/props"))
        except HttpError:
            self.props = ServerProps()
        return self.props

    async def show(self, model: str) -> ModelInfo:
        """What this API tells about the model: the server's window (``/props``) stands in
        for the trained one, since nothing else can be used; tools as the template says."""
        props = await self.server_props()
        self._model = model
        caps: list[str] = []
        if props.supports_tools is not None:
            caps = ["completion", "tools"] if props.supports_tools else ["completion"]
        return ModelInfo(model, None, props.n_ctx, caps)

    async def ps(self) -> list[LoadedModel]:
        """The window the server runs with, under the model name asked for (a llama-server
        serves one model, whatever a request names)."""
        props = self.props or await self.server_props()
        return [LoadedModel(self._model, props.n_ctx)] if self._model else []

    async def tags(self) -> list[str]:
        models = (await self._get("/v1/models")).get("data")
        if not isinstance(models, list):
            return []
        return sorted(clean_text(str(m["id"])) for m in models
                      if isinstance(m, dict) and m.get("id"))

    async def version(self) -> str | None:
        try:
            props = self.props or await self.server_props()
        except OllamaError:
            return None
        return props.build

    # -- chat ------------------------------------------------------------------------------

    async def chat(self, model: str, messages: list[dict[str, Any]],
                   tools: list[dict[str, Any]] | None = None,
                   options: dict[str, Any] | None = None,
                   stream: bool = True, think: bool | None = None) -> AsyncIterator[ChatEvent]:
        """Send one chat request; yield its events, ending with :class:`Done`."""
        body = chat_body(model, messages, tools, options, True, think)
        deadline = self.limits.deadline()
        try:
            async with self._http.stream("POST", "/v1/chat/completions", json=body) as resp:
                if resp.status_code != 200:
                    raw = await read_body(resp, self.limits, deadline)
                    raise self._status_error(resp.status_code, raw)
                async for event in self._events(resp, deadline):
                    yield event
        except httpx.HTTPError as exc:
            raise self._transport_error(exc) from None
        except LimitExceeded as exc:
            raise ReplyLimit(str(exc)) from None

    async def _events(self, resp: httpx.Response, deadline: float) -> AsyncIterator[ChatEvent]:
        split = ThinkSplitter()
        calls = _ToolCallParts()
        stats = ChatStats()
        finished = False
        async for raw_line in body_lines(resp, self.limits, deadline):
            line = clean_text(raw_line.decode("utf-8", "replace")).rstrip("\r")
            if not line.startswith("data:"):
                continue  # blank separators, ": comments", event: and id: fields
            data = line[5:].strip()
            if data == "[DONE]":
                finished = True
                break
            chunk = _parse_chunk(data)
            for choice in _choices(chunk):
                delta = choice.get("delta") or {}
                if not isinstance(delta, dict):
                    raise _malformed("a choice's delta", "an object")
                reasoning = delta.get("reasoning_content")
                if isinstance(reasoning, str) and reasoning:
                    yield ThinkingDelta(reasoning)
                content = delta.get("content")
                if isinstance(content, str) and content:
                    for part in split.feed(content):
                        yield part
                if isinstance(delta.get("tool_calls"), list):
                    calls.add(delta["tool_calls"])
                if choice.get("finish_reason"):
                    stats.done_reason = str(choice["finish_reason"])
            _add_usage(stats, chunk)
        if not finished and stats.done_reason is None:
            raise StreamCut("the reply stream ended before its last event; what arrived was "
                            "kept — send again")
        for part in split.flush():
            yield part
        found = calls.finish()
        if found:
            yield ToolCalls(found, calls.dropped)
        yield Done(stats)

    # -- error mapping ---------------------------------------------------------------------

    def _transport_error(self, exc: httpx.HTTPError) -> OllamaError:
        if isinstance(exc, httpx.ConnectTimeout | httpx.ConnectError):
            return NotRunning(f"no OpenAI-compatible server at {self.host}: start one (e.g. "
                              "`llama-server -m MODEL.gguf --jinja -c 8192`) or point --host "
                              "at it")
        if isinstance(exc, httpx.TimeoutException):
            return Timeout(f"the server at {self.host} did not answer within "
                           f"{self.timeout:g}s: try again, or raise --timeout")
        if isinstance(exc, httpx.RemoteProtocolError | httpx.ReadError):
            return StreamCut("the connection was cut halfway through the reply (did the "
                             "server stop or crash?); what arrived was kept — send again")
        return OllamaError(f"talking to {self.host} failed: {exc}")

    def _status_error(self, status: int, raw: bytes) -> OllamaError:
        err = _error_object(raw)
        text = first_line(str(err.get("message") or "")) or first_line(
            raw.decode("utf-8", "replace"))
        if err.get("type") == "exceed_context_size_error":
            n_prompt, n_ctx = err.get("n_prompt_tokens"), err.get("n_ctx")
            n_prompt = n_prompt if isinstance(n_prompt, int) else None
            n_ctx = n_ctx if isinstance(n_ctx, int) else None
            return ContextExceeded(context_exceeded_line(n_prompt, n_ctx), n_prompt, n_ctx)
        if "--jinja" in text or "tools param" in text:
            return NoToolSupport(f"the server cannot take tools ({text}): start llama-server "
                                 "with --jinja and a model whose chat template defines tools")
        if status == 404:
            return NoRoute(f"the server at {self.host} has no OpenAI route here (HTTP 404): "
                           "is --host pointing at an OpenAI-compatible server?", status)
        return HttpError(f"the server answered HTTP {status}: {text or 'no details'}", status)


def context_exceeded_line(n_prompt: int | None, n_ctx: int | None,
                          first: bool = False) -> str:
    """One line for the 400: both numbers and the fix (the window is the server's).
    ``first``: the chat's first message, where a new chat would send the same (the system
    prompt, tools and index alone are too large; newuser23 #12)."""
    from memtui.agent.truncation import suggest_window

    prompt = f"{n_prompt:,} tokens" if n_prompt else "the prompt"
    window = f"{n_ctx:,} tokens" if n_ctx else "its window"
    fix = f"-c {suggest_window(n_prompt)}" if n_prompt else "a larger -c N"
    head = (f"Prompt too large: the server refused {prompt} (n_prompt_tokens) for a window "
            f"of {window} (n_ctx); nothing was cut or sent. Fix: restart the server with {fix}")
    if first:
        return (f"{head} — the chat's first message: the system prompt, tools and memory "
                "index alone fill the window, a new chat would send the same")
    return f"{head}, or start a new chat — the conversation is kept"


def _parse_chunk(data: str) -> dict[str, Any]:
    try:
        chunk = json_loads(data)
    except ValueError:
        raise MalformedChunk(f"the server sent a malformed event ({data[:60]!r}); the reply "
                             "was dropped — send again") from None
    if not isinstance(chunk, dict):
        raise MalformedChunk(f"the server sent a malformed event (not an object: "
                             f"{data[:60]!r}); the reply was dropped — send again")
    if "error" in chunk:
        err = chunk["error"]
        msg = err.get("message") if isinstance(err, dict) else err
        first = first_line(str(msg or "")) or "no details"
        raise ServerError(f"the server stopped the reply with an error: {first} — send again")
    return chunk


def _malformed(field: str, want: str) -> MalformedChunk:
    return MalformedChunk(f"the server sent a malformed event ({field} is not {want}); the "
                          "reply was dropped — send again")


def _choices(chunk: dict[str, Any]) -> list[dict[str, Any]]:
    choices = chunk.get("choices")
    if choices is None:
        return []
    if not isinstance(choices, list) or not all(isinstance(c, dict) for c in choices):
        raise _malformed("choices", "a list of objects")
    return choices


def _add_usage(stats: ChatStats, chunk: dict[str, Any]) -> None:
    usage = chunk.get("usage")
    if isinstance(usage, dict):
        if isinstance(usage.get("prompt_tokens"), int):
            stats.prompt_eval_count = usage["prompt_tokens"]
        if isinstance(usage.get("completion_tokens"), int):
            stats.eval_count = usage["completion_tokens"]
    timings = chunk.get("timings")
    if isinstance(timings, dict):
        prompt_ms, predicted_ms = timings.get("prompt_ms"), timings.get("predicted_ms")
        if isinstance(prompt_ms, int | float):
            stats.prompt_eval_duration = int(prompt_ms * 1e6)
        if isinstance(predicted_ms, int | float):
            stats.eval_duration = int(predicted_ms * 1e6)
        if stats.eval_count is None and isinstance(timings.get("predicted_n"), int):
            stats.eval_count = timings["predicted_n"]
        # no `usage` chunk (a server that ignores stream_options): the prompt's tokens are
        # the ones evaluated plus the ones its cache reused (newuser33 #32: shown as 0)
        if stats.prompt_eval_count is None and isinstance(timings.get("prompt_n"), int):
            cached = timings.get("cache_n")
            stats.prompt_eval_count = timings["prompt_n"] + (
                cached if isinstance(cached, int) and cached > 0 else 0)


def _error_object(raw: bytes) -> dict[str, Any]:
    try:
        data = json_loads(raw.decode("utf-8", "replace"))
    except ValueError:
        return {}
    err = data.get("error") if isinstance(data, dict) else None
    if isinstance(err, dict):
        return err
    return {"message": err} if isinstance(err, str) else {}

