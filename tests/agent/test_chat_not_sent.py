"""With the model server gone, Enter in the chat seemed to do nothing: the message went
back into the input and the reason was said only in the banner, ~25 rows above it; and each
failed send took a turn number, so the next answered turn was "turn 4" after one real one
(newuser33 #14). The failure is said in the log, under where the message was, and only
turns the model answered are numbered. The real app under Pilot, against the emulator,
stopped and started again on its port."""

from __future__ import annotations

import contextlib
import socket
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane

from .fake_ollama import FakeOllama, orphan_writer
from .test_chat_pane import turns, wait_until


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))


class Killable(FakeOllama):
    """The emulator, whose ``kill`` ends its open connections too, as a killed server's
    end (``stop`` alone leaves a kept-alive connection served)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.connections: list[socket.socket] = []

    @property
    def handler(self) -> type:
        base, kept = super().handler, self.connections

        class Handler(base):  # type: ignore[valid-type,misc]
            def setup(self) -> None:
                super().setup()
                kept.append(self.connection)
        return Handler

    def kill(self) -> None:
        self.stop()
        for conn in self.connections:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                conn.close()


def summaries(app: MemtuiApp) -> list[str]:
    return [str(s.render()) for s in app.query(".turn-summary").results(Static)]


async def test_a_failed_send_is_said_in_the_log_and_takes_no_turn_number(
        ws: Workspace) -> None:
    fake = Killable([orphan_writer("writer")]).start()
    port = int(fake.url.rsplit(":", 1)[1])
    app = MemtuiApp(ws, settings=AgentSettings(model="writer", host=fake.url), watch=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_until(pilot, lambda: app.audits >= 1)
            await pilot.press("c")
            await wait_until(pilot, lambda: bool(app.query(ChatPane)))
            pane = app.query_one(ChatPane)
            box = app.query_one("#chat-input", Input)
            await wait_until(pilot, lambda: app.focused is box)
            await pilot.press(*"remember me", "enter")
            await wait_until(pilot, turns(pane, 1))
            await wait_until(pilot, lambda: any(s.startswith("turn 1:")
                                                for s in summaries(app)))
            fake.kill()  # the server is gone
            for attempt in (2, 3):
                await pilot.press(*"again", "enter") if attempt == 2 else \
                    await pilot.press("enter")
                await wait_until(pilot, turns(pane, attempt))
                await wait_until(pilot, lambda: bool(app.query(".not-sent")))
                lines = [str(s.render()) for s in app.query(".not-sent").results(Static)]
                assert len(lines) == 1  # one at a time, at the foot of the log
                assert lines[0] == (
                    f"✗ not sent: Ollama is not running at http://127.0.0.1:{port}: start it "
                    "with `ollama serve` (or point --host / OLLAMA_HOST at it) (your message "
                    "is back in the input: Enter sends it again)")
                assert box.value == "again"
            fake = FakeOllama([orphan_writer("writer")]).start(port)  # back
            await pilot.press("enter")
            await wait_until(pilot, turns(pane, 4))
            await wait_until(pilot, lambda: len(summaries(app)) >= 2)
            assert not app.query(".not-sent")  # said of the try before: gone
            # the model answered two turns: the second is turn 2, not turn 4
            assert [s.split(":")[0] for s in summaries(app)] == ["turn 1", "turn 2"]
    finally:
        fake.stop()
