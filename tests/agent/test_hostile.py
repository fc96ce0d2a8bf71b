"""A hostile Ollama (tests/agent/hostile_ollama.py) against ``memtui eval`` in a subprocess
and the chat pane under Pilot: every misbehaviour ends the turn with one line, never a
traceback, a hang or unbounded memory, and the app and the conversation survive."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

import pytest

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.chat import ChatPane
from memtui.tui.chat.banner import Banner
from memtui.tui.chat.tool_card import ToolCard
from memtui.tui.chat.user_message import UserMessage
from tests.peak_memory import run_measured

from .fake_ollama import chatter
from .hostile_ollama import CHAT_BEHAVIOURS, EXPECTED, SHOW_BEHAVIOURS, HostileOllama
from .test_chat_pane import Harness, send, turns, wait_until

PARTIAL = ("endless-content", "prompt-eval-string")  # words came before the failure


@pytest.fixture(scope="module")
def hostile() -> Iterator[HostileOllama]:
    server = HostileOllama().start()
    server.add(chatter())
    try:
        yield server
    finally:
        server.stop()


def eval_subprocess(ws: Workspace, model: str, url: str) -> tuple[int, str, float]:
    """Run ``memtui eval`` on ``model``: exit status, stderr, peak memory in MiB."""
    env = {**os.environ, "MEMTUI_NO_CACHE": "1"}
    env.pop("OLLAMA_HOST", None)
    run = run_measured(["eval", str(ws.root), "-m", "hi", "-n", "1", "--model", model,
                        "--host", url, "--timeout", "5"], env)
    return run.code, run.err, run.peak_mib or float("inf")


@pytest.mark.parametrize("model", [*CHAT_BEHAVIOURS, *SHOW_BEHAVIOURS])
def test_eval_one_line_and_exit_1(ws: Workspace, hostile: HostileOllama, model: str) -> None:
    code, stderr, peak = eval_subprocess(ws, model, hostile.url)
    print(f"\n{model}: exit {code}, peak {peak:.0f} MiB, {stderr.strip()}")
    assert "Traceback" not in stderr
    assert code == 1, stderr
    assert stderr.count("\n") == 1, stderr
    assert EXPECTED[model] in stderr
    prefix = "run 1/1: error — " if model in CHAT_BEHAVIOURS else "memtui eval: error: "
    assert stderr.startswith(prefix)
    assert peak < 400  # a 1 GiB gzip body or an endless line used to take gigabytes


@pytest.mark.parametrize("model", list(CHAT_BEHAVIOURS))
async def test_pane_turn_fails_in_one_line_and_chat_goes_on(
        ws: Workspace, hostile: HostileOllama, model: str) -> None:
    app = Harness(ws, AgentSettings(model=model, host=hostile.url, timeout=5))
    async with app.run_test(size=(120, 40)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "hello there")
        await wait_until(pilot, turns(pane, 1), timeout=60)
        banner = app.query_one(Banner)
        assert banner.kind == "error"
        assert EXPECTED[model] in banner.message and "\n" not in banner.message
        if model in PARTIAL:  # what came is kept, marked partial
            assert pane.session.history[-1]["partial"] is True
            assert [u.text for u in app.query(UserMessage)] == ["hello there"]
        else:  # nothing came back: the message returns to the input
            assert app.query_one("#chat-input").value == "hello there"
            assert list(app.query(UserMessage)) == []
        # The same pane goes on with a working model.
        pane.settings.model = "chatter"
        pane.session.facts = None
        app.query_one("#chat-input").value = ""
        await send(pilot, "still there?")
        await wait_until(pilot, turns(pane, 2), timeout=30)
        assert banner.kind == "", banner.message
        assert pane.session.history[-1] == {"role": "assistant", "content":
                                            "Hello! How can I help?", "thinking": "Just greet."}


@pytest.mark.parametrize("model", list(SHOW_BEHAVIOURS))
async def test_pane_survives_a_malformed_show(ws: Workspace, hostile: HostileOllama,
                                              model: str) -> None:
    app = Harness(ws, AgentSettings(model=model, host=hostile.url, timeout=5))
    async with app.run_test(size=(120, 40)) as pilot:
        banner = app.query_one(Banner)
        await wait_until(pilot, lambda: banner.kind == "error", timeout=30)
        assert EXPECTED[model] in banner.message and "\n" not in banner.message
        await send(pilot, "hello")
        await wait_until(pilot, turns(app.query_one(ChatPane), 1), timeout=30)
        assert EXPECTED[model] in banner.message
        assert app.is_running


async def test_pane_lone_surrogates_from_the_server(ws: Workspace,
                                                    hostile: HostileOllama) -> None:
    app = Harness(ws, AgentSettings(model="surrogates", host=hostile.url, timeout=5))
    async with app.run_test(size=(120, 40)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "hello")
        await wait_until(pilot, turns(pane, 1), timeout=30)
        await pilot.pause(0.1)
        assert app.query_one(Banner).kind == ""
        # What is not valid Unicode is replaced (U+FFFD) where it enters: the call works.
        card = app.query_one(ToolCard)
        assert card.result == "created memory/\ufffd.md (4 bytes)"
        assert pane.session.history[-1]["content"] == "done \ufffd"
    saved = json.loads(pane.session.history_path.read_text(encoding="utf-8"))
    assert saved["messages"][-1]["content"] == "done \ufffd"
    assert (ws.root / "memory" / "\ufffd.md").read_text(encoding="utf-8") == "a\ufffd"


def test_eval_lone_surrogates_from_the_server(ws: Workspace, hostile: HostileOllama) -> None:
    code, stderr, _peak = eval_subprocess(ws, "surrogates", hostile.url)
    assert (code, stderr) == (0, "run 1/1: orphan_written\n")


@pytest.mark.parametrize("model", ["gzip-ok", "deflate-ok"])
def test_eval_reads_a_compressed_reply(ws: Workspace, hostile: HostileOllama,
                                       model: str) -> None:
    code, stderr, _peak = eval_subprocess(ws, model, hostile.url)
    assert (code, stderr) == (0, "run 1/1: no_tool_call\n")
