"""newuser36 #30 addendum: two chats on one workspace (two app windows, two ``serve`` tabs)
saved one history file, the last writer's: reopening the workspace, one window's whole
conversation was gone (only its transcript kept it). A save now merges under the workspace
lock: its chat on top (what a reopen shows), the others kept; a chat two sessions both
continued is forked, never overwritten. Real sessions against the Ollama emulator, real
files, and two real app instances under Pilot."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from memtui.agent.session import ChatSession
from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.edit.chat_state import HISTORY_REL
from memtui.edit.journal_seal import CHAT_CONTEXT, sealed
from memtui.tui.chat import ChatPane
from memtui.tui.chat.user_message import UserMessage

from .fake_ollama import FakeOllama, chatter
from .test_chat_pane import Harness, send, turns, wait_until


def _session(ws: Workspace, fake: FakeOllama) -> ChatSession:
    return ChatSession(ws, AgentSettings(model="chatter", host=fake.url),
                       today=dt.date(2026, 12, 7))


async def _say(s: ChatSession, text: str) -> None:
    [_ async for _ in s.send(text)]


def _said(messages: list[dict[str, Any]]) -> list[str]:
    return [str(m["content"]) for m in messages if m["role"] == "user"]


def _file(ws: Workspace) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ws.root / HISTORY_REL).read_text(encoding="utf-8"))
    return data


def _all_said(ws: Workspace) -> list[list[str]]:
    data = _file(ws)
    return [_said(data["messages"])] + [_said(o["messages"]) for o in data.get("others", [])]


async def test_two_sessions_on_one_workspace_keep_both_chats(ws: Workspace,
                                                             fake: FakeOllama) -> None:
    fake.add(chatter())
    a, b = _session(ws, fake), _session(ws, fake)
    await _say(a, "tab one: hello")
    await _say(b, "tab two: hello")
    await _say(a, "tab one: again")
    await _say(b, "tab two: again")  # b saves last: its chat is the one a reopen shows
    assert sorted(_all_said(ws)) == [["tab one: hello", "tab one: again"],
                                     ["tab two: hello", "tab two: again"]]
    reopened = _session(ws, fake)
    assert _said(reopened.history) == ["tab two: hello", "tab two: again"]
    await _say(reopened, "tab two: and on")  # continues its chat: no third chat made
    assert sorted(_all_said(ws)) == [["tab one: hello", "tab one: again"],
                                     ["tab two: hello", "tab two: again", "tab two: and on"]]
    assert _file(ws)["turns"] == max(a.turns, b.turns, reopened.turns)
    for s in (a, b, reopened):
        await s.aclose()


async def test_one_chat_continued_by_two_sessions_is_forked(ws: Workspace,
                                                            fake: FakeOllama) -> None:
    fake.add(chatter())
    first = _session(ws, fake)
    await _say(first, "the start")
    await first.aclose()
    a, b = _session(ws, fake), _session(ws, fake)  # both reopen the same chat
    await _say(a, "window a goes on")
    await _say(b, "window b goes on")
    await _say(a, "window a once more")
    assert sorted(_all_said(ws)) == [["the start", "window a goes on", "window a once more"],
                                     ["the start", "window b goes on"]]
    await a.aclose()
    await b.aclose()


async def test_a_history_from_before_chat_ids_is_continued_not_copied(
        ws: Workspace, fake: FakeOllama) -> None:
    fake.add(chatter())
    path = ws.root / HISTORY_REL
    path.parent.mkdir(parents=True, exist_ok=True)
    old = {"schema": 1, "model": "chatter", "transcript": None, "turns": 0,
           "messages": [{"role": "user", "content": "from before"},
                        {"role": "assistant", "content": "Hello! How can I help?"}]}
    path.write_text(json.dumps(sealed(old, ws.root, CHAT_CONTEXT)), encoding="utf-8")
    s = _session(ws, fake)
    assert s.load_problem is None and _said(s.history) == ["from before"]
    await _say(s, "and now")
    assert _all_said(ws) == [["from before", "and now"]]
    await s.aclose()


async def test_two_app_windows_keep_both_chats(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(chatter())
    settings = AgentSettings(model="chatter", host=fake.url)
    one, two = Harness(ws, settings), Harness(ws, settings)
    async with one.run_test(size=(120, 50)) as p1, two.run_test(size=(120, 50)) as p2:
        pane1, pane2 = one.query_one(ChatPane), two.query_one(ChatPane)
        await wait_until(p1, lambda: pane1.session.facts is not None)
        await wait_until(p2, lambda: pane2.session.facts is not None)
        await send(p1, "window one speaks")
        await wait_until(p1, turns(pane1, 1))
        await send(p2, "window two speaks")
        await wait_until(p2, turns(pane2, 1))
    assert sorted(_all_said(ws)) == [["window one speaks"], ["window two speaks"]]
    again = Harness(ws, settings)  # the reopen shows the chat saved last
    async with again.run_test(size=(120, 50)) as pilot:
        await pilot.pause(0.2)
        assert [u.text for u in again.query(UserMessage)] == ["window two speaks"]
