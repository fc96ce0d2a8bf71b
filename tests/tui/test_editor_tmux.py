"""``o`` in a real terminal (tmux): an $EDITOR that cannot be started is said in the app,
which keeps the screen (newuser24 #62: the screen was handed to the shell and the app hung
until killed)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from memtui.demo import copy_demo
from tests.tmux import needs_tmux, tm, wait_for

ROOT = Path(__file__).resolve().parents[2]

pytestmark = needs_tmux


def test_an_editor_that_cannot_start_is_said_and_the_app_goes_on(tmp_path: Path,
                                                                 tmux: list[str]) -> None:
    ws = tmp_path / "demo"
    copy_demo(ws)
    env = {"PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1", "TERM": "xterm-256color",
           "EDITOR": str(tmp_path / "no-such-editor"), "VISUAL": ""}
    app = " ".join(["env", "-u", "COLUMNS", "-u", "LINES"]
                   + [f"{k}={v}" for k, v in env.items()]
                   + [sys.executable, "-m", "memtui", str(ws), "--no-watch"])
    tm(tmux, "new-session", "-d", "-s", "t", "-x", "160", "-y", "45", "sleep 600")
    tm(tmux, "set", "-g", "remain-on-exit", "on")
    tm(tmux, "respawn-pane", "-k", "-t", "t", app)
    wait_for(tmux, lambda s: "Quit" in s)
    tm(tmux, "send-keys", "-t", "t", "2")
    time.sleep(1)
    tm(tmux, "send-keys", "-t", "t", "o")
    # (the notice wraps inside its box: compared without spaces and box edges)
    wait_for(tmux, lambda s: "nosuchprogram" in "".join(c for c in s if c not in " \n▌▏│")
             and "Quit" in s)
    tm(tmux, "send-keys", "-t", "t", "q")
    wait_for(tmux, lambda _s: tm(tmux, "display", "-p", "-t", "t", "#{pane_dead}").strip()
             == "1", timeout=30)
