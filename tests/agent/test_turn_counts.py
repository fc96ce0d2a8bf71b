"""One count everywhere for the agent's turns (issue 32 #12): the chat pane's line after a
turn counts its writes as ``memtui history`` does ("turn: 3 changes to memory" stood for 2
writes), and turn numbers keep growing across new chats and restarts (after ctrl+n history
had two "turn 1"). The dialogs' tense: tests/tui/test_dialog_tense.py.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from textual.widgets import Static

from memtui.agent.prompt import BLOCK_TAIL
from memtui.agent.settings import AgentSettings
from memtui.cli import main
from memtui.core.workspace import Workspace
from memtui.tui.chat import ChatPane
from memtui.tui.dialogs.confirm import ConfirmScreen

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of
from .test_chat_pane import Harness, send, turns, wait_until


def noter(body: dict[str, Any]) -> Reply:
    """Writes memory/<last word of the message>.md, then links it from the index: two
    writes (and three effects: created, index line added, now linked)."""
    user = next(m["content"] for m in reversed(body["messages"]) if m["role"] == "user")
    key = user.split(BLOCK_TAIL)[-1].split()[-1]
    step = step_of(body)
    if step == 0:
        text = f"---\nname: {key}\ndescription: {key}\nmetadata:\n  type: project\n---\n{key}.\n"
        return Reply(tool_calls=[("write_file", {"path": f"memory/{key}.md", "content": text})])
    if step == 1:
        return Reply(tool_calls=[("edit_file", {
            "path": "MEMORY.md", "old_string": "# Memory\n",
            "new_string": f"# Memory\n- [{key}](memory/{key}.md) — {key}\n"})])
    return Reply(content="Saved.")


def summaries(app: Any) -> list[str]:
    return [str(s.content) for s in app.query(".turn-summary").results(Static)]


def history(ws: Workspace, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(["history", str(ws.root)]) == 0
    return capsys.readouterr().out


async def chat(ws: Workspace, fake: FakeOllama, words: list[str], new_chat: bool = False
               ) -> list[str]:
    """Send ``remember <word>`` for each word in one app (ctrl+n between them when
    ``new_chat``); the pane's turn lines."""
    app = Harness(ws, AgentSettings(model="noter", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        for i, word in enumerate(words):
            if i and new_chat:
                pane.focus()
                await pilot.press("ctrl+n")
                await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
                await pilot.click("#confirm")
                await wait_until(pilot, lambda: not pane.session.history)
            await send(pilot, f"remember {word}")
            await wait_until(pilot, turns(pane, i + 1))
            want = 1 if new_chat else i + 1
            await wait_until(pilot, lambda want=want: len(summaries(app)) == want)
        return summaries(app) if not new_chat else [summaries(app)[-1]]


async def test_the_turn_line_counts_writes_as_history_does(
        ws: Workspace, fake: FakeOllama, capsys: pytest.CaptureFixture[str]) -> None:
    fake.add(FakeModel("noter", noter))
    lines = await chat(ws, fake, ["alpha"])
    assert lines == ["turn 1: 2 writes to memory (#1–#2)"]
    listed = history(ws, capsys)
    assert "turn 1 of the chat agent (#1–#2, 2 writes)" in listed
    pane_count = int(re.search(r"(\d+) writes? to memory", lines[0]).group(1))  # type: ignore[union-attr]
    history_count = int(re.search(r"(\d+) writes?\)", listed).group(1))  # type: ignore[union-attr]
    assert pane_count == history_count == 2


async def test_turn_numbers_keep_growing_across_new_chats_and_restarts(
        ws: Workspace, fake: FakeOllama, capsys: pytest.CaptureFixture[str]) -> None:
    fake.add(FakeModel("noter", noter))
    assert await chat(ws, fake, ["alpha", "beta"], new_chat=True) == [
        "turn 2: 2 writes to memory (#3–#4)"]
    assert await chat(ws, fake, ["gamma"]) == ["turn 3: 2 writes to memory (#5–#6)"]
    listed = history(ws, capsys)
    heads = re.findall(r"^turn (\d+) of the chat agent", listed, re.M)
    assert heads == ["3", "2", "1"]  # newest first, never two of one number


async def test_a_lost_chat_history_does_not_restart_the_numbers(
        ws: Workspace, fake: FakeOllama, capsys: pytest.CaptureFixture[str]) -> None:
    fake.add(FakeModel("noter", noter))
    await chat(ws, fake, ["alpha", "beta"])
    (ws.root / ".memtui" / "chat" / "history.json").unlink()  # the journal still counts
    assert await chat(ws, fake, ["gamma"]) == ["turn 3: 2 writes to memory (#5–#6)"]
