"""The operator's approval of the agent's risky calls, in the app (docs/chat.md, #32).

A small model obeyed an instruction planted in a memory and deleted files (6 runs of 6).
In the app, a call of a kind listed in ``ask_before`` (``.memtui.toml``: ``[agent]
ask-before``; default ``["delete"]``) waits for the operator before it runs: *accept* runs
it, *refuse* answers the model with a refusal (nothing is touched), *always* runs it and
every later call of that kind in this session without asking again.

Kinds: ``delete`` (``delete_file``, and a ``write_file`` or ``edit_file`` that leaves a memory
or the index with less than a quarter of its bytes: a delete in effect, newuser32 #25) and
``write`` (``write_file`` and ``edit_file``). A write
outside the memory files and the index is never asked about: the write rule
(:mod:`memtui.core.agent_paths`) refuses it whatever the operator would say, as it refuses a
path that leaves the workspace, so the operator is only asked about what could happen.

``memtui eval`` measures the model, so it attaches no approver and nothing is asked there.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from memtui.agent.ollama import ToolCall
from memtui.agent.settings import DEFAULT_ASK_BEFORE
from memtui.agent.tool_arguments import one_line
from memtui.agent.tool_outcome import ToolOutcome
from memtui.agent.tools import ToolBox

#: What ``ask-before`` may list, and the tools each covers.
KINDS: dict[str, tuple[str, ...]] = {"delete": ("delete_file",),
                                     "write": ("write_file", "edit_file")}
DEFAULT_ASK: tuple[str, ...] = DEFAULT_ASK_BEFORE

Decision = Literal["accept", "refuse", "always"]
#: How many times a call is asked about while its file changes under the question.
ASK_AGAIN = 3


@dataclass(frozen=True)
class Request:
    """One call waiting for the operator."""

    kind: str  # a key of KINDS
    name: str
    arguments: dict[str, Any]
    #: What the operator must know before answering (a delete that cannot be undone).
    warning: str = ""

    @property
    def path(self) -> str:
        return one_line(self.arguments.get("path", "?"), 200)

    @property
    def summary(self) -> str:
        """What the call would do, in a few words ("delete memory/x.md")."""
        verb = {"delete_file": "delete", "write_file": "write", "edit_file": "edit"}
        return f"{verb.get(self.name, self.name)} {self.path}"


Approver = Callable[[Request], Awaitable[Decision]]


def refusal(request: Request) -> ToolOutcome:
    """The tool result the model reads when the operator refused its call."""
    return ToolOutcome(request.name, request.arguments,
                       f"error: refused by the operator — they did not allow this "
                       f"{request.name} ({request.summary}); nothing was changed. Do not "
                       "try it again; say what you wanted to do and why.", ok=False)


@dataclass
class Gate:
    """Asks the :attr:`approver` (the chat pane) before a call of a kind in :attr:`ask`;
    with no approver (``memtui eval``) nothing is asked."""

    tools: ToolBox
    ask: frozenset[str] = frozenset(DEFAULT_ASK)
    approver: Approver | None = None
    #: Kinds the operator allowed for the rest of this session ("always").
    always: set[str] = field(default_factory=set)

    def request(self, call: ToolCall) -> Request | None:
        """The question this call raises, or None when it runs without asking."""
        if self.approver is None or not isinstance(call.arguments, dict):
            return None
        kind = next((k for k, names in KINDS.items() if call.name in names), None)
        if kind is None:
            return None
        asked = kind in self.ask and kind not in self.always
        may_delete = kind == "write" and "delete" in self.ask and "delete" not in self.always
        if not asked and not may_delete:
            return None
        if call.name not in self.tools.names or self.tools.refused_outright(call.arguments):
            return None  # the tool refuses it whatever the answer: nothing to ask
        if call.name == "delete_file" and self.tools.missing(call.arguments):
            return None  # no such file: the call fails at once, nothing to ask (newuser36 #3)
        warning = ""
        if may_delete and (drop := self.tools.drops_most(call.name, call.arguments)):
            kind, warning = "delete", drop  # an overwrite that drops most of a file
        elif not asked:
            return None
        if call.name == "delete_file" and self.tools.deletes_a_link(call.arguments):
            warning = (f"{one_line(call.arguments.get('path', '?'), 200)} is a symbolic link: "
                       "only the link goes, and a link is not journaled — this delete "
                       "cannot be undone")  # newuser32 #27
        planted = self.tools.planted_in_reads()
        if planted:  # what the agent read this turn asks the model things (newuser41 #17)
            said = (f"this turn the agent read text the audit flags as an order to the model "
                    f"({', '.join(planted[:3])}{' …' if len(planted) > 3 else ''}): this "
                    "call may be that order obeyed")
            warning = f"{warning}; {said}" if warning else said
        return Request(kind, call.name, call.arguments, warning)

    async def check(self, call: ToolCall) -> ToolOutcome | None:
        """None when the call may run (not asked, accepted, or always); else the refusal
        to answer the model with. A cancel while waiting is raised on (the turn stops).

        An answer holds for the file as it was when asked: when it changed while the
        operator was looking at the question, they are asked again, saying so
        (newuser36 #25: an outside edit made while the card waited was overwritten on
        Accept); after :data:`ASK_AGAIN` changes in a row the call is refused."""
        request = self.request(call)
        if request is None or self.approver is None:
            return None
        for _ in range(ASK_AGAIN):
            seen = self.tools.fingerprint(call.arguments)
            decision = await self.approver(request)
            if decision == "always":
                self.always.add(request.kind)
            if decision not in ("accept", "always"):
                return refusal(request)
            if self.tools.fingerprint(call.arguments) == seen:
                return None
            if call.name == "delete_file" and self.tools.missing(call.arguments):
                return None  # deleted from outside meanwhile: the call says it is not there
            again = self.request(call) or request
            changed = (f"{request.path} changed while you were asked (an edit from outside "
                       "memtui): asked again about the file as it is now")
            request = Request(again.kind, call.name, call.arguments,
                              f"{changed}; {again.warning}" if again.warning else changed)
        return ToolOutcome(call.name, call.arguments,
                           f"error: {request.path} kept changing while the operator was "
                           "asked; nothing was changed. Read it again before writing it.",
                           ok=False)
