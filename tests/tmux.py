"""Driving the real app in a real terminal: a private tmux server per test (its own
socket, no user config), for what Pilot cannot see (raw terminal output, a child process
taking the terminal). The ``tmux`` fixture lives in tests/conftest.py."""

from __future__ import annotations

import atexit
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


#: The tmux servers (socket → command prefix) this test process started and has not ended
#: yet: a run stopped by a signal (its process group killed: newuser30 #26) ends them
#: before it goes, since a tmux server leaves the run's process group (it outlived a
#: killed run by an hour, with the app in its pane).
_LIVE_SERVERS: dict[str, list[str]] = {}


def tmux_server(socket: str) -> Iterator[list[str]]:
    """The command prefix of a private tmux server at ``socket``, killed at the end with
    every process its panes ran: the server's SIGHUP alone let an app started by a test
    outlive it and its terminal for minutes (newuser29 #11), so what is still running
    after `PANE_GRACE` seconds is killed (each pane's process group: its children too).
    Ended too when the run is stopped by a signal (`end_all_on_signal`)."""
    cmd = ["tmux", "-S", socket, "-f", os.devnull]
    _LIVE_SERVERS[socket] = cmd
    try:
        yield cmd
    finally:
        end_server(cmd)
        _LIVE_SERVERS.pop(socket, None)


def end_server(cmd: list[str], grace: float = PANE_GRACE) -> None:
    """Kill the tmux server ``cmd`` and, after ``grace`` seconds, what its panes still run."""
    panes = [int(p) for p in tm(cmd, "list-panes", "-a", "-F", "#{pane_pid}").split()
             if p.isdigit()]
    subprocess.run([*cmd, "kill-server"], capture_output=True, timeout=30)
    end_panes(panes, grace)


def end_all() -> None:
    """End every tmux server the run started and still holds, and what its panes run."""
    for cmd in list(_LIVE_SERVERS.values()):
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            end_server(cmd, grace=0.5)
    _LIVE_SERVERS.clear()


def end_all_on_signal() -> None:
    """On SIGTERM or SIGHUP (``kill -- -PGID`` of the run, a closed terminal), end what
    `end_all` ends, then die of the signal as before; at a normal exit, the same."""
    atexit.register(end_all)

    def stop(signum: int, _frame: object) -> None:
        end_all()
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(signum) in (signal.SIG_DFL, None):
            signal.signal(signum, stop)


def end_panes(pids: list[int], grace: float = PANE_GRACE) -> None:
    """Wait up to ``grace`` seconds for ``pids`` to end, then kill what is left."""
    end = time.monotonic() + grace
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
