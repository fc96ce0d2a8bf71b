"""Driving the real app in a real terminal: a private tmux server per test (its own
socket, no user config), for what Pilot cannot see (raw terminal output, a child process
taking the terminal). The ``tmux`` fixture lives in tests/conftest.py."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator

import pytest

#: Mark a module's tests as needing the tmux program.
needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


#: Seconds a pane's process has, once its server is gone (SIGHUP), before it is killed.
PANE_GRACE = 5.0


def tmux_server(socket: str) -> Iterator[list[str]]:
    """The command prefix of a private tmux server at ``socket``, killed at the end with
    every process its panes ran: the server's SIGHUP alone let an app started by a test
    outlive it and its terminal for minutes (newuser29 #11), so what is still running
    after `PANE_GRACE` seconds is killed (each pane's process group: its children too)."""
    cmd = ["tmux", "-S", socket, "-f", os.devnull]
    try:
        yield cmd
    finally:
        panes = [int(p) for p in tm(cmd, "list-panes", "-a", "-F", "#{pane_pid}").split()
                 if p.isdigit()]
        subprocess.run([*cmd, "kill-server"], capture_output=True)
        end_panes(panes)


def end_panes(pids: list[int]) -> None:
    """Wait up to `PANE_GRACE` seconds for ``pids`` to end, then kill what is left."""
    end = time.monotonic() + PANE_GRACE
    while True:
        alive = [p for p in pids if _alive(p)]
        if not alive or time.monotonic() > end:
            break
        time.sleep(0.1)
    for pid in alive:  # a pane's process leads its own session, so its group is its pid
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie of ours is reaped; one not ours counts as ended)."""
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done == pid:
            return False
    except ChildProcessError:
        pass
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def tm(cmd: list[str], *args: str) -> str:
    """Run one tmux command on the server ``cmd``; its stdout."""
    return subprocess.run([*cmd, *args], capture_output=True, text=True, timeout=30).stdout


def wait_for(cmd: list[str], shown: str | Callable[[str], bool], timeout: float = 60) -> str:
    """Pane ``t``'s screen once it holds ``shown`` (a text, or a test of the screen);
    AssertionError with the last screen after ``timeout`` seconds."""
    test = (lambda screen: shown in screen) if isinstance(shown, str) else shown
    end = time.monotonic() + timeout
    while True:
        screen = tm(cmd, "capture-pane", "-p", "-J", "-t", "t")
        if test(screen):
            return screen
        if time.monotonic() > end:
            raise AssertionError(f"{shown!r} never shown:\n{screen}")
        time.sleep(0.3)
