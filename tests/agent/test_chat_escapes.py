"""Bytes from a model or a memory never reach the terminal raw (issue 18, section 4): an
OSC 2 (window title), OSC 52 (clipboard write) or CSI sequence from each source the chat
pane shows is drawn escaped (``\\x1b]52;…``), under Pilot against the Ollama emulator. The
same in a real terminal is tests/agent/test_chat_escapes_tmux.py."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.widgets import Collapsible

from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.tui.chat import ChatPane
from memtui.tui.chat.banner import Banner

from .fake_ollama import FakeModel, FakeOllama, Reply
from .test_chat_pane import Harness, send, turns, wait_until

TITLE = "\x1b]2;PWNED-TITLE\x07"
CLIP = "\x1b]52;c;cHduZWQ=\x07"  # "pwned" into the clipboard
CSI = "\x9b2J\x1b[31m"
PAYLOAD = TITLE + CLIP + CSI
RAW = ("\x1b", "\x07", "\x9b", "\x9d")


def hostile_memory(ws: Workspace) -> None:
    (ws.root / "memory" / "notes.md").write_text(
        f"---\nname: notes\ndescription: d\ntype: project\n---\nTracking {PAYLOAD} yield.\n",
        encoding="utf-8")


#: Each source: what the model does, and what the workspace holds first.
SOURCES: dict[str, tuple[list[Reply], Callable[[Workspace], None] | None]] = {
    "memory read by a tool": ([Reply(tool_calls=[("read_file", {"path": "memory/notes.md"})]),
                               Reply(content="Read it.")], hostile_memory),
    "reply text": ([Reply(content=f"Here {PAYLOAD} you go.")], None),
    "thinking": ([Reply(thinking=f"Hmm {PAYLOAD}", content="ok")], None),
    "unknown tool name": ([Reply(tool_calls=[(f"evil{PAYLOAD}", {})]),
                           Reply(content="done")], None),
    "path echoed by a tool": ([Reply(tool_calls=[("exists", {"path": f"memory/{PAYLOAD}.md"})]),
                               Reply(content="done")], None),
    "file written (effect and summary)": (
        [Reply(tool_calls=[("write_file", {"path": f"memory/x{TITLE}.md",
                                           "content": "---\nname: x\n---\nx\n"})]),
         Reply(content="done")], None),
    "server error line": ([Reply(content="a", error=f"boom {PAYLOAD}")], None),
}


@pytest.mark.parametrize("source", SOURCES)
async def test_each_chat_source_is_drawn_escaped(ws: Workspace, fake: FakeOllama,
                                                 source: str) -> None:
    script, prepare = SOURCES[source]
    if prepare is not None:
        prepare(ws)
    fake.add(FakeModel("m", script))
    app = Harness(ws, AgentSettings(model="m", host=fake.url))
    async with app.run_test(size=(160, 60)) as pilot:
        pane = app.query_one(ChatPane)
        await wait_until(pilot, lambda: pane.session.facts is not None)
        await send(pilot, "go")
        await wait_until(pilot, turns(pane, 1))
        for fold in app.query(Collapsible):  # the thinking, folded by default
            fold.collapsed = False
        await pilot.pause(0.2)
        screen = app.export_screenshot()
        banner = app.query_one(Banner).message
    assert not [c for c in RAW if c in screen], source
    assert "PWNED" in screen or "52;c" in screen or "x1b" in screen, (source, banner)


async def test_model_names_from_the_server_are_escaped(ws: Workspace, fake: FakeOllama) -> None:
    """No --model: the picker lists the server's names, one of them hostile."""
    fake.add(FakeModel(f"m{TITLE}", [Reply(content="hi")]))
    app = Harness(ws, AgentSettings(model=None, host=fake.url))
    async with app.run_test(size=(160, 60)) as pilot:
        await wait_until(pilot, lambda: "choose one" in app.query_one(Banner).message)
        await pilot.click("ModelPicker")
        await pilot.pause(0.2)
        screen = app.export_screenshot()
    assert not [c for c in RAW if c in screen]
    assert "PWNED" in screen
