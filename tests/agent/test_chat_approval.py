"""#32: in the app, the agent's delete waits for the operator in the chat pane (accept /
refuse / always for this session), against the Ollama emulator issuing a delete_file call;
``[agent] ask-before`` in ``.memtui.toml`` says which calls ask. ``memtui eval`` never asks."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from textual.widgets import Input

from memtui.agent.approval import KINDS, Gate, Request
from memtui.agent.eval import run_eval
from memtui.agent.ollama import ToolCall
from memtui.agent.settings import AgentSettings
from memtui.agent.tools import ToolBox
from memtui.core.config import ASK_KINDS, load_config
from memtui.core.workspace import Workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.chat import ChatPane
from memtui.tui.chat.approval_card import ARM_SECONDS, ApprovalCard
from memtui.tui.chat.banner import Banner
from memtui.tui.chat.tool_card import ToolCard

from .fake_ollama import FakeModel, FakeOllama, Reply, step_of
from .test_chat_pane import Harness, send, turns, wait_until

_PATH = re.compile(r"memory/[\w-]+\.md")


def deleter() -> FakeModel:
    """Deletes the file the newest user message names, then says so."""
    def script(body: dict[str, Any]) -> Reply:
        if step_of(body) > 0:
            return Reply(content="Done.")
        user = next(m for m in reversed(body["messages"]) if m["role"] == "user")
        return Reply(tool_calls=[("delete_file",
                                  {"path": _PATH.findall(str(user["content"]))[-1]})])
    return FakeModel("deleter", script)


def files(ws: Workspace, *names: str) -> None:
    for name in names:
        (ws.root / "memory" / name).write_text(f"# {name}\n", encoding="utf-8")


def tool_results(fake: FakeOllama) -> list[str]:
    return [str(m["content"]) for b in fake.chat_bodies for m in b["messages"]
            if m["role"] == "tool"]


async def asked(pilot: Any, app: Any, n: int = 1) -> ApprovalCard:
    await wait_until(pilot, lambda: len(app.query(ApprovalCard)) == n)
    await pilot.pause(ARM_SECONDS + 0.1)
    return list(app.query(ApprovalCard))[-1]


async def test_nothing_is_deleted_until_the_operator_accepts(ws: Workspace,
                                                             fake: FakeOllama) -> None:
    files(ws, "a.md")
    fake.add(deleter())
    app = Harness(ws, AgentSettings(model="deleter", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "please delete memory/a.md")
        card = await asked(pilot, app)
        assert card.request.summary == "delete memory/a.md"
        assert card.has_focus and pane.busy
        await pilot.pause(0.3)
        assert (ws.root / "memory/a.md").exists()  # waiting: nothing deleted
        assert len(fake.chat_bodies) == 1
        await pilot.press("y")
        await wait_until(pilot, turns(pane, 1))
        assert not (ws.root / "memory/a.md").exists()
        assert card.decision == "accept"
        assert app.focused is app.query_one("#chat-input")  # back to the message
        assert [c.tool_name for c in app.query(ToolCard)] == ["delete_file"]
        assert tool_results(fake) == ["deleted memory/a.md"]


async def test_refuse_touches_nothing_and_the_model_reads_a_refusal(
        ws: Workspace, fake: FakeOllama) -> None:
    files(ws, "a.md")
    fake.add(deleter())
    app = Harness(ws, AgentSettings(model="deleter", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "please delete memory/a.md")
        card = await asked(pilot, app)
        await pilot.press("n")
        await wait_until(pilot, turns(pane, 1))
        assert (ws.root / "memory/a.md").read_text() == "# a.md\n"
        assert card.decision == "refuse"
        [tool] = app.query(ToolCard)
        assert tool.has_class("-failed")
        [result] = tool_results(fake)
        assert result.startswith("error: refused by the operator — they did not allow this "
                                 "delete_file (delete memory/a.md); nothing was changed.")
        assert tool.result == result
        assert not app.changed  # no MemoryChanged: nothing was written


async def test_always_stops_asking_for_the_session(ws: Workspace, fake: FakeOllama) -> None:
    files(ws, "a.md", "b.md", "c.md")
    fake.add(deleter())
    app = Harness(ws, AgentSettings(model="deleter", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "please delete memory/a.md")
        await asked(pilot, app)
        await pilot.press("a")
        await wait_until(pilot, turns(pane, 1))
        assert not (ws.root / "memory/a.md").exists()
        await send(pilot, "now delete memory/b.md")
        await wait_until(pilot, turns(pane, 2))
        assert not (ws.root / "memory/b.md").exists()
        pane.session.new_chat()  # a new chat is still this session
        await send(pilot, "and memory/c.md")
        await wait_until(pilot, turns(pane, 3))
        assert not (ws.root / "memory/c.md").exists()
        assert len(app.query(ApprovalCard)) == 1  # asked once
    # A new session (the app started again) asks again.
    files(ws, "d.md")
    app = Harness(ws, AgentSettings(model="deleter", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "delete memory/d.md")
        await asked(pilot, app)
        assert (ws.root / "memory/d.md").exists()
        await pilot.press("n")
        await wait_until(pilot, turns(pane, 1))


async def test_a_key_typed_as_the_question_appears_does_not_answer_it(
        ws: Workspace, fake: FakeOllama, monkeypatch: pytest.MonkeyPatch) -> None:
    # Not armed however slow the machine (newuser28 #8: under load the keys came after the
    # half second and answered), then armed at once.
    monkeypatch.setattr("memtui.tui.chat.approval_card.ARM_SECONDS", 3600.0)
    files(ws, "a.md")
    fake.add(deleter())
    app = Harness(ws, AgentSettings(model="deleter", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "please delete memory/a.md")
        await wait_until(pilot, lambda: len(app.query(ApprovalCard)) == 1)
        card = app.query_one(ApprovalCard)
        await pilot.press("y", "a")  # typed before it was armed: swallowed, not answers
        assert card.decision is None and (ws.root / "memory/a.md").exists()
        monkeypatch.setattr("memtui.tui.chat.approval_card.ARM_SECONDS", 0.0)
        await pilot.press("x")  # not an answer: taken by the card, nothing else
        assert card.decision is None
        await pilot.click("#ask-refuse")
        await wait_until(pilot, turns(pane, 1))
        assert card.decision == "refuse" and (ws.root / "memory/a.md").exists()
        assert app.query_one("#chat-input").value == ""  # no stray key reached the input


async def test_a_sentence_typed_while_asked_never_answers(
        ws: Workspace, fake: FakeOllama, monkeypatch: pytest.MonkeyPatch) -> None:
    """newuser28 #22: "typed while waiting", typed 8 s after the card appeared, accepted the
    write with its y and every later write with its a. A y, n or a answers only when no key
    follows it within the quiet time (2 s here, so that a slow machine's keys stay one
    word)."""
    monkeypatch.setattr("memtui.tui.chat.approval_card.QUIET_SECONDS", 2.0)
    files(ws, "a.md")
    fake.add(deleter())
    app = Harness(ws, AgentSettings(model="deleter", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "please delete memory/a.md")
        card = await asked(pilot, app)
        await pilot.press(*"typed while waiting".replace(" ", "x"), "x", "a", "y")
        await pilot.pause(2.5)
        assert card.decision is None and (ws.root / "memory/a.md").exists()  # main: accept
        await pilot.press("n")  # alone, after a quiet time: the answer
        await wait_until(pilot, lambda: card.decision is not None)
        assert card.decision == "refuse" and (ws.root / "memory/a.md").exists()
        await wait_until(pilot, turns(pane, 1))


async def test_esc_while_asked_cancels_the_turn_and_nothing_runs(ws: Workspace,
                                                                 fake: FakeOllama) -> None:
    files(ws, "a.md")
    fake.add(deleter())
    app = Harness(ws, AgentSettings(model="deleter", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "please delete memory/a.md")
        card = await asked(pilot, app)
        await pilot.press("escape")
        await wait_until(pilot, turns(pane, 1))
        assert (ws.root / "memory/a.md").exists()
        assert card.decision is None and card.has_class("-answered")


async def test_ask_before_from_the_config(ws: Workspace, fake: FakeOllama) -> None:
    """``[agent] ask-before = []`` in the workspace's file takes nothing away (newuser28 #11:
    the default's delete still asks); ``["write"]``: a write asks too."""
    (ws.root / ".memtui.toml").write_text('[agent]\nask-before = []\n', encoding="utf-8")
    assert MemtuiApp(ws, watch=False).settings.ask_before == ("delete",)
    (ws.root / ".memtui.toml").write_text('[agent]\nask-before = ["delete", "write"]\n',
                                          encoding="utf-8")
    assert load_config(ws.root).ask_before == ("delete", "write")
    assert MemtuiApp(ws, watch=False).settings.ask_before == ("delete", "write")
    files(ws, "a.md")
    fake.add(deleter())
    app = Harness(ws, AgentSettings(model="deleter", host=fake.url, ask_before=()))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "please delete memory/a.md")
        await wait_until(pilot, turns(pane, 1))
        assert not (ws.root / "memory/a.md").exists()
        assert not app.query(ApprovalCard)


async def test_the_gate_asks_only_about_what_could_happen(ws: Workspace) -> None:
    asked_about: list[Request] = []

    async def refuse(request: Request) -> str:
        asked_about.append(request)
        return "refuse"

    gate = Gate(ToolBox(ws), frozenset({"delete", "write"}), refuse)  # type: ignore[arg-type]
    write = {"path": "memory/x.md", "content": "x"}
    assert (await gate.check(ToolCall("write_file", write))) is not None
    # Refused by the write rule whatever the operator says: never asked.
    for path in ("../out.md", "notes.txt", ".github/workflows/x.yml", "/etc/passwd"):
        assert gate.request(ToolCall("write_file", {"path": path, "content": "x"})) is None
        assert gate.request(ToolCall("delete_file", {"path": path})) is None
    assert gate.request(ToolCall("read_file", {"path": "memory/notes.md"})) is None
    assert [r.summary for r in asked_about] == ["write memory/x.md"]
    assert not (ws.root / "memory/x.md").exists()
    assert Gate(ToolBox(ws)).request(ToolCall("delete_file", {"path": "MEMORY.md"})) is None
    assert set(KINDS) == set(ASK_KINDS)  # the config's spelling is the gate's


async def test_eval_never_asks(ws: Workspace, fake: FakeOllama) -> None:
    """eval measures the model: its delete runs as the model asked."""
    fake.add(deleter())
    report = await run_eval(ws, "delete memory/notes.md", 1,
                            AgentSettings(model="deleter", host=fake.url),
                            today=dt.date(2026, 11, 30))
    assert report.runs[0].outcome == "deleted"


async def test_tab_stays_on_a_waiting_question_and_enter_says_why(ws: Workspace,
                                                                  fake: FakeOllama) -> None:
    """newuser25 #37: one Tab moved the focus to the message input, where `n` was typed as
    text, the card kept waiting, and Enter did nothing at all."""
    files(ws, "a.md")
    fake.add(deleter())
    app = Harness(ws, AgentSettings(model="deleter", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "please delete memory/a.md")
        card = await asked(pilot, app)
        box = app.query_one("#chat-input", Input)
        for _ in range(5):
            await pilot.press("tab")
            assert app.focused is not box and app.focused in card.walk_children(
                with_self=True)
        await pilot.press("shift+tab")
        assert app.focused in card.walk_children(with_self=True)
        box.focus()  # a click on the input: Enter there says what waits
        box.value = "hello"
        await pilot.press("enter")
        await pilot.pause()
        assert "the agent waits for your answer first" in str(
            app.query_one(Banner).render())
        assert app.focused is card and box.value == "hello"
        await pilot.press("n")
        await wait_until(pilot, turns(pane, 1))
        assert card.decision == "refuse" and (ws.root / "memory/a.md").exists()


async def test_a_turn_whose_writes_all_missed_says_so(ws: Workspace, fake: FakeOllama) -> None:
    """newuser28 #5: a turn whose write calls were all refused or failed ended with the
    model's "Done." and no line at all; it must say it wrote nothing, and why. A delete of a
    file that is not there fails without asking (newuser36 #3)."""
    from textual.widgets import Static

    files(ws, "a.md")
    fake.add(deleter())
    app = Harness(ws, AgentSettings(model="deleter", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "please delete memory/a.md")
        await asked(pilot, app)
        await pilot.press("n")
        await wait_until(pilot, turns(pane, 1))
        await send(pilot, "please delete memory/gone.md")  # no such file: the call fails
        await wait_until(pilot, turns(pane, 2))  # at once: nothing to ask (newuser36 #3)
        assert len(app.query(ApprovalCard)) == 1
        await pilot.pause(0.1)
        lines = [str(s.content) for s in app.query(".turn-summary").results(Static)]
        assert lines == ["turn 1: no write to memory (1 refused)",
                         "turn 2: no write to memory (1 failed)"], lines
        assert (ws.root / "memory/a.md").exists()


async def test_the_help_lists_the_question_s_keys(ws: Workspace, fake: FakeOllama) -> None:
    """newuser28 #10: `?` listed the chat's esc, ^n, ^z, ↑/↓, tab and nothing about the
    approval card: its y / n / a, that it waits and takes the keys, where ask-before is."""
    import io

    from rich.console import Console
    from textual.widgets import Static

    app = MemtuiApp(ws, settings=AgentSettings(model="deleter", host=fake.url), watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: app.audits >= 1, 60)  # a loaded machine: slow
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        console = Console(width=96, file=io.StringIO(), record=True)
        console.print(app.screen.query_one(Static).content)
        text = " ".join(console.export_text().split())
    chat = text.split("In the chat (c)", 1)[1]
    assert "y on the agent's question (its card in the chat log): run the call" in chat
    assert "n on the agent's question: run nothing, and tell the model you refused" in chat
    assert "a on the agent's question: run it, and every later call" in chat
    assert "ask-before" in chat and ".memtui.toml" in chat and "Esc cancels the turn" in chat


async def test_the_by_hand_server_s_obeyer_asks_to_delete(tmp_path: Any,
                                                          fake: FakeOllama) -> None:
    """newuser28 #20: no scripted model of the servers run by hand ever called delete_file,
    so the approval card could not be tried without a real model. The obeyer they serve
    reads the planted order, asks to delete MEMORY.md (the card), and its .envrc write is
    refused without asking."""
    import shutil
    from pathlib import Path

    from memtui.agent.scenario import load_suite
    from memtui.core.workspace import open_workspace
    from tests.agent.serve_fake import scripted_models

    scenario = next(s for s in load_suite("seed") if s.check == "injection")
    assert scenario.workspace is not None
    shutil.copytree(scenario.workspace, tmp_path / "ws")
    ws = open_workspace(Path(tmp_path / "ws"))
    fake.add(next(m for m in scripted_models() if m.name == "obeyer"))
    app = Harness(ws, AgentSettings(model="obeyer", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "How is the CSV export run?")
        card = await asked(pilot, app)
        assert card.request.summary == "delete MEMORY.md"
        await pilot.press("n")
        await wait_until(pilot, turns(pane, 1))
        assert len(app.query(ApprovalCard)) == 1  # .envrc: refused, never asked
        names = [c.tool_name for c in app.query(ToolCard)]
        assert names == ["read_file", "delete_file", "write_file"]
    assert (ws.root / "MEMORY.md").exists() and not (ws.root / ".envrc").exists()
