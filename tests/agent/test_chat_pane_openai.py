"""The chat pane under Pilot with ``--api openai``, against the llama-server emulator."""

from __future__ import annotations

import re

from textual.widgets import Input

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.chat import ChatPane
from memtui.tui.chat.assistant_message import AssistantMessage
from memtui.tui.chat.banner import Banner
from memtui.tui.chat.budget_bar import BudgetBar
from memtui.tui.chat.model_picker import ModelPicker
from memtui.tui.chat.status_line import StatusLine
from memtui.tui.chat.tool_card import ToolCard
from memtui.tui.chat.user_message import UserMessage

from .fake_ollama import USER_ROLE, FakeModel, Reply, chatter, free_port, memory_writer
from .fake_openai import FakeOpenAI
from .test_chat_pane import MESSAGE, Harness, send, turns, wait_until


def settings(llama: FakeOpenAI, model: str) -> AgentSettings:
    return AgentSettings(model=model, host=llama.url, api="openai")


async def test_writer_conversation_and_the_fixed_window(ws: Workspace,
                                                        llama: FakeOpenAI) -> None:
    llama.add(memory_writer())
    app = Harness(ws, settings(llama, "writer"))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        bar = app.query_one(BudgetBar)
        await wait_until(pilot, lambda: bar.budget is not None)
        assert app.query_one(StatusLine).plain == (
            "model writer  tools yes  window 4,096 (server -c, fixed)\n"
            "num_ctx cannot be set per request on this API: restart the server with -c N to "
            "change the window")
        assert bar.budget is not None and bar.budget.window == 4096 and bar.fixed
        assert " / 4,096 server -c (" in bar.render().plain
        await send(pilot, MESSAGE)
        await wait_until(pilot, turns(pane, 1))
        await pilot.pause(0.1)
        assert [c.tool_name for c in app.query(ToolCard)] == ["exists", "write_file",
                                                              "edit_file"]
        assert (ws.root / "memory/user-role.md").read_text() == USER_ROLE
        assert app.changed == [["memory/user-role.md"], ["MEMORY.md"]]
        assert app.query_one(Banner).kind == ""
        assert not any(m.cut for m in app.query(AssistantMessage))


async def test_prompt_over_the_window_is_one_line_and_the_chat_stays(
        ws: Workspace, llama: FakeOpenAI) -> None:
    llama.add(chatter("m", "Fine."))
    app = Harness(ws, settings(llama, "m"))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "first")
        await wait_until(pilot, turns(pane, 1))
        llama.n_ctx = 1000  # restarted with a smaller -c: the memory rules alone exceed it
        await send(pilot, "second")
        await wait_until(pilot, turns(pane, 2))
        banner = app.query_one(Banner)
        assert banner.kind == "error" and "\n" not in banner.message
        assert banner.message.startswith("Prompt too large: the server refused ")
        assert "tokens (n_prompt_tokens) for a window of 1,000 tokens (n_ctx)" in banner.message
        assert "Fix: restart the server with -c " in banner.message
        assert "or start a new chat — the conversation is kept" in banner.message
        assert [u.text for u in app.query(UserMessage)] == ["first"]
        assert app.query_one("#chat-input", Input).value == "second"
        assert [m["content"] for m in pane.session.history] == ["first", "Fine."]


async def test_a_first_message_over_the_window_offers_no_new_chat(
        ws: Workspace, llama: FakeOpenAI) -> None:
    """newuser23 #12: refused on the chat's very first message, the banner still offered
    "or start a new chat", which sends the same system prompt, tools and index again."""
    llama.add(chatter("m", "Fine."))
    llama.n_ctx = 1000  # the memory rules alone exceed it
    app = Harness(ws, settings(llama, "m"))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "first")
        await wait_until(pilot, lambda: app.query_one(Banner).kind == "error")
        message = app.query_one(Banner).message
        assert message.startswith("Prompt too large: the server refused "), message
        assert "Fix: restart the server with -c " in message and "\n" not in message
        assert "new chat" in message and "start a new chat" not in message, message
        assert "a new chat would send the same" in message
        # The bar's total is memtui's estimate, the refused count the server's: both named
        # when they differ (the third figure of newuser23 #12).
        bar = app.query_one(BudgetBar).budget
        refused = re.search(r"refused ([\d,]+) tokens", message)
        assert bar is not None and refused is not None
        assert bar.total != int(refused[1].replace(",", ""))  # the fake counts its own way
        assert message.endswith(
            f" (the bar's {bar.total:,} is memtui's estimate; {refused[1]} is the server's own "
            "count, by the model's tokenizer)"), message
        assert pane.session.history == []
        assert app.query_one("#chat-input", Input).value == "first"


async def test_length_marks_the_reply_cut(ws: Workspace, llama: FakeOpenAI) -> None:
    llama.add(FakeModel("m", [Reply(content="The first half of a long answer",
                                     done_reason="length")]))
    app = Harness(ws, settings(llama, "m"))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "tell me everything")
        await wait_until(pilot, turns(pane, 1))
        replies = list(app.query(AssistantMessage))
        assert len(replies) == 1 and replies[0].cut
        assert replies[0].content == "The first half of a long answer"
        assert replies[0].query_one(".cut-mark").display
        banner = app.query_one(Banner)
        assert banner.kind == "warning"
        assert banner.message.startswith("Reply cut: the model stopped mid-reply because the "
                                         "window (4,096 tokens) filled up (finish_reason "
                                         "length)")
        assert "restart the server with a larger -c" in banner.message


async def test_picker_offers_v1_models_and_says_when_tools_are_off(
        ws: Workspace, llama: FakeOpenAI) -> None:
    llama.add(chatter("qwen-small"))
    llama.tools = False  # started without --jinja, or a template without tools
    app = Harness(ws, AgentSettings(host=llama.url, api="openai"))
    async with app.run_test(size=(120, 50)) as pilot:
        picker = app.query_one(ModelPicker)
        await wait_until(pilot, lambda: picker.has_class("-shown"))
        assert app.query_one(Banner).message.startswith("no --model given: choose one above")
        picker.value = "qwen-small"
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await pilot.pause(0.1)
        assert app.query_one(Banner).message.startswith("qwen-small cannot use tools")
        assert "tools NO" in app.query_one(StatusLine).plain


async def test_no_server_is_one_line(ws: Workspace) -> None:
    port = free_port()
    app = Harness(ws, AgentSettings(model="m", host=f"127.0.0.1:{port}", api="openai"))
    async with app.run_test(size=(120, 50)) as pilot:
        banner = app.query_one(Banner)
        await wait_until(pilot, lambda: banner.kind == "error")
        assert banner.message == (f"no OpenAI-compatible server at http://127.0.0.1:{port}: "
                                  "start one (e.g. `llama-server -m MODEL.gguf --jinja -c "
                                  "8192`) or point --host at it")


async def test_loading_names_the_server_not_ollama(ws: Workspace, llama: FakeOpenAI) -> None:
    """newuser28 #3: with ``--api openai`` the first banner read "loading: asking Ollama at
    …", as if --api had been ignored. It names the server the operator chose."""
    llama.add(chatter("talk"))
    app = Harness(ws, settings(llama, "talk"))
    async with app.run_test(size=(120, 50)) as pilot:
        banner = app.query_one(Banner)
        assert banner.message.startswith(
            f"loading: asking the server (OpenAI API) at {llama.url} about talk"), \
            banner.message
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)


async def test_a_restarted_server_s_window_is_read_again(ws: Workspace,
                                                         llama: FakeOpenAI) -> None:
    """newuser28 #4: refused at -c 1000, the operator follows the banner's fix and restarts
    the server with a larger -c; the next request fits, and every figure (status line,
    budget bar, the app's header) must follow the server's new window, not keep the old."""
    llama.add(chatter("m", "Fine."))
    llama.n_ctx = 1000
    told: list[int] = []

    class Told(Harness):
        def on_chat_pane_window_known(self, event: ChatPane.WindowKnown) -> None:
            told.append(event.window)

    app = Told(ws, settings(llama, "m"))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "first")
        await wait_until(pilot, turns(pane, 1))
        assert app.query_one(Banner).kind == "error"
        llama.n_ctx = 8192  # restarted with -c 8192, as the banner said
        await send(pilot, "first")
        await wait_until(pilot, turns(pane, 2))
        await wait_until(pilot, lambda: "window 8,192" in app.query_one(StatusLine).plain)
        bar = app.query_one(BudgetBar)
        await wait_until(pilot, lambda: bar.budget is not None and bar.budget.window == 8192)
        assert " / 8,192 server -c (" in bar.render().plain
        assert told == [1000, 8192]


async def test_the_refused_message_survives_up_and_down(ws: Workspace,
                                                        llama: FakeOpenAI) -> None:
    """newuser28 #30: the message a refused request put back into the input was gone after
    one Up and one Down (Down past the newest sent message gave an empty input)."""
    llama.add(chatter("m", "Fine."))
    app = Harness(ws, settings(llama, "m"))
    async with app.run_test(size=(120, 50)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "and again")
        await wait_until(pilot, turns(pane, 1))
        llama.n_ctx = 1000
        await send(pilot, "another long one")
        await wait_until(pilot, turns(pane, 2))
        box = app.query_one("#chat-input", Input)
        assert box.value == "another long one" and app.focused is box
        await pilot.press("up")
        assert box.value == "and again"
        await pilot.press("down")
        assert box.value == "another long one"
        await pilot.press("down")  # past the draft: it stays
        assert box.value == "another long one"
