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


def press_until(cmd: list[str], key: str, done: object, every: float = 5,
                timeout: float = 60) -> None:
    """Press ``key`` until ``done()``: a key typed while the app is still building its
    views right after start can be lost under load (seen at load 7 on 2 cores)."""
    end = time.monotonic() + timeout
    while True:
        tm(cmd, "send-keys", "-t", "t", key)
        step = time.monotonic() + every
        while time.monotonic() < step:
            if done():  # type: ignore[operator]
                return
            time.sleep(0.3)
        if time.monotonic() > end:
            raise AssertionError(f"{key} never did it:\n{tm(cmd, 'capture-pane', '-p', '-t', 't')}")


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
    # (the notice wraps inside its box: compared without spaces and box edges)
    press_until(tmux, "o", lambda: "nosuchprogram" in "".join(
        c for c in tm(tmux, "capture-pane", "-p", "-J", "-t", "t") if c not in " \n▌▏│"))
    wait_for(tmux, lambda s: "Quit" in s)
    tm(tmux, "send-keys", "-t", "t", "q")
    wait_for(tmux, lambda _s: tm(tmux, "display", "-p", "-t", "t", "#{pane_dead}").strip()
             == "1", timeout=30)


def test_an_editor_not_known_to_take_a_line_gets_the_file_alone(tmp_path: Path,
                                                                tmux: list[str]) -> None:
    """newuser24 #28: `o` on a finding's line ran `$EDITOR +LINE FILE` whatever the editor;
    a script appending to "$1" created a file named "+N" in the current folder. Now it gets
    the file alone and the app says the line was not passed; vi gets +LINE."""
    ws = tmp_path / "demo"
    copy_demo(ws)
    log = tmp_path / "argv.log"
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in ("fake-editor.sh", "vi"):
        script = bin_dir / name
        # (appends to its last argument, the file: "$1" is "+LINE" for vi, and a file of
        # that name was written into the checkout the tests run from)
        script.write_text(f'#!/bin/sh\nprintf "%s|" "$@" >> {log}\necho >> {log}\n'
                          'for f in "$@"; do :; done\necho x >> "$f"\n')
        script.chmod(0o755)
    env = {"PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1", "TERM": "xterm-256color",
           "EDITOR": str(bin_dir / "fake-editor.sh"), "VISUAL": ""}
    app = " ".join(["cd", str(tmp_path), "&&", "env", "-u", "COLUMNS", "-u", "LINES"]
                   + [f"{k}={v}" for k, v in env.items()]
                   + [sys.executable, "-m", "memtui", str(ws), "--no-watch"])
    tm(tmux, "new-session", "-d", "-s", "t", "-x", "160", "-y", "45", "sleep 600")
    tm(tmux, "set", "-g", "remain-on-exit", "on")
    tm(tmux, "respawn-pane", "-k", "-t", "t", app)
    wait_for(tmux, lambda s: "Quit" in s)
    tm(tmux, "send-keys", "-t", "t", "6")  # Findings: the first row names MEMORY.md:N
    time.sleep(1)
    press_until(tmux, "o", log.exists)
    wait_for(tmux, lambda s: "openedatitstop" in "".join(c for c in s if c not in " \n▌▏│"))
    argv = log.read_text().splitlines()[:1]
    assert argv == [f"{ws}/MEMORY.md|"], argv
    assert not any(p.name.startswith("+") for p in tmp_path.iterdir())
    tm(tmux, "send-keys", "-t", "t", "q")
    wait_for(tmux, lambda _s: tm(tmux, "display", "-p", "-t", "t", "#{pane_dead}").strip()
             == "1", timeout=30)
    # vi, the same way, is told the line
    env["EDITOR"] = str(bin_dir / "vi")
    app = " ".join(["cd", str(tmp_path), "&&", "env", "-u", "COLUMNS", "-u", "LINES"]
                   + [f"{k}={v}" for k, v in env.items()]
                   + [sys.executable, "-m", "memtui", str(ws), "--no-watch"])
    tm(tmux, "respawn-pane", "-k", "-t", "t", app)
    wait_for(tmux, lambda s: "Quit" in s)
    tm(tmux, "send-keys", "-t", "t", "6")
    time.sleep(1)
    seen = len(log.read_text().splitlines())
    press_until(tmux, "o", lambda: len(log.read_text().splitlines()) > seen)
    first = log.read_text().splitlines()[seen]
    assert first.startswith("+") and first.endswith(f"|{ws}/MEMORY.md|"), first
    assert not any(p.name.startswith("+") for p in (*tmp_path.iterdir(), *ROOT.iterdir()))
    tm(tmux, "send-keys", "-t", "t", "q")
