"""One conversation with the agent in one workspace (SPEC §5).

``send`` runs a turn: request, stream, run the tool calls, send their results back, until the
model answers in words or the step limit is hit. It yields events for whoever watches (the
chat pane, ``memtui eval``). History lives in ``<ws>/.memtui/chat/history.json`` (without the
injected block), and every request and response goes to a JSONL transcript in
``<ws>/.memtui/transcripts/``.

The module is past 500 lines: a turn (request, stream, tool calls, their results and what
the operator undid since) is one loop, read whole; the client, approval and tools are apart.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import os
import secrets
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from memtui.agent.approval import Gate
from memtui.agent.backend import ChatClient, cuts_silently, make_client, window_for
from memtui.agent.call_budget import CallBudget, ReplyCalls
from memtui.agent.chat_history import chats_in, merged, new_id
from memtui.agent.ollama import (
    ChatStats,
    ContentDelta,
    Done,
    ModelInfo,
    NoRoute,
    OllamaError,
    ThinkingDelta,
    ToolCall,
    ToolCalls,
)
from memtui.agent.prompt import (
    Budget,
    SystemPrompt,
    assemble,
    block_prefix,
    build_system_prompt,
    estimate,
)
from memtui.agent.refused_args import shorten_call
from memtui.agent.settings import AgentSettings
from memtui.agent.tool_outcome import ToolOutcome
from memtui.agent.tools import ToolBox
from memtui.agent.truncation import TruncationWarning, check_truncation
from memtui.agent.turn_numbers import new_turn, newest_journaled, next_number, stored_count
from memtui.agent.undone import undone_ids, with_undo_notes
from memtui.agent.window import Window
from memtui.core.audit import AuditOptions, Auditor
from memtui.core.counting.tokens import TokenCounter, default_counter
from memtui.core.files.safe_open import Unsafe, folder
from memtui.core.workspace import Workspace
from memtui.edit.changeset import Turn
from memtui.edit.chat_state import HISTORY_REL, TRANSCRIPTS_REL
from memtui.edit.errors import Refused
from memtui.edit.journal_seal import CHAT_CONTEXT, NoKey, seal, unsealed_why, user_key
from memtui.edit.safe_write import (
    MAX_STATE_BYTES,
    append_state,
    folder_lock,
    read_bytes,
    write_state,
)
from memtui.edit.turn_marker import hold_turn, release_turn

T = TypeVar("T")
DEFAULT_MAX_STEPS = 12


def unexpected(exc: BaseException) -> str:
    """One line for an error nobody foresaw (the turn ends; the transcript keeps the type)."""
    text = " ".join(str(exc).split())[:200]
    return (f"the turn stopped on an unexpected error ({type(exc).__name__}"
            f"{': ' + text if text else ''}); the conversation was kept — send again")


def json_bytes(obj: Any, **kwargs: Any) -> bytes:
    """UTF-8 JSON; text that cannot be UTF-8 (a lone surrogate) is written escaped."""
    try:
        return json.dumps(obj, ensure_ascii=False, **kwargs).encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(obj, ensure_ascii=True, **kwargs).encode("ascii")


# -- what a turn reports -----------------------------------------------------------------------


@dataclass
class ModelFacts:
    info: ModelInfo
    window: Window
    version: str | None

    @property
    def tools_note(self) -> str | None:
        if self.info.supports_tools:
            return None
        caps = ", ".join(self.info.capabilities) or "none listed"
        return (f"{self.info.name} cannot use tools (capabilities: {caps}): it can chat but "
                "cannot read or write memory — pick a model with tool support, e.g. qwen3")


@dataclass
class RequestStarted:
    step: int
    budget: Budget
    body: dict[str, Any]


@dataclass
class ReplyDone:
    step: int
    stats: ChatStats
    budget: Budget
    truncation: TruncationWarning | None
    tool_calls: list[ToolCall]


@dataclass
class ToolStarted:
    call: ToolCall


@dataclass
class ToolFinished:
    outcome: ToolOutcome


@dataclass
class TurnDone:
    content: str
    steps: int
    stopped: str  # "answer" | "max_steps"


@dataclass
class TurnFailed:
    message: str  # one line: what happened and what to do
    error: Exception
    unsent: str | None = None  # the user's text, taken back out of history when nothing ran


@dataclass
class TurnCancelled:
    unsent: str | None = None


SessionEvent = (RequestStarted | ContentDelta | ThinkingDelta | ToolCalls | ReplyDone
                | ToolStarted | ToolFinished | TurnDone | TurnFailed | TurnCancelled)


@dataclass
class TurnRecord:
    """What one turn did, for ``memtui eval``."""

    outcomes: list[ToolOutcome] = field(default_factory=list)
    replies: list[ReplyDone] = field(default_factory=list)
    error: str | None = None
    content: str = ""
    #: "max_steps" when the step limit cut the turn off (newuser34 #24), else "".
    stopped: str = ""


# -- the session -------------------------------------------------------------------------------


class ChatSession:
    def __init__(self, ws: Workspace, settings: AgentSettings,
                 client: ChatClient | None = None, counter: TokenCounter | None = None,
                 persist: bool = True, max_steps: int | None = None,
                 today: dt.date | None = None) -> None:
        self.ws = ws
        self.settings = settings
        self.client = client or make_client(settings)
        self.counter = counter or default_counter()
        self.persist = persist
        self.max_steps = max_steps or settings.max_steps or DEFAULT_MAX_STEPS
        self.today = today
        self.auditor = Auditor(ws, AuditOptions(stale_days=None), self.counter)
        self.tools = ToolBox(ws, settings.decoys, self.auditor)
        self.gate = Gate(self.tools, frozenset(settings.ask_before))  # asks once approver set
        self.facts: ModelFacts | None = None
        #: The runner Ollama reported last in /api/ps for this model (its context length)
        self.runner: int | None = None
        #: Whether ``runner`` was read after a request of this chat's (with its num_ctx): a
        #: runner loaded before by another client, or by a request without num_ctx, is
        #: loaded again at the window asked when this chat's first request comes
        #: (newuser37 #3: --num-ctx 16384 was held back against the 4,096 runner an agent
        #: without num_ctx had left loaded)
        self.runner_ours = False
        self._served = False  # a request of this chat's has been answered
        self.history: list[dict[str, Any]] = []
        self.transcript: Path | None = None
        self.load_problem: str | None = None
        self.state_problem: str | None = None
        self._unreadable: Path | None = None
        self._work_lock = asyncio.Lock()
        #: The turn running or last run: its writes are journaled under it.
        self.turn: Turn | None = None
        #: The ids of the turns this session ran (ctrl+z asks twice about another's).
        self.own_turns: set[str] = set()
        #: The highest turn number this workspace's chats have used (kept in the history
        #: file and past a new chat, so turn numbers never repeat in `memtui history`).
        self.turns = 0
        #: This chat's id in the history file, and the revision of it this session last
        #: read or wrote (newuser36 #30: two chats on one workspace, one file).
        self.chat_id = new_id()
        self.rev: str | None = None
        if persist:
            self._load()

    # -- paths -----------------------------------------------------------------------------

    @property
    def history_path(self) -> Path:
        return self.ws.root / HISTORY_REL

    @property
    def transcripts_dir(self) -> Path:
        return self.ws.root / TRANSCRIPTS_REL

    @property
    def model(self) -> str:
        if not self.settings.model:
            raise OllamaError("no model chosen: pass --model (see `ollama list`)")
        return self.settings.model

    # -- model facts -----------------------------------------------------------------------

    async def prepare(self) -> ModelFacts:
        """Ask the server about the model and resolve the window (raises OllamaError, and
        only that: whatever else goes wrong is one line too)."""
        try:
            info = await self.client.show(self.model)
            version = None if info.context_length or self.settings.num_ctx \
                else await self.client.version()
            window = window_for(self.client, self.settings.num_ctx, info, version)
        except OllamaError:
            raise
        except Exception as exc:
            raise OllamaError(unexpected(exc)) from exc
        self.facts = ModelFacts(info, window, version)
        return self.facts

    async def loaded_window(self) -> int | None:
        """The context length of the runner Ollama has loaded for this model (``/api/ps``),
        remembered in ``runner``."""
        loaded = await self.client.ps()
        self.runner = next((m.context_length for name in (self.model, f"{self.model}:latest")
                            for m in loaded if m.name == name), None)
        self.runner_ours = self._served
        return self.runner

    def window_used(self) -> int | None:
        """The window a request is measured against: the one asked (num_ctx), or the runner
        Ollama loaded when /api/ps reports it smaller, since Ollama cuts at the runner's
        size (newuser35 #12: a runner of 8,192 for 40,960 asked cut every prompt unflagged)."""
        asked = self.facts.window.num_ctx if self.facts else None
        if asked and self.runner and self.runner < asked and self.runner_ours \
                and cuts_silently(self.client):
            return self.runner
        return asked

    def system_prompt(self) -> SystemPrompt:
        return build_system_prompt(self.ws, self._tool_schemas(),
                                   self.settings.system_prompt_file,
                                   self.settings.tool_prose, self.today)

    def _tool_schemas(self) -> list[dict[str, Any]]:
        if self.facts is not None and not self.facts.info.supports_tools:
            return []
        return self.tools.schemas()

    async def off_loop(self, fn: Callable[..., T], *args: Any) -> T:
        """Run file and tokenizer work in a thread, one job at a time, so the event loop
        (the TUI) never waits on the disk or on the first load of the vocabulary."""
        async with self._work_lock:
            return await asyncio.to_thread(fn, *args)

    def _request(self, step: int, text: str, tools: list[dict[str, Any]],
                 num_ctx: int | None) -> tuple[list[dict[str, Any]], Budget]:
        """The messages of the next request (index re-read now) and their estimate."""
        system = self.system_prompt()
        prefix = block_prefix(block := self.tools.audit().block.text)
        sent = self._history_sent()
        messages = assemble(system.text, sent, prefix, None)
        history, new = (sent[:-1], text) if step == 1 else (sent, "")
        return messages, estimate(self.counter, system, tools, prefix, history, new, num_ctx,
                                  block)

    async def budget(self, text: str) -> Budget:
        """``budget_for`` off the event loop."""
        return await self.off_loop(self.budget_for, text)

    def budget_for(self, text: str) -> Budget:
        """The estimate the pane shows before sending ``text`` (reads the index now)."""
        block = self.tools.audit(set()).block.text  # re-reads the index, skips the walk
        return estimate(self.counter, self.system_prompt(), self._tool_schemas(),
                        block_prefix(block), self._history_sent(), text, self.window_used(),
                        block)

    async def _cut(self, stats: ChatStats, budget: Budget,
                   window: Window) -> TruncationWarning | None:
        """Whether Ollama cut this request, measured against the runner that served it:
        /api/ps read now, as it may hold less than the window asked (newuser35 #12)."""
        if not cuts_silently(self.client):
            return None
        with contextlib.suppress(OllamaError):  # no /api/ps: the window asked is all
            await self.loaded_window()
        return check_truncation(stats.prompt_eval_count, budget.total, window.num_ctx,
                                self.facts.info.context_length if self.facts else None,
                                self.runner, self.model)

    def _history_sent(self) -> list[dict[str, Any]]:
        """The history as the model gets it: a write the operator undid since says so."""
        return with_undo_notes(self.history, undone_ids(self.ws, self.history))

    # -- history ---------------------------------------------------------------------------

    def _load(self) -> None:
        try:
            raw = read_bytes(self.ws.root, HISTORY_REL, MAX_STATE_BYTES)
        except (Refused, OSError) as exc:
            # A link, FIFO or device, or too large: never followed, never read; left alone.
            self.load_problem = (f"chat history is not used ({exc}); this chat is not "
                                 "saved")
            self.persist = False
            return
        if raw is None:
            return
        try:
            data = json.loads(raw.decode("utf-8"))
            messages = data["messages"]
            if not isinstance(messages, list) or not all(isinstance(m, dict) and "role" in m
                                                          for m in messages):
                raise ValueError("messages is not a list of messages")
            if self._forged(data):
                return
            self.history = messages
            self.turns = stored_count(data.get("turns"))
            chat = data.get("chat")
            self.chat_id, self.rev = (chat, data.get("rev")) if isinstance(chat, str) \
                else ("", None)
            name = data.get("transcript")
            if isinstance(name, str) and "/" not in name and name not in ("", ".", ".."):
                self.transcript = self.transcripts_dir / name
        except (ValueError, KeyError, TypeError) as exc:
            # Nothing is written on opening: the unreadable file is moved aside on first save.
            self._unreadable = self.history_path.with_name(
                f"history.unreadable-{int(time.time())}.json")
            self.load_problem = (f"chat history could not be read ({exc}); a new chat starts "
                                 f"and the old file will be kept as {self._unreadable.name}")

    def _forged(self, data: dict[str, Any]) -> bool:
        """Whether the history memtui found is one it did not write here (no seal, a wrong
        one): never loaded, never sent — it would speak to the model in the operator's
        voice (newuser32 #30); kept aside on the first save, as an unreadable one is."""
        key: bytes | None = None
        with contextlib.suppress(NoKey):
            key = user_key()
        why = unsealed_why(data, self.ws.root, key, CHAT_CONTEXT, "chat histories")
        if why is None:
            return False
        self._unreadable = self.history_path.with_name(
            f"history.unsealed-{int(time.time())}.json")
        self.load_problem = (f"chat history not loaded: memtui did not write it here — {why}; "
                             "none of it is shown or sent to the model, a new chat starts "
                             f"and the file will be kept as {self._unreadable.name}")
        return True

    def _state_failed(self, exc: Exception) -> None:
        """A state write was refused (a link, FIFO or device in the way) or failed: say so
        once, and stop writing state for this session."""
        self.persist = False
        self.state_problem = f"chat history and transcript are no longer saved: {exc}"

    def save(self) -> None:
        if not self.persist:
            return
        try:
            if self._unreadable is not None:
                with contextlib.suppress(OSError, Unsafe), \
                        folder(self.ws.root, HISTORY_REL.split("/")[:-1]) as fd:
                    # renames the entry itself (a link stays a link): nothing is followed
                    os.rename("history.json", self._unreadable.name, src_dir_fd=fd,
                              dst_dir_fd=fd)
                self._unreadable = None
            mine = {"chat": self.chat_id, "model": self.settings.model,
                    "transcript": self.transcript.name if self.transcript else None,
                    "turns": self.turns, "messages": self.history}
            with folder_lock(self.ws.state_dir):  # the other chats kept (newuser36 #30)
                try:
                    found = chats_in(read_bytes(self.ws.root, HISTORY_REL, MAX_STATE_BYTES),
                                     self.ws.root)
                except (Refused, OSError):
                    found = []
                data, self.chat_id = merged(found, mine, self.rev)
                while True:
                    seal(data, self.ws.root, context=CHAT_CONTEXT)  # newuser32 #30
                    raw = json_bytes(data, indent=1)
                    if len(raw) <= MAX_STATE_BYTES // 2 or not data["others"]:
                        break
                    data["others"].pop()  # the oldest other chat (its transcript keeps it)
                write_state(self.ws.root, HISTORY_REL, raw)
                self.rev = data["rev"]
        except (Refused, OSError) as exc:
            self._state_failed(exc)

    def new_chat(self) -> None:
        self.history = []
        self.transcript = None
        self.save()

    def _log(self, kind: str, **data: Any) -> None:
        if not self.persist:
            return
        if self.transcript is None:
            stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
            self.transcript = self.transcripts_dir / f"{stamp}-{secrets.token_hex(3)}.jsonl"
        row = {"time": dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds"),
               "kind": kind, **data}
        try:
            append_state(self.ws.root, f"{TRANSCRIPTS_REL}/{self.transcript.name}",
                         json_bytes(row, default=str) + b"\n")
        except (Refused, OSError) as exc:
            self._state_failed(exc)

    # -- a turn ----------------------------------------------------------------------------

    async def send(self, text: str) -> AsyncIterator[SessionEvent]:
        """Run one user turn; yields events, ends with TurnDone, TurnFailed or TurnCancelled.
        The turn holds the workspace's turn marker all its life, so no turn undo takes a
        part of it (newuser36 #33; none for a session that keeps no state: eval's copies)."""
        marker = await self.off_loop(hold_turn, self.ws.root) if self.persist else None
        try:
            async for event in self._turn(text):
                yield event
        finally:
            release_turn(marker)

    async def _turn(self, text: str) -> AsyncIterator[SessionEvent]:
        try:
            # A server whose window is fixed at start (-c) may have been restarted with
            # another since the last turn (the refusal's own fix): its /props is read again
            # for every turn, so the figures follow the server (newuser28 #4).
            if self.facts is None or not cuts_silently(self.client):
                await self.prepare()
        except OllamaError as exc:  # prepare raises nothing else
            yield TurnFailed(str(exc), exc, unsent=text)
            return
        start = len(self.history)
        journaled = await self.off_loop(newest_journaled, self.ws)
        # A turn nothing came back for gives its number back (newuser33 #14: three failed
        # sends, and the next answered turn was "turn 4")
        used, last_turn = self.turns, self.turn
        self.turns = next_number(self.turns, self.history, journaled)
        self.history.append({"role": "user", "content": text})
        self.tools.turn = self.turn = new_turn(self.turns)
        self.own_turns.add(self.turn.id)
        budget_left = CallBudget()
        self._log("user", content=text, turn=self.turn.id)
        step = 0
        content = ""
        try:
            while True:
                step += 1
                tools = self._tool_schemas()
                window = self.facts.window if self.facts else Window(None, "none")
                messages, budget = await self.off_loop(self._request, step, text, tools,
                                                       self.window_used())
                think = self.settings.think
                body = self.client.request_body(self.model, messages, tools, window.options(),
                                                think=think)
                self._log("request", step=step, body=body, estimate=budget.total)
                yield RequestStarted(step, budget, body)
                content, thinking = "", ""
                reply = ReplyCalls([])
                stats: ChatStats | None = None
                try:
                    async for event in self.client.chat(self.model, messages, tools,
                                                        window.options(), think=think):
                        if isinstance(event, ContentDelta):
                            content += event.text
                        elif isinstance(event, ThinkingDelta):
                            thinking += event.text
                        elif isinstance(event, ToolCalls):
                            reply.add(event.calls, event.dropped)
                        elif isinstance(event, Done):
                            stats = event.stats
                            continue
                        yield event
                except (Exception, asyncio.CancelledError) as exc:
                    self._keep_partial(content, thinking, "reply cancelled"
                                       if isinstance(exc, asyncio.CancelledError) else
                                       "✗ " + (str(exc) if isinstance(exc, OllamaError)
                                               else unexpected(exc)))
                    raise exc
                assert stats is not None
                self._served = True
                calls, refusal = budget_left.split(reply)
                kept = reply.kept[:len(calls) + (refusal is not None)]
                self._append_assistant(content, thinking, kept)
                trunc = await self._cut(stats, budget, window)
                self._log("response", step=step, content=content, thinking=thinking,
                          tool_calls=[c.as_message() for c in kept],
                          tool_calls_total=reply.total, stats=stats.as_dict(),
                          truncation=trunc.as_dict() if trunc else None)
                yield ReplyDone(step, stats, budget, trunc, kept)
                if not kept:
                    self.save()
                    yield TurnDone(content, step, "answer")
                    return
                async for done in self._run_calls(calls, refusal):
                    yield done
                self.save()
                if step >= self.max_steps:
                    yield TurnDone(content, step, "max_steps")
                    return
        except Exception as exc:  # OllamaError, or a bug: either way one line, history kept
            message = str(exc) if isinstance(exc, OllamaError) else unexpected(exc)
            unsent = self._rollback(start)
            if unsent is not None:
                self.turns, self.turn = used, last_turn
            with contextlib.suppress(Exception):
                self._log("error", message=message, type=type(exc).__name__)
                self.save()
            yield TurnFailed(message, exc, unsent)
        except asyncio.CancelledError:
            unsent = self._rollback(start)
            if unsent is not None:
                self.turns, self.turn = used, last_turn
            self._log("cancelled")
            self.save()
            yield TurnCancelled(unsent)

    async def _run_calls(self, calls: list[ToolCall], refusal: ToolOutcome | None
                         ) -> AsyncIterator[ToolStarted | ToolFinished]:
        """Run one reply's calls (each its own job, so a cancel stops between two), audit
        them once as a batch, then answer each in history, in order; ``refusal`` answers
        the calls past the caps (memtui.agent.call_budget)."""
        outcomes: list[ToolOutcome] = []
        entries: list[dict[str, Any]] = []
        assistant = self.history[-1]  # the message that made the calls (_append_assistant)
        try:
            for call in calls:
                yield ToolStarted(call)
                outcome = await self.gate.check(call)
                if outcome is None:
                    # The call runs in a thread a cancel cannot stop: a cancel meanwhile
                    # waits for it, so what it wrote is answered and carded too.
                    job = asyncio.ensure_future(self.off_loop(self.tools.run, call.name,
                                                              call.arguments))
                    try:
                        outcome = await asyncio.shield(job)
                    except asyncio.CancelledError:
                        with contextlib.suppress(asyncio.CancelledError):
                            await asyncio.wait([job])
                        if job.done() and not job.cancelled() and job.exception() is None:
                            outcomes.append(job.result())
                            entries.append(self._answer(job.result()))
                        raise
                outcomes.append(outcome)
                entries.append(self._answer(outcome))
            if refusal is not None:
                outcomes.append(refusal)
                entries.append(self._answer(refusal))
            await self.off_loop(self.tools.settle, outcomes)
        except asyncio.CancelledError:
            # Cancelled between two calls (Esc on the next one's question): the calls
            # that ran are settled and reported before the cancel goes on, so each shows
            # its card and the turn line counts it (newuser36 #34: a file written, no
            # card, and "nothing ran").
            if outcomes:
                with contextlib.suppress(asyncio.CancelledError):  # (a second Esc)
                    await self.off_loop(self.tools.settle, outcomes)
                for outcome in outcomes:
                    yield ToolFinished(outcome)
            raise
        finally:  # cancelled or not, what ran is answered and in the transcript
            if self.tools.turn is not None:  # its number, as its first write claimed it
                self.turn = self.tools.turn
                self.turns = max(self.turns, self.turn.number)
            for i, (outcome, entry) in enumerate(zip(outcomes, entries, strict=True)):
                entry["effect"] = outcome.effect_text
                self._log("tool", **outcome.as_dict())
                if not outcome.ok:  # a call that did nothing: its text is not resent
                    shorten_call(assistant, i)
        for outcome in outcomes:
            yield ToolFinished(outcome)

    def _answer(self, outcome: ToolOutcome) -> dict[str, Any]:
        """The tool message answering one call, appended to history."""
        self.history.append(entry := outcome.as_history())
        return entry

    def _append_assistant(self, content: str, thinking: str, calls: list[ToolCall]) -> None:
        msg: dict[str, Any] = {"role": "assistant", "content": content}
        if thinking:
            msg["thinking"] = thinking
        if calls:
            msg["tool_calls"] = [c.as_message() for c in calls]
        self.history.append(msg)

    def _keep_partial(self, content: str, thinking: str, why: str) -> None:
        """Keep a reply cut off mid-stream, marked, with why (``cut``): a reloaded chat
        marks it where it stops (newuser36 #8: it read as the whole answer)."""
        if content or thinking:
            self._append_assistant(content, thinking, [])
            self.history[-1]["partial"] = True
            self.history[-1]["cut"] = why

    def _rollback(self, start: int) -> str | None:
        """When a turn failed before anything came back, take the user's text back out of
        history (the pane puts it back in the input); otherwise keep what happened."""
        if len(self.history) == start + 1 and self.history[-1]["role"] == "user":
            return str(self.history.pop()["content"])
        return None

    async def run_turn(self, text: str) -> TurnRecord:
        """Run a turn to the end without watching it (``memtui eval``). A cancel (Ctrl+C)
        ends the turn and is raised on, never taken for the turn's outcome: the caller
        stops too, it does not go on to the next run."""
        record = TurnRecord()
        async for event in self.send(text):
            if isinstance(event, TurnCancelled):
                raise asyncio.CancelledError
            if isinstance(event, ToolFinished):
                record.outcomes.append(event.outcome)
            elif isinstance(event, ReplyDone):
                record.replies.append(event)
            elif isinstance(event, TurnFailed):  # worded for a run, not a chat (newuser24 #18)
                if isinstance(event.error, NoRoute):  # no model's score: a wrong --host,
                    raise event.error  # one line and exit 2 (newuser25 #4)
                worded = getattr(event.error, "run_message", None)
                record.error = worded() if worded is not None else event.message
            elif isinstance(event, TurnDone):
                record.content = event.content
                record.stopped = event.stopped if event.stopped == "max_steps" else ""
        return record

    async def aclose(self) -> None:
        await self.client.aclose()
