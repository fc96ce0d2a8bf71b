"""How many tool calls the agent may make: per reply and per turn (issue 31 §6).

A model can answer with thousands of tool calls in one reply. The session runs at most
:data:`MAX_CALLS_PER_REPLY` of a reply and :data:`MAX_CALLS_PER_TURN` in one user turn; the
first call past either cap gets one tool error the model reads, naming the cap and how many
calls were not run, and the calls after it are left out of the conversation (history keeps
the reply's calls up to the refused one, so every call it holds has its answer). The calls
that run are audited once, as a batch (:meth:`memtui.agent.tools.ToolBox.settle`).
"""

from __future__ import annotations

from dataclasses import dataclass

from memtui.agent.ollama import ToolCall
from memtui.agent.tool_outcome import ToolOutcome

MAX_CALLS_PER_REPLY = 32
MAX_CALLS_PER_TURN = 128
#: Calls of one reply kept at all (the rest are only counted): those that may run, and the
#: one that carries the refusal.
MAX_CALLS_KEPT = MAX_CALLS_PER_REPLY + 1


@dataclass
class ReplyCalls:
    """The calls of one reply, as they arrive: the first :data:`MAX_CALLS_KEPT` kept, all
    counted."""

    kept: list[ToolCall]
    total: int = 0

    def add(self, calls: list[ToolCall], dropped: int = 0) -> None:
        room = MAX_CALLS_KEPT - len(self.kept)
        self.kept.extend(calls[:max(room, 0)])
        self.total += len(calls) + dropped


@dataclass
class CallBudget:
    """The calls one turn has run so far."""

    ran: int = 0

    def split(self, reply: ReplyCalls) -> tuple[list[ToolCall], ToolOutcome | None]:
        """The calls of ``reply`` to run, and the refusal for the rest (None: all run)."""
        room = max(min(MAX_CALLS_PER_REPLY, MAX_CALLS_PER_TURN - self.ran), 0)
        run = reply.kept[:room]
        self.ran += len(run)
        left = reply.total - len(run)
        if left <= 0:
            return run, None
        first = reply.kept[len(run)]
        after = f"this call and the {left - 1:,} after it were" if left > 1 else \
            "this call was"
        if room < MAX_CALLS_PER_REPLY:  # the turn's cap binds first
            why = (f"this turn has run {self.ran} tool calls, the most one turn may "
                   f"({MAX_CALLS_PER_TURN}); {after} not run. Answer the user with what "
                   "you have")
        else:
            why = (f"this reply holds {reply.total:,} tool calls and at most "
                   f"{MAX_CALLS_PER_REPLY} run per reply; the first {len(run)} ran, {after} "
                   f"not run. Make at most {MAX_CALLS_PER_REPLY} calls in one reply")
        args = first.arguments if isinstance(first.arguments, dict) else {}
        return run, ToolOutcome(first.name, args, f"error: refused — {why}", ok=False)
