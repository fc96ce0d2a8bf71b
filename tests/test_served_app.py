"""A served app process never outlives its server, even when nothing tells it so: its
pipes stay open (issue 20 #25: one survived, orphaned, at 35 % CPU). The real
``memtui.commands.served_app`` under a real parent process that is killed with SIGKILL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.core.helpers import memory

ROOT = Path(__file__).resolve().parents[1]

# The "server": starts the app as its child the way memtui serve does (its pid first), says
# the app's pid, then waits to be killed.
PARENT = """
import os, subprocess, sys, time
app = subprocess.Popen([sys.executable, "-m", "memtui.commands.served_app",
                        str(os.getpid()), sys.argv[1]], stdout=open(sys.argv[2], "wb"),
                       stderr=subprocess.DEVNULL)
print(app.pid, flush=True)
time.sleep(600)
"""


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_the_app_ends_when_its_server_is_killed_though_its_pipes_stay_open(
        tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — a\n", encoding="utf-8")
    (ws / "memory" / "a.md").write_text(memory("a", "A."), encoding="utf-8")
    out = tmp_path / "app.out"
    env = {**os.environ, "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
           "COLUMNS": "120", "ROWS": "40", "MEMTUI_CONFIG_DIR": str(tmp_path / "config"),
           "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    stdin_r, stdin_w = os.pipe()  # the app's stdin: held open here, so it never sees EOF
    parent = subprocess.Popen([sys.executable, "-c", PARENT, str(ws), str(out)], cwd=ROOT,
                              env=env, stdin=stdin_r, stdout=subprocess.PIPE, text=True)
    os.close(stdin_r)
    app = 0
    try:
        assert parent.stdout is not None
        app = int(parent.stdout.readline())
        deadline = time.monotonic() + 60
        while out.stat().st_size == 0:  # the app is up: it has drawn something
            assert alive(app) and time.monotonic() < deadline
            time.sleep(0.2)
        time.sleep(1.0)
        assert alive(app)
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=30)
        deadline = time.monotonic() + 15
        while alive(app) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not alive(app), "the app outlived its server"
    finally:
        os.close(stdin_w)
        if parent.poll() is None:
            parent.kill()
            parent.wait(timeout=30)
        if app and alive(app):
            os.kill(app, signal.SIGKILL)


def test_the_app_ends_when_the_server_closes_its_input(tmp_path: Path) -> None:
    """newuser28 #16: an app whose socket closed while it was starting never read the
    server's quit and stayed, watching the workspace (6 left after four visits). The server
    then closes the app's stdin: the app ends though its server lives on."""
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — a\n", encoding="utf-8")
    (ws / "memory" / "a.md").write_text(memory("a", "A."), encoding="utf-8")
    out = tmp_path / "app.out"
    env = {**os.environ, "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
           "COLUMNS": "120", "ROWS": "40", "MEMTUI_CONFIG_DIR": str(tmp_path / "config"),
           "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    stdin_r, stdin_w = os.pipe()  # the app's stdin: its only writer is here
    parent = subprocess.Popen([sys.executable, "-c", PARENT, str(ws), str(out)], cwd=ROOT,
                              env=env, stdin=stdin_r, stdout=subprocess.PIPE, text=True)
    os.close(stdin_r)
    app = 0
    try:
        assert parent.stdout is not None
        app = int(parent.stdout.readline())
        deadline = time.monotonic() + 60
        while out.stat().st_size == 0:  # the app is up: it has drawn something
            assert alive(app) and time.monotonic() < deadline
            time.sleep(0.2)
        os.close(stdin_w)  # the session is over: no quit, just the hang-up
        stdin_w = -1
        deadline = time.monotonic() + 30
        while alive(app) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not alive(app), "the app outlived its session"
        assert parent.poll() is None  # its server lives on
    finally:
        if stdin_w >= 0:
            os.close(stdin_w)
        if parent.poll() is None:
            parent.kill()
            parent.wait(timeout=30)
        if app and alive(app):
            os.kill(app, signal.SIGKILL)
