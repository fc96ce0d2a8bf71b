"""newuser30 #26: a test run killed by its process group (``kill -- -PGID``) left a test's
tmux server, and the app in its pane, running for an hour: a tmux server leaves the run's
process group, and the fixture's end never ran. A run stopped by SIGTERM or SIGHUP now ends
the servers its tests hold (tests/tmux.py, `end_all_on_signal`)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from tests.tmux import needs_tmux

pytestmark = needs_tmux
ROOT = Path(__file__).resolve().parents[1]


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _default_signals() -> None:
    """The inner run starts with the signals' default actions: a run under ``nohup`` (as
    .ci/run is started) ignores SIGHUP, and its children inherit that — the inner run then
    rightly keeps running (`tests.tmux.end_all_on_signal` leaves an ignored signal ignored)
    and the test waited out its minute; an xdist worker ignores SIGINT likewise."""
    for signum in (signal.SIGHUP, signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, signal.SIG_DFL)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["term", "hup"])
def test_a_killed_run_ends_the_tmux_servers_its_tests_hold(tmp_path: Path,
                                                           signum: int) -> None:
    ready = tmp_path / "ready"
    # a short folder for the inner run: its tmux socket's path must fit a unix socket's
    # ~107 bytes (under xdist, tmp_path alone is ~80)
    inner = Path(tempfile.mkdtemp(prefix="mtk-"))
    # (not as an xdist worker: the outer run's PYTEST_XDIST_* would make the inner one one)
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")},
           "MEMTUI_TEST_READY": str(ready), "PYTHONDONTWRITEBYTECODE": "1"}
    run = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
         "--basetemp", str(inner / "t"), "tests/tmux_killed_run.py"],
        cwd=ROOT, env=env, start_new_session=True, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, preexec_fn=_default_signals)
    try:
        end = time.monotonic() + 120
        while not ready.exists() or not ready.read_text():
            assert run.poll() is None and time.monotonic() < end, "the inner run never began"
            time.sleep(0.1)
        pane, socket = ready.read_text().split()
        assert _running(int(pane))
        os.killpg(run.pid, signum)  # the whole run, as `kill -- -PGID` does
        run.wait(60)
        gone = time.monotonic() + 10
        while _running(int(pane)) and time.monotonic() < gone:
            time.sleep(0.1)
        assert not _running(int(pane))
        alive = subprocess.run(["tmux", "-S", socket, "has-session"], capture_output=True)
        assert alive.returncode != 0
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
        if ready.exists() and ready.read_text():
            socket = ready.read_text().split()[1]
            subprocess.run(["tmux", "-S", socket, "kill-server"], capture_output=True)
        shutil.rmtree(inner, ignore_errors=True)
