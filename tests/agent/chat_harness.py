"""The app with its chat pane open, for the tests that run a turn in it (`conftest.chat_app`;
closing36: test_cancel_after_calls_ran, test_turn_line_orphans and test_effect_agent_terms
each opened it the same way), and a one-call model."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .fake_ollama import FakeModel, Reply, step_of


@dataclass
class ChatApp:
    """The whole app, its chat pane open and its model's facts in: what `chat_app` gives."""

    app: Any
    pilot: Any
    pane: Any

    async def turn(self, text: str) -> None:
        """Send ``text`` and wait for its turn to end (and its cards and line to show)."""
        from .test_chat_pane import send, wait_until

        done = self.pane.turns + 1
        await send(self.pilot, text)
        await wait_until(self.pilot, lambda: self.pane.turns == done)
        await self.pilot.pause(0.2)

    def turn_line(self) -> str:
        """The first turn's summary line ("turn 1: …")."""
        from textual.widgets import Static

        return next(str(w.render()) for w in self.app.query(".turn-summary")
                    if isinstance(w, Static) and str(w.render()).startswith("turn"))


def one_call(name: str, tool: str, args: dict[str, Any]) -> FakeModel:
    """A model that makes one tool call, then says "Done."."""
    def script(body: dict[str, Any]) -> Reply:
        return Reply(content="Done.") if step_of(body) else Reply(tool_calls=[(tool, args)])
    return FakeModel(name, script)
