"""The chat pane in a real terminal (tmux): the real app, started as ``memtui PATH``, talks
to the Ollama emulator, whose one turn brings an OSC 2 (window title) and an OSC 52
(clipboard write) from every source the pane shows: a memory read by a tool, an unknown
tool's name, a path a tool echoes, the thinking and the reply text. tmux obeys both
sequences (``set-clipboard on``), so a raw one would retitle the pane or fill a paste
buffer; drawn escaped, the pane shows the text and nothing else changes."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from memtui.core.workspace import Workspace
from tests.tmux import needs_tmux, tm, wait_for

from .fake_ollama import FakeModel, FakeOllama, Reply

ROOT = Path(__file__).resolve().parents[2]
TITLE = "\x1b]2;PWNED-TITLE\x07"
CLIP = "\x1b]52;c;cHduZWQ=\x07"  # "pwned"
PAYLOAD = TITLE + CLIP

pytestmark = needs_tmux


def test_hostile_turn_in_a_real_terminal(ws: Workspace, fake: FakeOllama,
                                         tmux: list[str]) -> None:
    (ws.root / "memory" / "notes.md").write_text(
        f"---\nname: notes\ndescription: d\ntype: project\n---\nTracking {PAYLOAD} yield.\n",
        encoding="utf-8")
    fake.add(FakeModel("m", [
        Reply(thinking=f"think {PAYLOAD}",
              tool_calls=[("read_file", {"path": "memory/notes.md"})]),
        Reply(tool_calls=[(f"evil{PAYLOAD}", {})]),
        Reply(tool_calls=[("exists", {"path": f"memory/{PAYLOAD}.md"})]),
        Reply(content=f"ALL-DONE {PAYLOAD} end"),
    ]))
    env = {"PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1", "TERM": "xterm-256color"}
    app = " ".join(["env", "-u", "COLUMNS", "-u", "LINES"]  # the pane's own size
                   + [f"{k}={v}" for k, v in env.items()] + [
        sys.executable, "-m", "memtui", str(ws.root), "--no-watch", "--model", "m",
        "--host", fake.url])
    tm(tmux, "new-session", "-d", "-s", "t", "-x", "200", "-y", "100", "sleep 600")
    tm(tmux, "set", "-g", "window-size", "manual")
    tm(tmux, "set", "-g", "set-clipboard", "on")  # tmux obeys OSC 52: a paste buffer
    tm(tmux, "set", "-g", "allow-rename", "on")
    tm(tmux, "select-pane", "-t", "t", "-T", "clean-title")
    tm(tmux, "respawn-pane", "-k", "-t", "t", app)
    wait_for(tmux, "Quit")  # the app is up (its footer)
    tm(tmux, "send-keys", "-t", "t", "c")
    time.sleep(1.0)
    tm(tmux, "send-keys", "-t", "t", "-l", "go")
    tm(tmux, "send-keys", "-t", "t", "Enter")
    end = time.monotonic() + 60
    while True:  # the turn is over, or a sequence got through (the screen may be garbled)
        shown = tm(tmux, "capture-pane", "-p", "-J", "-t", "t")
        title = tm(tmux, "display", "-p", "-t", "t", "#{pane_title}").strip()
        buffers = tm(tmux, "list-buffers")
        if "ALL-DONE" in shown or title != "clean-title" or buffers:
            break
        assert time.monotonic() < end, shown
        time.sleep(0.3)
    colours = tm(tmux, "capture-pane", "-e", "-p", "-t", "t")
    tm(tmux, "send-keys", "-t", "t", "q")
    assert title == "clean-title", title  # no OSC 2 reached the terminal
    assert buffers == "", buffers  # no OSC 52 wrote a paste buffer
    assert "\x07" not in colours and "\x1b]" not in colours
    assert "x1b]52;c;cHduZWQ=" in shown.replace("\n", "")  # drawn, escaped
    assert "evil" in shown and "ALL-DONE \\x1b]2;PWNED-TITLE" in shown.replace("\n", "")
