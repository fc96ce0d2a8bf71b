"""Driving the real app in a real terminal: a private tmux server per test (its own
socket, no user config), for what Pilot cannot see (raw terminal output, a child process
taking the terminal). The ``tmux`` fixture lives in tests/conftest.py."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator

import pytest

#: Mark a module's tests as needing the tmux program.
needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


def tmux_server(socket: str) -> Iterator[list[str]]:
    """The command prefix of a private tmux server at ``socket``, killed at the end."""
    cmd = ["tmux", "-S", socket, "-f", os.devnull]
    try:
        yield cmd
    finally:
        subprocess.run([*cmd, "kill-server"], capture_output=True)


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
