"""newuser29 #11: a memtui app started in a test's tmux pane outlived its test and its
terminal (PPID 1, its pty deleted, minutes later). Killing the private server only sends
the panes SIGHUP; a process that does not end on it stayed. The ``tmux`` fixture now ends
every pane's process, even when the test fails."""

from __future__ import annotations

import contextlib
import os
import sys
import time
from pathlib import Path

from tests.tmux import needs_tmux, tm, tmux_server, wait_for

pytestmark = needs_tmux

DEAF = ("import signal, time; signal.signal(signal.SIGHUP, signal.SIG_IGN); "
        "print('up', flush=True); time.sleep(600)")


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_pane_deaf_to_sighup_ends_with_its_server_even_when_the_test_fails(
        tmp_path: Path) -> None:
    server = tmux_server(str(tmp_path / "tmux.sock"))
    cmd = next(server)
    tm(cmd, "new-session", "-d", "-s", "t", "-x", "80", "-y", "24", "sleep 600")
    tm(cmd, "respawn-pane", "-k", "-t", "t", f'{sys.executable} -c "{DEAF}"')
    wait_for(cmd, "up")
    pid = int(tm(cmd, "list-panes", "-a", "-F", "#{pane_pid}").split()[0])
    assert _running(pid)
    with contextlib.suppress(AssertionError):  # the test failed: the fixture's end runs
        server.throw(AssertionError("the test failed"))
    end = time.monotonic() + 10
    while _running(pid) and time.monotonic() < end:
        time.sleep(0.1)
    assert not _running(pid), f"pane process {pid} outlived its tmux server"
    assert os.getpid() != pid
