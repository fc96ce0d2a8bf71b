"""The chat pane as an operator reads it: an orphan a tool left is a warning, the turn
says so, the budget total comes first, a reply cut mid-stream is marked where it stops,
a new chat is confirmed, Up recalls what was sent, the first open says it is loading."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Input, Static

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.chat import ChatPane
from memtui.tui.chat.assistant_message import AssistantMessage
from memtui.tui.chat.banner import Banner
from memtui.tui.chat.budget_bar import BudgetBar
from memtui.tui.chat.tool_card import ToolCard
from memtui.tui.chat.user_message import UserMessage
from memtui.tui.dialogs.confirm import ConfirmScreen

from .fake_ollama import FakeModel, FakeOllama, Reply, chatter, orphan_writer
from .test_chat_pane import Harness, send, turns, wait_until


def styled(content: object, text: str) -> str:
    """The style of the spans over the last ``text`` in ``content``."""
    assert isinstance(content, Content)
    start = content.plain.rindex(text)
    return " ".join(str(s.style) for s in content.spans if s.start <= start < s.end)


async def test_an_orphan_a_tool_left_is_a_warning_and_the_turn_counts_it(
        ws: Workspace, fake: FakeOllama) -> None:
    fake.add(orphan_writer())
    app = Harness(ws, AgentSettings(model="orphan", host=fake.url))
    async with app.run_test(size=(120, 40)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "I am a process engineer")
        await wait_until(pilot, turns(pane, 1))
        await pilot.pause(0.1)
        card = app.query_one(ToolCard)
        assert card.effect == "created memory/user-role.md — not in the index yet"
        assert "$warning" in styled(card.content, "created memory/user-role.md")
        assert "$success" not in styled(card.content, "created memory/user-role.md")
        assert card.has_class("-orphan")
        lines = card.content.plain.splitlines()  # type: ignore[attr-defined]
        assert lines[0] == "⚙ write_file"  # the gear never sits alone on a line
        summary = app.query_one(".turn-summary", Static)
        assert "1 new orphan (memory/user-role.md" in str(summary.content)
        assert "$warning" in styled(summary.content, "1 new orphan")


async def test_budget_total_first_and_loading_said(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(chatter("talk"))
    app = Harness(ws, AgentSettings(model="talk", host=fake.url))
    async with app.run_test(size=(60, 30)) as pilot:
        banner = app.query_one(Banner)
        assert banner.kind == "info" and banner.message.startswith("loading: asking Ollama")
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        bar = app.query_one(BudgetBar)
        await wait_until(pilot, lambda: bar.budget is not None)
        await pilot.pause(0.1)
        assert banner.kind == ""  # loaded: the notice is gone
        legend = bar.render().plain.splitlines()[1]
        assert bar.budget is not None
        assert legend.startswith(f"{bar.budget.total:,} / 40,960 (")


async def test_a_reply_cut_mid_stream_is_marked_with_the_error_under_it(
        ws: Workspace, fake: FakeOllama) -> None:
    fake.add(FakeModel("cut", [Reply(content="Let me check the memory files first and",
                                     error="model runner crashed", fail_after=3)]))
    app = Harness(ws, AgentSettings(model="cut", host=fake.url))
    async with app.run_test(size=(120, 40)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "hello")
        await wait_until(pilot, turns(pane, 1))
        await pilot.pause(0.1)
        replies = list(app.query(AssistantMessage))
        assert replies and replies[-1].has_class("-cut") and replies[-1].content
        log = list(app.query_one("#chat-log").children)
        note = log[log.index(replies[-1]) + 1]
        assert note.has_class("cut-note")
        assert "model runner crashed" in str(note.content)  # type: ignore[attr-defined]


async def test_new_chat_asks_and_up_recalls_sent_messages(ws: Workspace,
                                                          fake: FakeOllama) -> None:
    fake.add(chatter("talk"))
    app = Harness(ws, AgentSettings(model="talk", host=fake.url))
    async with app.run_test(size=(120, 40)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        for i, text in enumerate(("first question", "second question"), start=1):
            await send(pilot, text)
            await wait_until(pilot, turns(pane, i))
        box = app.query_one("#chat-input", Input)
        assert app.focused is box and box.value == ""
        await pilot.press("up")
        assert box.value == "second question"
        await pilot.press("up", "up")
        assert box.value == "first question"
        await pilot.press("down", "down")
        assert box.value == ""
        app.query_one("#chat-log").focus()
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("enter")  # on Cancel: the chat stays
        await wait_until(pilot, lambda: len(app.screen_stack) == 1)
        assert len(list(app.query(UserMessage))) == 2
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("tab", "enter")
        await wait_until(pilot, lambda: not list(app.query(UserMessage)))
        assert pane.session.history == []
