"""Run by tests/test_tmux_killed_run.py alone (no ``test_`` prefix: never collected by the
suite): a test holding a tmux server with a process in its pane, until its run is killed."""

from __future__ import annotations

import os
import time
from pathlib import Path

from tests.tmux import tm


def test_holds_a_server(tmux: list[str]) -> None:
    tm(tmux, "new-session", "-d", "-s", "t", "-x", "80", "-y", "24", "sleep 600")
    pane = tm(tmux, "list-panes", "-a", "-F", "#{pane_pid}").split()[0]
    Path(os.environ["MEMTUI_TEST_READY"]).write_text(f"{pane} {tmux[2]}", encoding="ascii")
    time.sleep(600)
