"""The operator's answer to a risky agent call, asked in the chat log (memtui.agent.approval).

:func:`approver_for` gives the pane's session its approver: each question is a card mounted
at the end of the log, focused, that the turn waits on. ``y`` (or *Accept*) runs the call,
``n`` (or *Refuse*) answers the model with a refusal and touches nothing, ``a`` (or *Always*)
runs it and every later call of that kind in this session without asking. The card takes
every printable key while it waits (a sentence typed into it never reaches the view, nor
answers by chance: keys and clicks in its first half second are ignored). Esc cancels the
turn, and the call with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.css.query import NoMatches
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from memtui.agent.approval import Approver, Decision, Request
from memtui.core.reporting.safe_output import printable

#: Keys and clicks this soon after the card appears are ignored (a key typed for something
#: else as it appeared never answers it).
ARM_SECONDS = 0.5
#: A ``y``, ``n`` or ``a`` answers once this long has passed with no other key: within a
#: word being typed it is a letter, not an answer (newuser28 #22: "typed while waiting"
#: accepted a write with its y and every later one with its a).
QUIET_SECONDS = 0.35
KEYS: dict[str, Decision] = {"y": "accept", "n": "refuse", "a": "always"}
#: What each answer does, as the help (?) lists it beside its key (newuser28 #10).
ANSWER_HELP: dict[Decision, str] = {
    "accept": "on the agent's question (its card in the chat log): run the call",
    "refuse": "on the agent's question: run nothing, and tell the model you refused",
    "always": "on the agent's question: run it, and every later call of that kind this "
              "session without asking"}
#: How the question waits, for the help (?).
WAITING_HELP = ("the agent's deletes wait for your answer on a card in the chat log (and "
                "its writes too, with ask-before = [\"delete\", \"write\"] under [agent] "
                "in .memtui.toml); while it waits it takes every printable key, and y, n "
                "or a answers only when no other key follows within "
                f"{QUIET_SECONDS} s; Tab moves between its buttons; Esc cancels the turn")
DONE = {"accept": ("✓ accepted", "bold $success"), "refuse": ("✗ refused", "bold $error"),
        "always": ("✓ accepted, and from now on in this session", "bold $success")}


class ApprovalCard(Vertical):
    """One question: what the agent wants to do, and three answers."""

    DEFAULT_CSS = """
    ApprovalCard { margin: 0 0 0 2; padding: 0 1; border-left: thick $warning; height: auto; }
    ApprovalCard:focus-within, ApprovalCard:focus { background: $warning 15%; }
    ApprovalCard Horizontal { height: auto; }
    ApprovalCard Button { margin: 0 1 0 0; min-width: 10; }
    """
    can_focus = True
    BUTTONS: ClassVar[list[tuple[str, str, Decision]]] = [
        ("Accept (y)", "success", "accept"), ("Refuse (n)", "error", "refuse"),
        ("Always this session (a)", "warning", "always")]

    def __init__(self, request: Request, back: Widget | None = None) -> None:
        super().__init__(classes="approval")
        self.request = request
        self.back = back  # focused again once answered (the message input)
        self.answer: asyncio.Future[Decision] = asyncio.get_running_loop().create_future()
        self.decision: Decision | None = None
        self._shown = time.monotonic()
        #: The answer key waiting for its quiet time, and its timer.
        self._pending: Timer | None = None

    def compose(self) -> ComposeResult:
        r = self.request
        yield Static(Content.assemble(
            ("⚠ the agent asks to ", "bold $warning"), (printable(r.summary), "bold"),
            (f"  ({r.name}; [agent] ask-before lists '{r.kind}')", "dim"),
            *([("\n⚠ " + printable(r.warning), "bold $error")] if r.warning else [])),
            id="ask-what")
        yield Static(Content("y accept · n refuse · a always for this session · Esc "
                             "cancels the turn"), classes="ask-keys")
        with Horizontal():
            for label, variant, decision in self.BUTTONS:
                yield Button(label, variant=variant,  # type: ignore[arg-type]
                             id=f"ask-{decision}", compact=True)

    def on_mount(self) -> None:
        self._shown = time.monotonic()
        self.scroll_visible()
        self.focus()

    def _armed(self) -> bool:
        return time.monotonic() - self._shown >= ARM_SECONDS

    def on_key(self, event: events.Key) -> None:
        if self.decision is not None or not event.is_printable:
            return
        event.stop()  # while it waits, the card takes every printable key
        event.prevent_default()
        # A key within QUIET_SECONDS of the last one is typing: neither it nor the key
        # before it answers, and the quiet time starts again.
        typing = self._pending is not None
        if self._pending is not None:
            self._pending.stop()
        if event.character in KEYS and self._armed() and not typing:
            answer = KEYS[event.character]
            self._pending = self.set_timer(QUIET_SECONDS, lambda: self._answer(answer))
        else:
            self._pending = self.set_timer(QUIET_SECONDS, self._quiet)

    def _answer(self, answer: Decision) -> None:
        self._pending = None
        self.decide(answer)

    def _quiet(self) -> None:
        self._pending = None

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.decision is None and self._armed() and event.button.id:
            self.decide(event.button.id.removeprefix("ask-"))  # type: ignore[arg-type]

    def decide(self, decision: Decision) -> None:
        """Answer the question (once) and show the answer in place of the buttons."""
        if self.decision is not None:
            return
        if self._pending is not None:
            self._pending.stop()
            self._pending = None
        self.decision = decision
        if not self.answer.done():
            self.answer.set_result(decision)
        self._settle(*DONE[decision])

    def cancelled(self) -> None:
        """The turn was cancelled while the question waited: this call did not run, nor
        any after it (calls before it may have: their cards say so, newuser36 #34)."""
        if self.decision is None:
            self._settle("not answered: the turn was cancelled; this call and any after "
                         "it did not run", "dim")

    def _settle(self, text: str, style: str) -> None:
        with contextlib.suppress(NoMatches):
            self.query_one(Horizontal).remove()
            self.query_one(".ask-keys", Static).update(Content.styled(text, style))
        focused = self.has_focus_within
        self.can_focus = False
        self.set_class(True, "-answered")
        if focused and self.back is not None and self.back.is_attached:
            self.back.focus()


def approver_for(pane: Widget) -> Approver:
    """The approver of ``pane``'s session: a card at the end of its ``#chat-log``."""

    async def ask(request: Request) -> Decision:
        card = ApprovalCard(request, pane.query("#chat-input").first(Input))
        pane.add_class("-asking")  # the pane hides its model list while the card waits
        await pane.query_one("#chat-log").mount(card)
        try:
            return await card.answer
        except asyncio.CancelledError:
            card.cancelled()
            raise
        finally:
            if pane.is_attached:
                pane.remove_class("-asking")

    return ask
