"""The chat pane under Pilot, in a small harness app, against the Ollama emulator."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.pilot import Pilot
from textual.widgets import Collapsible, Input, Markdown

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.chat import ChatPane
from memtui.tui.chat.assistant_message import AssistantMessage
from memtui.tui.chat.banner import Banner
from memtui.tui.chat.budget_bar import BudgetBar
from memtui.tui.chat.model_picker import ModelPicker
from memtui.tui.chat.reply_stats import ReplyStats
from memtui.tui.chat.status_line import StatusLine
from memtui.tui.chat.tool_card import ToolCard
from memtui.tui.chat.user_message import UserMessage

from .fake_ollama import USER_ROLE, FakeModel, FakeOllama, Reply, chatter, memory_writer

MESSAGE = "I am a process engineer"


class Harness(App[None]):
    def __init__(self, ws: Workspace, settings: AgentSettings) -> None:
        super().__init__()
        self.ws, self.settings = ws, settings
        self.changed: list[list[str]] = []

    def compose(self) -> ComposeResult:
        yield ChatPane(self.ws, self.settings)

    def on_chat_pane_memory_changed(self, event: ChatPane.MemoryChanged) -> None:
        self.changed.append(event.paths)


async def wait_until(pilot: Pilot[None], cond: Callable[[], bool], timeout: float = 10) -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError("condition not met in time")
        await pilot.pause(0.05)


async def send(pilot: Pilot[None], text: str) -> None:
    box = pilot.app.query_one("#chat-input", Input)
    box.focus()
    box.value = text
    await pilot.press("enter")


def idle(pane: ChatPane) -> Callable[[], bool]:
    return lambda: not pane.busy


def turns(pane: ChatPane, n: int) -> Callable[[], bool]:
    return lambda: pane.turns == n


async def test_writer_conversation_in_the_pane(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(memory_writer())
    app = Harness(ws, AgentSettings(model="writer", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await pilot.pause(0.1)
        status = app.query_one(StatusLine).plain
        assert status == "model writer  tools yes  window asked 40,960 (trained)  loaded —"
        bar = app.query_one(BudgetBar)
        await wait_until(pilot, lambda: bar.budget is not None)
        assert bar.budget is not None and bar.budget.window == 40960
        assert bar.budget.system > 300 and bar.budget.tools > 200 and bar.budget.block > 10
        await send(pilot, MESSAGE)
        await wait_until(pilot, turns(pane, 1))
        await pilot.pause(0.1)
        assert [u.text for u in app.query(UserMessage)] == [MESSAGE]
        cards = list(app.query(ToolCard))
        assert [(c.tool_name, c.effect) for c in cards] == [
            ("exists", "no effect on memory"),
            ("write_file", "created memory/user-role.md — not in the index yet"),
            ("edit_file", "index line added; memory/user-role.md now linked from the index")]
        replies = list(app.query(AssistantMessage))
        assert replies[0].thinking.startswith("The user states a fact")
        assert replies[0].query_one(Collapsible).collapsed is True
        assert replies[-1].query_one(Markdown).source == (
            "Noted: you are a process engineer. I saved it to memory.")
        assert app.query_one(ReplyStats).text.startswith("prompt_eval_count ")
        assert " · eval_count " in app.query_one(ReplyStats).text
        assert app.query_one(ReplyStats).text.endswith(" tokens/s")
        assert "loaded 40,960" in app.query_one(StatusLine).plain
        assert (ws.root / "memory/user-role.md").read_text() == USER_ROLE
        assert app.changed == [["memory/user-role.md"], ["MEMORY.md"]]
        assert app.query_one(Banner).kind == ""
        # ctrl+n starts a new chat (even with focus off the input), once the
        # operator confirms (the dialog starts on Cancel).
        app.query_one("#chat-log").focus()
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: len(app.screen_stack) == 2)
        await pilot.press("tab", "enter")
        await wait_until(pilot, lambda: not list(app.query(UserMessage)))
        await pilot.pause(0.1)
        assert list(app.query(UserMessage)) == []
        assert json.loads(pane.session.history_path.read_text())["messages"] == []
    # Reopening shows the stored conversation (here: empty after the new chat).


async def test_history_is_shown_again(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(memory_writer())
    settings = AgentSettings(model="writer", host=fake.url)
    app = Harness(ws, settings)
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, MESSAGE)
        await wait_until(pilot, turns(pane, 1))
    app = Harness(ws, settings)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause(0.2)
        assert [u.text for u in app.query(UserMessage)] == [MESSAGE]
        assert [c.effect for c in app.query(ToolCard)][1] == (
            "created memory/user-role.md — not in the index yet")


async def test_truncation_banner(ws: Workspace, fake: FakeOllama) -> None:
    (ws.root / "MEMORY.md").write_text(
        "# Memory\n" + "".join(f"- [Fact {i}](memory/f{i}.md) — a hook about thing {i} "
                               "and its many details\n" for i in range(400)))
    fake.add(FakeModel("nowin", [Reply(content="ok")], context_length=None))
    app = Harness(ws, AgentSettings(model="nowin", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await pilot.pause(0.1)
        assert "window asked none (server default)" in app.query_one(StatusLine).plain
        assert "its default is likely 4096 (Ollama 0.12.6)" in app.query_one(StatusLine).plain
        await send(pilot, "hello")  # held back against the likely default (newuser37 #4)
        await wait_until(pilot, lambda: app.query_one(Banner).kind == "error")
        assert "the server's likely default window, 4,096" in app.query_one(Banner).message
        await send(pilot, "hello")  # Enter again sends it anyway
        await wait_until(pilot, turns(pane, 1))
        banner = app.query_one(Banner)
        assert banner.kind == "truncation"
        assert "Ollama read 2,050 tokens of about " in banner.message
        assert banner.message.startswith("Prompt cut — Fix: no num_ctx was sent")
        assert banner.has_class("-shown")


async def test_failure_keeps_conversation(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(FakeModel("flaky", lambda body: Reply(content="fine")
                       if "first" in body["messages"][-1]["content"]
                       else Reply(content="", malformed=True, fail_after=0)))
    app = Harness(ws, AgentSettings(model="flaky", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "first")
        await wait_until(pilot, turns(pane, 1))
        await send(pilot, "second")
        await wait_until(pilot, turns(pane, 2))
        banner = app.query_one(Banner)
        assert banner.kind == "error"
        assert banner.message.startswith("Ollama sent a malformed chunk")
        assert "\n" not in banner.message
        assert [u.text for u in app.query(UserMessage)] == ["first"]
        assert app.query_one("#chat-input", Input).value == "second"
        assert [m["content"] for m in pane.session.history] == ["first", "fine"]


async def test_escape_cancels(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(FakeModel("slow", [Reply(content="word " * 200, chunk_delay=0.05)]))
    app = Harness(ws, AgentSettings(model="slow", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "talk")
        await wait_until(pilot, lambda: bool(list(app.query(AssistantMessage))))
        await pilot.press("escape")
        await wait_until(pilot, idle(pane))
        assert app.query_one(Banner).message == "reply cancelled"
        partial = pane.session.history[-1]
        assert partial["role"] == "assistant" and partial["partial"] is True
        assert 0 < len(partial["content"]) < len("word " * 200)
        rows = [json.loads(x) for x in pane.session.transcript.read_text().splitlines()]
        assert rows[-1]["kind"] == "cancelled"


class EscapeHarness(Harness):
    """A host app with its own Esc (memtui's: back to the view)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "leave", "Leave")]

    def __init__(self, ws: Workspace, settings: AgentSettings) -> None:
        super().__init__(ws, settings)
        self.left = 0

    def action_leave(self) -> None:
        self.left += 1


async def test_escape_is_the_pane_s_only_while_a_reply_comes(
        ws: Workspace, fake: FakeOllama) -> None:
    fake.add(FakeModel("slow", [Reply(content="word " * 200, chunk_delay=0.05)]))
    app = EscapeHarness(ws, AgentSettings(model="slow", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        app.query_one("#chat-input", Input).focus()
        await pilot.pause()
        assert app.screen.active_bindings["escape"].binding.action == "leave"
        await pilot.press("escape")
        assert app.left == 1
        await send(pilot, "talk")
        await wait_until(pilot, lambda: bool(list(app.query(AssistantMessage))))
        assert app.screen.active_bindings["escape"].binding.description == "Cancel reply"
        await pilot.press("escape")
        await wait_until(pilot, idle(pane))
        assert app.query_one(Banner).message == "reply cancelled" and app.left == 1
        assert app.screen.active_bindings["escape"].binding.action == "leave"


async def test_picker_and_no_tools(ws: Workspace, fake: FakeOllama) -> None:
    fake.add(chatter())
    fake.add(FakeModel("plain", [Reply(content="hi")], capabilities=["completion"]))
    settings = AgentSettings(host=fake.url)
    app = Harness(ws, settings)
    async with app.run_test(size=(120, 50)) as pilot:
        picker = app.query_one(ModelPicker)
        await wait_until(pilot, lambda: picker.has_class("-shown"))
        assert app.query_one(Banner).message.startswith("no --model given: choose one above")
        picker.value = "plain"
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await pilot.pause(0.1)
        assert settings.model == "plain"
        assert app.query_one(Banner).message == (
            "plain cannot use tools (capabilities: completion): it can chat but cannot read "
            "or write memory — pick a model with tool support, e.g. qwen3")
        assert "tools NO" in app.query_one(StatusLine).plain


async def test_not_running_is_one_line(ws: Workspace) -> None:
    from .fake_ollama import free_port
    port = free_port()
    app = Harness(ws, AgentSettings(model="qwen3:14b", host=f"127.0.0.1:{port}"))
    async with app.run_test(size=(120, 50)) as pilot:
        banner = app.query_one(Banner)
        await wait_until(pilot, lambda: banner.kind == "error")
        assert banner.message == (f"Ollama is not running at http://127.0.0.1:{port}: start it "
                                  "with `ollama serve` (or point --host / OLLAMA_HOST at it)")


async def test_main_app_mounts_the_pane_on_c(ws: Workspace, fake: FakeOllama) -> None:
    from memtui.core.audit import AuditOptions
    from memtui.tui.app import MemtuiApp

    fake.add(memory_writer())
    app = MemtuiApp(ws, AuditOptions(), settings=AgentSettings(model="writer", host=fake.url),
                    watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.3)
        await pilot.press("c")
        await pilot.pause(0.3)
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        assert app.focused is app.query_one("#chat-input", Input)
        await send(pilot, MESSAGE)
        await wait_until(pilot, turns(pane, 1))
        assert (ws.root / "memory/user-role.md").read_text() == USER_ROLE
        assert len(list(app.query(ToolCard))) == 3


async def test_budget_bar_against_the_loaded_window(ws: Workspace, fake: FakeOllama) -> None:
    (ws.root / "MEMORY.md").write_text(
        "# Memory\n" + "".join(f"- [Fact {i}](memory/f{i}.md) — a hook about thing {i} "
                               "and its many details\n" for i in range(400)))
    fake.add(FakeModel("nowin", [Reply(content="ok")], context_length=None))
    app = Harness(ws, AgentSettings(model="nowin", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "hello")  # held back against the likely default, then sent
        await wait_until(pilot, lambda: app.query_one(Banner).kind == "error")
        await send(pilot, "hello")
        await wait_until(pilot, turns(pane, 1))
        await pilot.pause(0.3)
        bar = app.query_one(BudgetBar)
        assert pane.loaded == 4096 and bar.loaded == 4096
        assert bar.budget is not None and bar.budget.window is None
        legend = bar.render().plain.splitlines()[1]
        assert legend.startswith(f"{bar.budget.total:,} / 4,096 loaded "
                                 f"({bar.budget.total / 4096:.0%}) qwen tok = ")


async def test_a_request_past_ollamas_window_is_held_back_once(ws: Workspace,
                                                                fake: FakeOllama) -> None:
    """newuser24 #58: with ``--num-ctx 2048`` the chat sent a request it estimated at ~2,250
    tokens without a word, and only the reply's banner said Ollama had dropped the front,
    the system prompt with the memory rules. The send is held back, saying so and what
    helps; Enter again on the same text sends it anyway (the estimate is memtui's)."""
    from memtui.agent.truncation import suggest_window

    fake.add(chatter("chatter", "Fine."))
    app = Harness(ws, AgentSettings(model="chatter", host=fake.url, num_ctx=2048))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        (ws.root / "MEMORY.md").write_text(  # a bigger index: the request outgrows 2,048
            "# Memory\n" + "".join(f"- [Fact {i}](memory/f{i}.md) — a hook about thing {i}\n"
                                   for i in range(120)))
        await send(pilot, "hello")
        banner = app.query_one(Banner)
        await wait_until(pilot, lambda: banner.kind == "error")
        bar = app.query_one(BudgetBar).budget
        assert bar is not None and bar.window == 2048 and bar.total > 2048
        # The first message: the system prompt, tools and index alone are past the window,
        # so a new chat would send the same; the index is what to shrink (newuser30 #1).
        assert bar.history == 0 and bar.total - bar.history > 2048
        assert banner.message == (
            f"not sent: about {bar.total:,} tokens for a window of 2,048 (num_ctx): Ollama "
            "would drop the front, the system prompt with the memory rules, without a word. "
            f"Fix: raise --num-ctx to {suggest_window(bar.total):,}, or shrink MEMORY.md (the "
            "Block view, 7): the system prompt, tools and memory index alone take about "
            f"{bar.total:,} tokens (the index {bar.block:,}), so a new chat would send the "
            "same; Enter again sends it anyway")
        assert fake.chat_bodies == [] and pane.turns == 0
        assert app.query_one("#chat-input", Input).value == "hello"
        await pilot.press("enter")  # anyway
        await wait_until(pilot, turns(pane, 1))
        assert len(fake.chat_bodies) == 1


async def test_the_budget_measured_as_the_pane_closes_is_no_crash(ws: Workspace,
                                                                  fake: FakeOllama) -> None:
    """A key typed, then the pane (or the app) closing before the budget's 0.3 s timer ran:
    the budget's worker asked for the input that was gone, and the app ended on a NoMatches
    traceback (newuser28 #8: test_truncation_banner failed so under load)."""
    fake.add(chatter())
    app = Harness(ws, AgentSettings(model="chatter", host=fake.url))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        box = app.query_one("#chat-input", Input)
        box.focus()
        await pilot.pause()
        await pilot.press("h")
        assert box.value == "h"
        await box.remove()
        await pilot.pause(0.6)  # the timer fires, the worker runs
        assert app.return_code in (None, 0)


def test_a_new_chat_is_offered_only_when_the_history_overflows() -> None:
    """newuser30 #1: held back for the history, a new chat helps and is said; held back for
    what every request carries, it would not and is not."""
    from memtui.agent.prompt import Budget
    from memtui.tui.chat.pane import held_back_line

    long_chat = Budget(system=700, tools=560, block=900, history=3000, new=20, window=4096)
    assert held_back_line(long_chat, 4096).endswith(
        "raise --num-ctx to 8,192, or start a new chat; Enter again sends it anyway")
    big_index = Budget(system=738, tools=567, block=4800, history=0, new=17, window=4096)
    line = held_back_line(big_index, 4096)
    assert "start a new chat" not in line
    assert "alone take about 6,122 tokens (the index 4,800), so a new chat would send the " \
        "same" in line
