"""newuser29 #20: an app told to end by SIGHUP (its tmux session killed) answered, then hung
in its own shutdown for good (Textual's driver waiting to queue a last write to a terminal
that was gone): the process outlived its terminal, holding the workspace's watcher and chat
session. Now a process still there `EXIT_LIMIT` seconds after the signal is ended, its
cleanup (``--demo``'s copy) run first. A real child process, a real signal; its loop answers
but its ending never finishes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HUNG = """
import asyncio, sys, threading
from pathlib import Path
from memtui.commands import app_signals

app_signals.EXIT_LIMIT = 4.0

class Hung:
    def exit(self, return_code=0):  # the loop answers; the ending never comes
        pass

async def main():
    print("up", flush=True)
    await asyncio.sleep(600)

with app_signals.ends_on_signals(Hung(), lambda: Path(sys.argv[1]).write_text("cleaned")):
    asyncio.run(main())
Path(sys.argv[2]).write_text("ended by itself")
"""


def test_an_app_hung_in_its_ending_is_ended_and_cleaned_up(tmp_path: Path) -> None:
    cleaned, ended = tmp_path / "cleaned", tmp_path / "ended"
    proc = subprocess.Popen([sys.executable, "-c", HUNG, str(cleaned), str(ended)],
                            cwd=ROOT, stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "up"
        sent = time.monotonic()
        proc.send_signal(signal.SIGHUP)
        status = proc.wait(30)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert status == 128 + signal.SIGHUP
    assert cleaned.read_text() == "cleaned" and not ended.exists()
    assert 3.5 <= took < 25  # after the limit, not at once (the loop had answered)


def test_an_app_that_ends_in_time_is_not_cut_short(tmp_path: Path) -> None:
    script = HUNG.replace("        pass", "        raise SystemExit(return_code)")
    script = script.replace("asyncio.run(main())", "asyncio.run(main()) if False else None\n"
                            "    import time; print('up', flush=True); time.sleep(6)")
    proc = subprocess.run([sys.executable, "-c", script, str(tmp_path / "c"),
                           str(tmp_path / "e")], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    # no signal at all: the watchdog never starts, the body ends by itself
    assert proc.returncode == 0 and (tmp_path / "e").read_text() == "ended by itself"
    assert not (tmp_path / "c").exists()
