"""The chat pane: talk to the agent working in this workspace and watch it write memory.

Mounted by the main app (``c``); usable on its own in any Textual app. Enter sends, Esc
cancels a generation (with none running, Esc is left to the app), ctrl+n starts a new
chat, ctrl+z undoes the agent's last turn's writes (every write is journaled, and its
card names the record). While the pane has focus no printable key reaches an app
command: one typed on the log (or any other part of the pane) goes into the message
input. Failures keep the conversation and show one line.

The module is past 500 lines: the pane's one event loop (sending, streaming, tool cards,
cancelling) and the actions on its conversation are one widget's behaviour."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.css.query import NoMatches
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Button, Input, Select, Static

from memtui.agent.approval import KINDS
from memtui.agent.backend import cuts_silently
from memtui.agent.effects import (
    BROKEN_LINK,
    DANGLING,
    HAZARDS,
    LINKED,
    NAMED,
    UNLINKED,
    UNNAMED,
)
from memtui.agent.ollama import ContentDelta, OllamaError, ThinkingDelta
from memtui.agent.openai_api import ContextExceeded
from memtui.agent.prompt import Budget
from memtui.agent.session import (
    ChatSession,
    ReplyDone,
    RequestStarted,
    SessionEvent,
    ToolFinished,
    ToolStarted,
    TurnCancelled,
    TurnDone,
    TurnFailed,
)
from memtui.agent.settings import AgentSettings, server_name
from memtui.agent.tool_outcome import ToolOutcome
from memtui.agent.truncation import restart_runner, smaller_runner, suggest_window
from memtui.agent.window import likely_default
from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.wording import plural
from memtui.core.workspace import Workspace
from memtui.edit.errors import Refused
from memtui.edit.journal import Journal
from memtui.tui.chat.approval_card import ApprovalCard, approver_for
from memtui.tui.chat.assistant_message import AssistantMessage
from memtui.tui.chat.banner import Banner
from memtui.tui.chat.budget_bar import COUNTING, BudgetBar
from memtui.tui.chat.model_picker import ModelPicker
from memtui.tui.chat.reply_stats import ReplyStats
from memtui.tui.chat.status_line import StatusLine
from memtui.tui.chat.tool_card import GONE, KEPT, NOT_INDEXED, UNDO_KEY, UNDONE, ToolCard
from memtui.tui.chat.user_message import UserMessage

#: A pane with fewer rows than this folds its status line and banner (newuser36 #26).
SHORT_ROWS = 20
#: The tools that write memory (a call of one that wrote nothing is named after its turn).
WRITING_TOOLS = frozenset(name for names in KINDS.values() for name in names)


def held_back_line(budget: Budget, window: int, likely: bool = False,
                   asked: int | None = None, model: str | None = None) -> str:
    """Why a request past Ollama's window is held back, and what helps: a new chat only
    when the history is what overflows; when the system prompt, tools and memory index
    alone fill the window, a new chat would send the same, and the index is what to shrink
    (newuser30 #1: "or start a new chat" on a first message whose index alone was 117 % of
    the window). ``asked``: the num_ctx the chat asks for; a ``window`` smaller is the
    runner Ollama loaded, which a larger --num-ctx does not change (newuser38 #11: "raise
    --num-ctx to 32,768" with 32,768 asked already)."""
    fixed = budget.total - budget.history
    head = (f"not sent: about {budget.total:,} tokens for a window of {window:,} (num_ctx): "
            "Ollama would drop the front, the system prompt with the memory rules, without a "
            f"word. Fix: raise --num-ctx to {suggest_window(budget.total):,}")
    if asked and window < asked:  # the runner is what holds less
        more = max(suggest_window(budget.total), asked * 2)  # never the window asked
        fix = restart_runner(asked, model) if budget.total <= asked else (
            f"raise --num-ctx to {more:,}, and {restart_runner(more, model, 'asked then')}")
        head = (f"not sent: about {budget.total:,} tokens, and {smaller_runner(window, asked)}"
                ": Ollama would drop the front, the system prompt with the memory rules, "
                f"without a word. Fix: {fix}")
    if likely:  # no num_ctx sent, nothing loaded: the server's likely default (newuser37 #4)
        head = (f"not sent: about {budget.total:,} tokens, and no num_ctx is sent: the "
                f"server's likely default window, {window:,}, would drop the front, the "
                "system prompt with the memory rules, without a word. Fix: pass --num-ctx "
                f"{suggest_window(budget.total):,}")
    if fixed > window and fixed - budget.block > window:
        # the index is no real share: no MEMORY.md would fit it (newuser34 #18: "shrink
        # MEMORY.md" for a 32-token index beside 1,315 tokens of prompt and tools)
        return (f"{head}: the system prompt and tools alone take about "
                f"{fixed - budget.block:,} tokens (the memory index {budget.block:,} more), "
                "so neither a new chat nor a shorter MEMORY.md would fit; Enter again "
                "sends it anyway")
    if fixed > window:
        return (f"{head}, or shrink MEMORY.md (the Block view, 7): the system prompt, tools "
                f"and memory index alone take about {fixed:,} tokens (the index "
                f"{budget.block:,}), so a new chat would send the same; Enter again sends "
                "it anyway")
    return f"{head}, or start a new chat; Enter again sends it anyway"


class ChatPane(Vertical):
    """Chat with the agent of ``workspace`` through Ollama or an OpenAI-compatible server,
    as ``settings`` say."""

    DEFAULT_CSS = """
    ChatPane { height: 1fr; }
    ChatPane > #chat-log { height: 1fr; padding: 0 1; }
    ChatPane > Input { margin: 0 0; }
    ChatPane .cut-note { padding: 0 1; color: $text-muted; }
    ChatPane .turn-summary { padding: 0 1; margin: 1 0 0 0; }
    /* While the agent's question waits, the model list gives its rows to the log: at
       80×24 they pushed the question's "what" out, leaving only its buttons (newuser32 #6). */
    ChatPane.-asking > ModelPicker { display: none; }
    /* A short pane (80×24: 11 rows) folds its notes to two rows each, scrolled, so the log
       and the input stay in view (newuser36 #26: the "no window known" note and a "Prompt
       cut" banner took nine rows and pushed both off the screen). */
    ChatPane.-short > StatusLine, ChatPane.-short > Banner { max-height: 2;
        overflow-y: auto; scrollbar-size-vertical: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel reply"),
        Binding("ctrl+n", "new_chat", "New chat"),
        Binding(UNDO_KEY, "undo_turn", "Undo turn"),
        Binding("up", "recall(-1)", "Earlier message", show=False),
        Binding("down", "recall(1)", "Later message", show=False),
        # Tab stays in the pane (input -> log -> input): leaving it by Tab put the focus
        # on the view tabs, where the next typed sentence ran app commands. Esc leaves.
        Binding("tab", "focus_in_pane(1)", "Next in chat", show=False),
        Binding("shift+tab", "focus_in_pane(-1)", "Previous in chat", show=False),
    ]

    busy: reactive[bool] = reactive(False, bindings=True)  # a reply is coming

    class MemoryChanged(Message):
        """A tool call created, changed or deleted files of the workspace."""

        def __init__(self, paths: list[str]) -> None:
            super().__init__()
            self.paths = paths

    class BlockCounted(Message):
        """The chat counted the injected block (qwen tokens, its budget bar's "block")."""

        def __init__(self, tokens: int) -> None:
            super().__init__()
            self.tokens = tokens

    class WindowKnown(Message):
        """The window the chat measures every request against is now known: an
        OpenAI-compatible server's -c (from /props, ``name`` "server -c"), or the num_ctx
        the chat asks Ollama for (``--num-ctx``, the model's ``trained`` context), else
        the window Ollama has ``loaded`` (newuser33 #15: the header kept the audit's)."""

        def __init__(self, window: int, name: str = "server -c") -> None:
            super().__init__()
            self.window = window
            self.name = name

    def __init__(self, workspace: Workspace, settings: AgentSettings, *,
                 name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.workspace = workspace
        self.settings = settings
        self.session = ChatSession(workspace, settings)
        self.session.gate.approver = approver_for(self)  # risky calls wait for the operator
        self.turns = 0  # turns finished (sent, failed or cancelled)
        self.loaded: int | None = None  # window loaded by Ollama, from /api/ps
        self._pump: asyncio.Task[None] | None = None
        self._held: list[SessionEvent | None] = []  # an event read ahead by _next_event
        self._budget_timer: Timer | None = None
        self._recalled: int | None = None  # which earlier message Up put in the input
        #: What the input held when Up first recalled (a draft, or a message a refused
        #: request put back): Down past the newest sent message brings it back.
        self._draft = ""
        #: A message held back as over the window once: Enter on it again sends it.
        self._send_anyway: str | None = None
        #: Why no model can be chosen yet (no --model): still asking, no server, no models.
        self._no_models: str | None = None
        #: The window (and its name) last told to the app (WindowKnown).
        self._window_told: tuple[int, str] | None = None
        #: Counting a message before it is sent (`_send`).
        self._counting = False
        self._block_told: int | None = None  # the block's count last told (BlockCounted)

    def compose(self) -> ComposeResult:
        yield StatusLine(id="chat-status")
        yield ModelPicker()
        yield Banner(id="chat-banner")
        yield VerticalScroll(id="chat-log")
        yield BudgetBar()
        yield ReplyStats()
        yield Input(placeholder="message the agent — Enter sends, Esc cancels / leaves, "
                    "ctrl+n new chat", id="chat-input",
                    select_on_focus=False)  # a key sent here from the log adds to the draft

    def focus(self, scroll_visible: bool = True) -> ChatPane:
        """Focusing the pane focuses its input (once it is composed), or the model picker
        while a model is still to be chosen."""
        try:
            box = self.query_one("#chat-input", Input)
            picker = self.query_one(ModelPicker)
        except NoMatches:
            self.call_after_refresh(self.focus, scroll_visible)
            return self
        if picker.has_class("-shown") and not self.settings.model:
            picker.focus(scroll_visible)
        else:
            box.focus(scroll_visible)
        return self

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.height < SHORT_ROWS, "-short")

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        """Every printable key is the pane's: the app's one-key commands (theme, preview,
        copy, quit …) never run while the chat has focus."""
        return character is not None and character.isprintable()

    def on_key(self, event: events.Key) -> None:
        """A printable key no widget of the pane took (the log, a tool card had focus)
        was meant for the message input: it goes there."""
        if not event.is_printable or event.character is None:
            return
        event.stop()
        event.prevent_default()
        focused = self.app.focused
        if focused is not None and self.query_one(ModelPicker) in focused.ancestors_with_self:
            return  # the closed picker: the letter does nothing
        box = self.query_one("#chat-input", Input)
        box.focus()
        box.insert_text_at_cursor(event.character)

    # -- setup -----------------------------------------------------------------------------

    async def on_mount(self) -> None:
        self.query_one("#chat-log", VerticalScroll).anchor()
        self.query_one(StatusLine).show(self.settings.model, None)
        await self._show_history()
        if self.session.load_problem:
            self.query_one(Banner).show(self.session.load_problem, "warning")
        else:  # until the server answers (a model may take seconds to load)
            self.query_one(Banner).show(
                f"loading: asking {server_name(self.settings.api)} at "
                f"{self.settings.resolved_host()} about "
                f"{self.settings.model or 'its models'} …", "info")
        self.run_worker(self._start(), group="chat-prepare", exclusive=True)

    async def on_unmount(self) -> None:
        if self._pump is not None and not self._pump.done():
            self._pump.cancel()
        await self.session.aclose()

    async def _start(self) -> None:
        if self.settings.model:
            await self._prepare()
            return
        self._no_models = f"still asking {self.settings.resolved_host()} for its models …"
        try:
            names = await self.session.client.tags()
        except OllamaError as exc:
            self._no_models = str(exc)
            if not self.is_attached:
                return
            self.query_one(Banner).show(str(exc), "error")
            return
        if not self.is_attached:
            return
        self.query_one(Banner).clear()
        if not names:
            self._no_models = ("the server lists no models at /v1/models"
                               if self.settings.api == "openai" else
                               "Ollama has no models: run `ollama pull qwen3:14b` (or another "
                               "model with tools)")
            self.query_one(Banner).show(self._no_models, "error")
            return
        self._no_models = None
        picker = self.query_one(ModelPicker)
        picker.offer(names)
        self.query_one(Banner).show("no --model given: choose one above (Enter opens the "
                                    "list, Enter picks)", "info")
        focused = self.app.focused
        if focused is not None and self in focused.ancestors:
            picker.focus()

    async def _prepare(self) -> bool:
        banner = self.query_one(Banner)
        try:
            facts = await self.session.prepare()
        except OllamaError as exc:
            if self.is_attached:
                banner.show(str(exc), "error")
            return False
        loaded = await self._loaded()
        if not self.is_attached:
            return False
        if self.session.load_problem:  # stays until the first turn (a history set aside)
            banner.show(self.session.load_problem, "warning")
        else:
            banner.clear()
        self.query_one(StatusLine).show(self.settings.model, facts, loaded,
                                        self.session.runner_ours)
        self._tell_window()
        if facts.tools_note:
            banner.show(facts.tools_note, "warning")
        self._refresh_budget()
        return True

    def _tell_window(self) -> None:
        """Say the chat's window to the app (its header measures against it, as the budget
        bar does) when it is new: read at start, again after each turn (a server restarted
        with another -c, a runner Ollama loaded)."""
        facts = self.session.facts
        if facts is None:
            return
        w = facts.window
        if self._fixed_window:
            told = (w.num_ctx, "server -c") if w.num_ctx else None
        elif w.num_ctx and self.session.window_used() != w.num_ctx:
            told = (self.session.window_used() or w.num_ctx, "loaded")  # newuser35 #12
        elif w.num_ctx:
            told = (w.num_ctx, "--num-ctx" if w.source == "override" else w.source)
        else:
            told = (self.loaded, "loaded") if self.loaded else None
        if told is not None and told != self._window_told:
            self._window_told = told
            self.post_message(self.WindowKnown(*told))

    async def _loaded(self) -> int | None:
        """The window Ollama has loaded for the model (``/api/ps``), remembered."""
        try:
            self.loaded = await self.session.loaded_window()
        except OllamaError:
            self.loaded = None
        return self.loaded

    def on_select_changed(self, event: Select.Changed) -> None:
        if not isinstance(event.select, ModelPicker) or event.value is Select.NULL:
            return
        event.stop()
        self.settings.model = str(event.value)
        self.session.facts = None
        # The picker takes the focus back as its list closes; then the input gets it, so
        # the next typed line is sent.
        self.call_after_refresh(self.query_one("#chat-input", Input).focus)
        self.run_worker(self._prepare(), group="chat-prepare", exclusive=True)

    def on_model_picker_typed(self, event: ModelPicker.Typed) -> None:
        """Text typed on the model list goes to the message (newuser29 #37)."""
        event.stop()
        box = self.query_one("#chat-input", Input)
        box.focus()
        box.insert_text_at_cursor(event.text)

    def on_model_picker_closed(self, event: ModelPicker.Closed) -> None:
        """A model is chosen and the list closed (the same model picked again says no
        ``Changed``): the focus goes to the input, where the typed message waits."""
        event.stop()
        self.call_after_refresh(self.query_one("#chat-input", Input).focus)

    async def _show_history(self) -> None:
        log = self.query_one("#chat-log", VerticalScroll)
        widgets: list[Any] = []
        cut: list[AssistantMessage] = []  # replies cut off mid-stream (newuser36 #8)
        pending: list[dict[str, Any]] = []
        states = journal_states(self.workspace) if any(
            "journaled" in m for m in self.session.history) else {}
        for msg in self.session.history:
            role = msg.get("role")
            if role == "user":
                widgets.append(UserMessage(str(msg.get("content") or "")))
            elif role == "assistant":
                if msg.get("content") or msg.get("thinking"):
                    widgets.append(AssistantMessage(str(msg.get("content") or ""),
                                                    str(msg.get("thinking") or "")))
                    if msg.get("partial"):  # marked where it stopped, as when it did
                        cut.append(widgets[-1])
                        widgets.append(cut_note(str(msg.get("cut") or "the reply stopped "
                                                    "here (cancelled or failed)")))
                pending = [c.get("function", {}) for c in msg.get("tool_calls") or []]
            elif role == "tool":
                fn = pending.pop(0) if pending else {}
                journaled = _journal_id(msg.get("journaled"))
                widgets.append(ToolCard(str(msg.get("tool_name") or fn.get("name") or "?"),
                                        dict(fn.get("arguments") or {}),
                                        str(msg.get("content") or ""),
                                        str(msg.get("effect") or "no effect on memory"),
                                        bool(msg.get("ok", True)),
                                        bool(msg.get("wrong_mechanism", False)),
                                        journaled, states.get(journaled or 0, GONE)))
        if widgets:
            await log.mount_all(widgets)
        for reply in cut:
            reply.mark_cut()

    # -- budget before sending -------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        if self._budget_timer is not None:
            self._budget_timer.stop()
        self._budget_timer = self.set_timer(0.3, self._refresh_budget)

    def _refresh_budget(self) -> None:
        if not self.busy:
            self.run_worker(self._update_budget, group="chat-budget", exclusive=True)

    async def _update_budget(self, text: str | None = None) -> None:
        if text is None:
            try:
                text = self.query_one("#chat-input", Input).value
            except NoMatches:  # the pane (or the app) is closing: nothing left to measure
                return
        with contextlib.suppress(NoMatches):
            self.query_one(BudgetBar).counting = True
        try:
            budget = await self.session.budget(text)
        finally:
            with contextlib.suppress(NoMatches):
                self.query_one(BudgetBar).counting = False
        with contextlib.suppress(NoMatches):  # the pane may be closing meanwhile
            self.query_one(BudgetBar).show(budget, self.loaded, self._fixed_window,
                                           self._likely)
        self._tell_block(budget.block)

    def _tell_block(self, tokens: int) -> None:
        """Say the block's count to the app when it is new (the header's figure, #6)."""
        if tokens != self._block_told:
            self._block_told = tokens
            self.post_message(self.BlockCounted(tokens))

    def _estimate_note(self, counted: int | None) -> str:
        """Why the bar's total and the server's refused count differ, when they do: a third
        figure beside the window, unexplained, reads as a bug (newuser23 #12)."""
        with contextlib.suppress(NoMatches):
            budget = self.query_one(BudgetBar).budget
            if budget is not None and counted and budget.total != counted:
                return (f" (the bar's {budget.total:,} is memtui's estimate; {counted:,} is "
                        "the server's own count, by the model's tokenizer)")
        return ""

    @property
    def _likely(self) -> int | None:
        """The window the server likely applies when the request sends no num_ctx and no
        runner is loaded (newuser37 #4)."""
        facts = self.session.facts
        if facts is None or facts.window.num_ctx or self._fixed_window:
            return None
        return likely_default(facts.version, facts.info.num_ctx_parameter)

    @property
    def _fixed_window(self) -> bool:
        facts = self.session.facts
        return facts is not None and facts.window.source == "server"

    # -- sending ---------------------------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            return
        card = self.waiting_card()
        if card is not None:  # the turn waits on the card, not on this text
            self.query_one(Banner).show("not sent: the agent waits for your answer first — "
                                        "y accept · n refuse · a always (Esc cancels the "
                                        "turn)", "info")
            card.focus()
            return
        if self.busy:
            self.query_one(Banner).show(
                f"not sent yet: {COUNTING} — it goes once counted" if self._counting else
                "a reply is still coming: wait, or press Esc to cancel it", "info")
            return
        if not self.settings.model:
            # why there is no model to choose, kept: "choose a model first" alone replaced
            # "Ollama is not running at …" (issue 32 #22)
            self.query_one(Banner).show(
                f"not sent: {self._no_models}" if self._no_models else
                "not sent: choose a model first (the list above the log)", "error")
            return
        event.input.value = ""
        self.busy = True
        self.run_worker(self._send(text), group="chat-send", exclusive=True)

    def _over_window(self, text: str) -> bool:
        """Whether to hold back a request the bar estimates past the window Ollama will use:
        Ollama would drop its front, the system prompt with the memory rules, without a
        word, and the banner said so only after the reply (newuser24 #58). Enter again on
        the same text sends it anyway (the estimate is memtui's, not Ollama's count)."""
        budget = self.query_one(BudgetBar).budget
        likely = self._likely
        window = (budget.window or self.loaded or likely) if budget is not None else None
        if budget is None or not window or budget.total <= window \
                or not cuts_silently(self.session.client) or text == self._send_anyway:
            self._send_anyway = None
            return False
        self._send_anyway = text
        facts = self.session.facts
        self.query_one(Banner).show(held_back_line(
            budget, window, not budget.window and not self.loaded,
            facts.window.num_ctx if facts is not None and not self._fixed_window else None,
            self.settings.model), "error")
        return True

    async def _pump_events(self, text: str, queue: asyncio.Queue[SessionEvent | None]) -> None:
        """Only this task iterates the session, so Esc's cancel lands inside it."""
        try:
            async for event in self.session.send(text):
                queue.put_nowait(event)
        finally:
            queue.put_nowait(None)

    async def _send(self, text: str) -> None:
        log = self.query_one("#chat-log", VerticalScroll)
        banner = self.query_one(Banner)
        if banner.kind in ("error", "truncation", "info"):
            banner.clear()
        # Counted before it goes: the first count loads the Qwen vocabulary, seconds the
        # pane said "a reply is still coming" through (newuser37 #5); said if it lasts.
        self._counting = True
        said = self.set_timer(0.3, lambda: banner.show(COUNTING, "info"))
        try:
            await self._update_budget(text)
        finally:
            self._counting = False
            said.stop()
            if COUNTING in banner.message:  # (and "not sent yet: counting …")
                banner.clear()
        if self._over_window(text):
            self.busy = False
            self._restore_input(text)
            return
        for old in self.query(".not-sent"):  # (said of the try before: this one goes on)
            await old.remove()
        user = UserMessage(text)
        # A new turn is followed to its end, even after the operator scrolled up to read
        # an earlier one (scrolling up during this turn stops the following again).
        log.anchor()
        await log.mount(user)
        queue: asyncio.Queue[SessionEvent | None] = asyncio.Queue()
        self._pump = asyncio.create_task(self._pump_events(text, queue))
        self._recalled = None
        current: AssistantMessage | None = None
        streaming: AssistantMessage | None = None  # a reply still coming in
        effects: list[str] = []
        journaled: list[int] = []  # the turn's writes, as history counts them
        missed: list[str] = []  # why each write call that wrote nothing did not
        started: list[str] = []  # the calls begun, and how many came back (newuser36 #34)
        finished = 0
        cancelled: str | None = None  # the call a cancel stopped, when one was running
        try:
            while (event := await self._next_event(queue)) is not None:
                if isinstance(event, RequestStarted):
                    self.query_one(BudgetBar).show(event.budget, self.loaded,
                                                   self._fixed_window, self._likely)
                    self._tell_block(event.budget.block)
                    current = None
                elif isinstance(event, ThinkingDelta | ContentDelta):
                    if current is None:
                        current = streaming = AssistantMessage()
                        await log.mount(current)
                    if isinstance(event, ThinkingDelta):
                        current.add_thinking(event.text)
                    else:
                        await current.add_content(event.text)
                elif isinstance(event, ReplyDone):
                    streaming = None
                    if event.stats.done_reason == "length":
                        if current is None:
                            current = AssistantMessage()
                            await log.mount(current)
                        current.mark_cut("✂ reply cut: the model stopped at the length "
                                         f"limit ({self._reason_key}: length)")
                        banner.show(self._cut_line(event), "warning")
                    if current is not None:
                        await current.finish()
                    self.query_one(ReplyStats).show(event.stats, event.budget.total)
                    if event.truncation:  # the fix first: at 80×24 the banner folds to
                        # two rows, and "what to do" was past them (newuser37 #33)
                        cut = event.truncation
                        banner.show(f"Prompt cut — Fix: {cut.fix}. "
                                    f"{cut.message.removeprefix('Prompt cut: ')}",
                                    "truncation")
                elif isinstance(event, ToolStarted):
                    started.append(event.call.name)
                elif isinstance(event, ToolFinished):
                    finished += 1
                    o = event.outcome
                    await log.mount(ToolCard(o.name, o.arguments, o.result, o.effect_text,
                                             o.ok, o.wrong_mechanism, o.journaled))
                    effects += o.effect
                    if o.journaled is not None:
                        journaled.append(o.journaled)
                    elif (why := missed_write(o)) is not None:
                        missed.append(why)
                    if o.written:
                        self.post_message(self.MemoryChanged(o.written))
                elif isinstance(event, TurnDone) and event.stopped == "max_steps":
                    banner.show(f"stopped after {event.steps} model requests without a final "
                                "answer (step limit)", "warning")
                elif isinstance(event, TurnFailed):
                    message = event.message
                    if isinstance(event.error, ContextExceeded):
                        if not self.session.history:
                            message = event.error.first_message()  # newuser23 #12
                        message += self._estimate_note(event.error.n_prompt_tokens)
                    await self._cut(streaming, f"✗ {message}")
                    banner.show(message, "error")
                    if event.unsent is not None:
                        await user.remove()
                        self._restore_input(event.unsent)
                        await self._not_sent(log, message)
                    elif streaming is None:  # stopped between two requests: said here too
                        await log.mount(Static(Content.assemble(
                            ("✗ turn stopped: ", "bold $error"), printable(message)),
                            classes="turn-summary"))
                elif isinstance(event, TurnCancelled):
                    if len(started) > finished:
                        cancelled = started[finished]
                    await self._cut(streaming, "reply cancelled")
                    banner.show("reply cancelled", "info")
                    if event.unsent is not None:
                        await user.remove()
                        self._restore_input(event.unsent)
        finally:
            if current is not None:
                await current.finish()
            self.busy = False
            self._pump = None
            self.turns += 1
            problem, self.session.state_problem = self.session.state_problem, None
            if problem:
                with contextlib.suppress(NoMatches):
                    self.query_one(Banner).show(problem, "warning")
            with contextlib.suppress(NoMatches):
                turn = self.session.turn
                root = self.workspace.root
                summary = turn_summary(turn.number if turn else None, journaled, effects,
                                       missed, cancelled,
                                       lambda p: os.path.lexists(root / p))
                if summary is not None:
                    await log.mount(summary)
        facts = self.session.facts
        if facts is not None:
            loaded = await self._loaded()
            with contextlib.suppress(NoMatches):
                self.query_one(StatusLine).show(self.settings.model, facts, loaded,
                                                self.session.runner_ours)
            self._tell_window()
        self._refresh_budget()

    async def _not_sent(self, log: VerticalScroll, message: str) -> None:
        """Say where the operator is looking, at the foot of the log above the input, that
        the message was not sent and why (newuser33 #14: with the server gone Enter seemed
        to do nothing, the reason 25 rows up in the banner); one such line at a time."""
        for old in self.query(".not-sent"):
            await old.remove()
        log.anchor()
        await log.mount(Static(Content.assemble(
            ("✗ not sent: ", "bold $error"), printable(message),
            (" (your message is back in the input: Enter sends it again)", "dim")),
            classes="turn-summary not-sent"))

    async def _cut(self, reply: AssistantMessage | None, why: str) -> None:
        """A reply that stopped mid-stream: mark where it was cut and say why under it,
        where the operator is reading (the banner at the top says it too)."""
        if reply is None:
            return
        await reply.finish()
        reply.mark_cut()  # not the length label: the note under it says why
        await self.query_one("#chat-log", VerticalScroll).mount(cut_note(why), after=reply)

    async def _next_event(self, queue: asyncio.Queue[SessionEvent | None]) -> SessionEvent | None:
        """The next event; text deltas waiting in a row come merged into one, so a reply
        that streams faster than the pane draws never builds a backlog."""
        if self._held:
            event = self._held.pop()
        else:
            event = await queue.get()
        if not isinstance(event, ThinkingDelta | ContentDelta):
            return event
        kind, parts = type(event), [event.text]
        while not queue.empty():
            nxt = queue.get_nowait()
            if type(nxt) is not kind:
                self._held.append(nxt)
                break
            parts.append(nxt.text)  # type: ignore[union-attr]
        return kind("".join(parts))

    def _cut_line(self, event: ReplyDone) -> str:
        window = event.budget.window
        room = f"the window ({window:,} tokens) filled up" if window else "it hit its limit"
        fix = ("restart the server with a larger -c" if self._fixed_window
               else "raise --num-ctx")
        return (f"Reply cut: the model stopped mid-reply because {room} "
                f"({self._reason_key} length); what it wrote is kept. Fix: {fix}, or start "
                "a new chat (ctrl+n)")

    @property
    def _reason_key(self) -> str:
        """The field that said the reply ran out of room, as this server's API names it."""
        return "finish_reason" if self.settings.api == "openai" else "done_reason"

    def _restore_input(self, text: str) -> None:
        box = self.query_one("#chat-input", Input)
        if not box.value:
            box.value = text

    # -- actions ---------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc cancels only while a reply is coming; otherwise it is not ours (hidden from
        the footer, and the key goes on to the app). Up/Down recall messages only in the
        input."""
        if action == "cancel":
            return self.busy
        if action == "recall":
            focused = self.app.focused
            return focused is not None and focused.id == "chat-input"
        return True

    def action_recall(self, step: int) -> None:
        """Up: the message sent before the one shown (Down: after), like a shell; Down past
        the newest brings back what the input held before Up (newuser28 #30: a message a
        refused request put back was lost after one Up and Down)."""
        sent = [str(m.get("content") or "") for m in self.session.history
                if m.get("role") == "user"]
        if not sent:
            return
        box = self.query_one("#chat-input", Input)
        if self._recalled is None or self._recalled >= len(sent):  # the draft is shown
            self._draft = box.value
        at = len(sent) if self._recalled is None else self._recalled
        at = max(0, min(at + step, len(sent)))
        self._recalled = at
        box.value = sent[at] if at < len(sent) else self._draft
        box.cursor_position = len(box.value)

    def waiting_card(self) -> ApprovalCard | None:
        """The agent's question still waiting for an answer, if any."""
        for card in self.query(ApprovalCard):
            if card.decision is None and card.can_focus:
                return card
        return None

    def action_focus_in_pane(self, step: int) -> None:
        """Move the focus ``step`` places around the pane: the input, the log (a widget
        focused inside it counts as the log), the model picker while shown, the input."""
        card = self.waiting_card()
        if card is not None:  # Tab stays on the question (newuser25 #37: it left for the
            # input, where y/n/a were typed as text and the card waited on)
            ring: list[Widget] = [card, *card.query(Button)]
            focused = self.app.focused
            at = ring.index(focused) if focused in ring else (-1 if step > 0 else 0)
            ring[(at + step) % len(ring)].focus()
            return
        box = self.query_one("#chat-input", Input)
        log = self.query_one("#chat-log", VerticalScroll)
        picker = self.query_one(ModelPicker)
        chooser = [w for w in self.screen.focus_chain if picker in w.ancestors_with_self]
        chain = [log, *chooser, box]
        focused = self.app.focused
        if focused is not None and log in focused.ancestors:
            focused = log
        at = chain.index(focused) if focused in chain else (-1 if step > 0 else 0)
        chain[(at + step) % len(chain)].focus()

    def action_cancel(self) -> None:
        if self._pump is not None and not self._pump.done():
            self._pump.cancel()

    def action_undo_turn(self) -> None:
        """Undo every write of the agent's newest turn as one step, after a confirmation
        (the checks of ``memtui undo``: a file changed since is named, never overwritten)."""
        if self.busy:
            self.query_one(Banner).show("a reply is still coming: press Esc first, then "
                                        f"{UNDO_KEY} undoes the turn's writes", "info")
            return
        self.run_worker(self._undo_turn(), group="chat-undo", exclusive=True)

    async def _undo_turn(self) -> None:
        from memtui.tui import curate

        done = await curate.run_undo_turn(self.app, self.workspace,
                                          own=self.session.own_turns)
        if done is None or not self.is_attached:
            return
        note = Static(Content.assemble(("↶ ", "bold $success"),
                                       (printable(f"undid {done.label}: {done.outcome()}"),
                                        "dim")),
                      classes="turn-summary undo-note")
        for card in self.query(ToolCard):
            if card.journaled in done.ids:
                card.mark_undone()
        self._refresh_budget()  # the index it put back is what the next send carries
        with contextlib.suppress(NoMatches):
            await self.query_one("#chat-log", VerticalScroll).mount(note)

    def recheck_undone(self) -> None:
        """The workspace's files changed outside the pane (`memtui undo --turn` from a
        shell, say): cards whose write is still shown undoable re-read the journal, and the
        budget bar measures the index again, as the header does (newuser36 #2: it kept
        the old block until a key was typed)."""
        self._refresh_budget()
        if any(c.journaled is not None and c.state == KEPT for c in self.query(ToolCard)):
            self.run_worker(self._recheck_undone(), group="chat-undone", exclusive=True)

    async def _recheck_undone(self) -> None:
        states = await self.session.off_loop(journal_states, self.workspace)
        for card in self.query(ToolCard):
            if card.state == KEPT and states.get(card.journaled or 0) == UNDONE:
                card.mark_undone()

    async def action_new_chat(self) -> None:
        """Ask first: the conversation is gone once cleared (memory files stay)."""
        if self.busy:
            self.query_one(Banner).show("a reply is still coming: press Esc first", "info")
            return
        if not self.session.history:
            await self._new_chat()
            return
        from memtui.tui.dialogs.confirm import ConfirmScreen

        n = len([m for m in self.session.history if m.get("role") == "user"])
        ask = ConfirmScreen("Start a new chat?",
                            [f"This clears the conversation ({n} message"
                             f"{'' if n == 1 else 's'} sent) from the pane and from "
                             f"{self.session.history_path.name}.",
                             "Memory files are kept."], confirm="New chat", danger=True)

        def answered(yes: bool | None) -> None:
            if yes:
                self.run_worker(self._new_chat(), group="chat-new", exclusive=True)

        self.app.push_screen(ask, answered)

    async def _new_chat(self) -> None:
        self.session.new_chat()
        self._recalled = None
        await self.query_one("#chat-log", VerticalScroll).remove_children()
        self.query_one(ReplyStats).clear()
        self.query_one(Banner).show("new chat: history cleared (memory files are kept)",
                                    "info")
        self._refresh_budget()


def cut_note(why: str) -> Static:
    """The line under a reply cut off mid-stream, saying why."""
    return Static(Content.assemble(("⋯ cut off here: ", "bold $error"), printable(why)),
                  classes="cut-note")


def journal_states(workspace: Workspace) -> dict[int, str]:
    """Each journal record's id → ``KEPT`` or ``UNDONE``, as the journal has it now (a card
    from the chat history says what undo can still do, not what it could when saved);
    empty when the journal cannot be read."""
    try:
        return {r["id"]: UNDONE if r.get("undone") else KEPT
                for r in Journal(workspace).records()}
    except (Refused, OSError):
        return {}


def _journal_id(value: object) -> int | None:
    """A journal record id kept in the chat history (untrusted: anything else is None)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


#: A change done with no journal record (a link deleted), as the turn line counts it.
NOT_UNDOABLE = "not undoable"


def missed_write(outcome: ToolOutcome) -> str | None:
    """Why a call of a writing tool wrote nothing ("refused": by the operator or the write
    rule; "failed"; "unchanged"), or changed memory with no record ("not undoable": a
    symbolic link deleted, newuser32 #27), or None for a call that is not a write."""
    if outcome.name not in WRITING_TOOLS or outcome.journaled is not None:
        return None
    if outcome.not_undoable:
        return NOT_UNDOABLE
    if outcome.result.startswith("error: refused"):
        return "refused"
    return "failed" if not outcome.ok else "unchanged"


def orphan_states(effects: list[str]) -> dict[str, bool]:
    """Each memory the effects say was created or lost its index line, in order, and
    whether the last word on it leaves it linked (newuser36 #1: a rewrite of the index that
    orphaned every memory was "1 write to memory", no orphan named)."""
    state: dict[str, bool] = {}
    for e in effects:
        if e.startswith("created ") and e.endswith(NOT_INDEXED):
            state[e[len("created "):].rsplit(" — ", 1)[0]] = False
        elif e.endswith((UNLINKED, UNNAMED)):
            state[e[:-len(UNLINKED if e.endswith(UNLINKED) else UNNAMED)]] = False
        elif e.endswith((LINKED, NAMED)):
            path = e[:-len(LINKED if e.endswith(LINKED) else NAMED)]
            if path in state:
                state[path] = True
    return state


def turn_summary(number: int | None, journaled: list[int], effects: list[str],
                 missed: list[str] | None = None, cancelled: str | None = None,
                 on_disk: Callable[[str], bool] | None = None) -> Static | None:
    """One line after a turn that wrote memory, or tried to: its number and its writes,
    counted and numbered as ``memtui history`` lists them ("turn 4: 2 writes to memory
    (#5–#6)"), the write calls that wrote nothing and why ("no write to memory (1 refused,
    1 failed)": the model's "I saved it" is not left standing alone, newuser28 #5), and how
    many memories it left that no index line reaches ("1 new orphan"), in the warning
    colour. A turn cancelled at a call, after others had run, says where it stopped
    (``cancelled``: that call's tool). A new orphan is one still on disk as the turn
    ends (``on_disk``; newuser36 #33: files undone mid-turn were named as orphans)."""
    missed = missed or []
    if not journaled and not effects and not missed:
        return None
    orphans = [p for p, linked in orphan_states(effects).items()
               if not linked and (on_disk is None or on_disk(p))]
    span = (f" (#{min(journaled)}" + (f"–#{max(journaled)}" if len(journaled) > 1 else "")
            + ")") if journaled else ""
    label = f"turn {number}" if number is not None else "turn"
    writes = plural(len(journaled), "write") if journaled else "no write"
    why = ", ".join(f"{missed.count(w)} {w}" for w in ("refused", "failed", "unchanged")
                    if w in missed)
    links = missed.count(NOT_UNDOABLE)
    parts: list[str | tuple[str, str]] = [(f"{label}: {writes} to memory{span}", "dim")]
    if links:
        parts.append((f" · {plural(links, 'symbolic link')} deleted, not journaled: undo "
                      "cannot bring " + ("it" if links == 1 else "them") + " back",
                      "bold $warning"))
    if why:
        parts.append((f" ({why})", "bold $warning" if not journaled else "dim"))
    if orphans:
        word = "orphan" if len(orphans) == 1 else "orphans"
        parts += [" · ", (f"{len(orphans)} new {word} ({printable(', '.join(orphans))}: not in the "
                          "index, never seen)", "bold $warning")]
    # the links it left leading nowhere, as its orphans (newuser33 #21: "2 writes to
    # memory" and nothing of the two broken links its tool cards named)
    broken = list(dict.fromkeys(e[len(BROKEN_LINK):].split(" → ", 1)[0] for e in effects
                                if e.startswith(BROKEN_LINK)))
    if broken:
        shown = ", ".join(broken[:5]) + (f" and {len(broken) - 5} more" if len(broken) > 5
                                         else "")
        parts += [" · ", (f"{plural(len(broken), 'new broken link')} ({printable(shown)})",
                          "bold $warning")]
    dangling = list(dict.fromkeys(e[len(DANGLING):] for e in effects
                                  if e.startswith(DANGLING)))
    if dangling:
        shown = ", ".join(dangling[:5]) + (f" and {len(dangling) - 5} more"
                                           if len(dangling) > 5 else "")
        parts += [" · ", (f"{len(dangling)} new dangling [[ ]] ({printable(shown)})",
                          "bold $warning")]
    # what the turn wrote that a check flags: a credential, an instruction to the agent
    # (newuser36 #23), said on the line as on the card
    for head in HAZARDS:
        where = list(dict.fromkeys(e[len(head):].split(" — ", 1)[0] for e in effects
                                   if e.startswith(head)))
        if where:
            shown = ", ".join(where[:3]) + (f" and {len(where) - 3} more"
                                            if len(where) > 3 else "")
            parts += [" · ", (f"{head}{printable(shown)}", "bold $warning")]
    if cancelled:
        parts.append((f" · cancelled (Esc) at {printable(cancelled)}: it and the calls "
                      "after it did not run", "dim"))
    return Static(Content.assemble(*parts), classes="turn-summary")

