"""newuser36 #30: two chats on one workspace (two app windows, two ``serve`` tabs) both
numbered their turn "turn 1" — each took the next number when its message was sent, before
either wrote — and ctrl+z in one window undid the other window's turn without a word. A
turn's number is now claimed at its first write, under the workspace lock, past the
journal's highest; and ctrl+z names a newest turn this chat did not make before anything is
undone. Real sessions on the Ollama emulator, the real app under Pilot."""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path

import pytest

from memtui.agent.session import ChatSession, TurnDone
from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.edit.journal import Journal
from memtui.tui.app import MemtuiApp
from memtui.tui.dialogs.confirm import ConfirmScreen

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of
from .test_chat_pane import wait_until


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))


def writer() -> FakeModel:
    """Writes memory/<the last word said>.md, then answers."""
    def script(body: dict[str, object]) -> Reply:
        if step_of(body) > 0:
            return Reply(content="ok")
        word = str(body["messages"][-1]["content"]).split()[-1]  # type: ignore[index]
        return Reply(tool_calls=[("write_file", {"path": f"memory/{word}.md",
                                                 "content": f"# {word}\n"})])
    return FakeModel("w", script)


async def test_two_chats_sending_at_once_get_two_turn_numbers(ws: Workspace,
                                                              fake: FakeOllama) -> None:
    fake.add(writer())
    settings = AgentSettings(model="w", host=fake.url)
    a = ChatSession(ws, settings, today=dt.date(2026, 12, 7))
    b = ChatSession(ws, settings, today=dt.date(2026, 12, 7))
    try:
        async def turn(s: ChatSession, text: str) -> list[object]:
            return [e async for e in s.send(text)]

        done = await asyncio.gather(turn(a, "write alpha"), turn(b, "write beta"))
        assert all(isinstance(events[-1], TurnDone) for events in done), \
            [events[-1] for events in done]  # (what ended a turn otherwise: CI 42 saw one)
    finally:
        await a.aclose()
        await b.aclose()
    numbers = sorted(r["turn"]["number"] for r in Journal(ws).records())
    assert numbers == [1, 2]
    assert {a.turn.number, b.turn.number} == {1, 2}  # type: ignore[union-attr]
    assert a.turn.id != b.turn.id  # type: ignore[union-attr]


async def test_ctrl_z_names_another_chats_turn_before_undoing_it(ws: Workspace,
                                                                 fake: FakeOllama) -> None:
    fake.add(writer())
    settings = AgentSettings(model="w", host=fake.url)
    other = ChatSession(ws, settings, today=dt.date(2026, 12, 7))
    try:
        _ = [e async for e in other.send("write elsewhere")]  # the other window's turn
    finally:
        await other.aclose()
    assert (ws.root / "memory" / "elsewhere.md").exists()
    app = MemtuiApp(ws, settings=settings, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1)
        await pilot.press("c")
        await wait_until(pilot, lambda: bool(app.query("ChatPane")))
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        screen = app.screen
        assert isinstance(screen, ConfirmScreen)
        assert "another chat's turn" in screen.heading
        assert screen.lines[0].startswith("turn 1 (#1) was not made in this chat")
        await pilot.press("escape")
    assert (ws.root / "memory" / "elsewhere.md").exists()  # nothing undone
