"""``memtui --demo`` removes its temporary copy however it ends: on ``q``, and also when its
terminal closes (SIGHUP) or it is told to end (SIGTERM), which killed it past the removal
and left ``/tmp/memtui-demo-…`` behind (newuser22 #27)."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM], ids=["hup", "term"])
def test_the_demo_copy_is_removed_when_the_terminal_closes(signum: int) -> None:
    master, slave = os.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1",
           "TERM": "xterm-256color"}
    proc = subprocess.Popen([sys.executable, "-m", "memtui", "--demo"], stdin=slave,
                            stdout=slave, stderr=slave, env=env, cwd=ROOT,
                            start_new_session=True)
    os.close(slave)
    out, copy = b"", None
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    out += os.read(master, 65536)
                except OSError:
                    break
            found = re.search(rb"temporary copy at (\S+)", out)
            if found and copy is None:
                copy = Path(found.group(1).decode())
            # the app is on the screen once its footer is drawn (its widgets mounted): not
            # 2 s after the alternate screen opened, which under load came before the
            # widgets, and the signal's exit then failed on a query (exit 1)
            if copy is not None and b"\x1b[?1049h" in out and b"palette" in out:
                break
        assert copy is not None and copy.is_dir(), out[-500:]
        if signum == signal.SIGHUP:
            os.close(master)  # the terminal goes, as a closed window's does
            master = -1
        proc.send_signal(signum)
        assert proc.wait(30) == 128 + signum
        assert not copy.parent.exists()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        if master >= 0:
            os.close(master)


async def test_a_worker_never_waits_for_an_app_that_has_gone(workspace: Path) -> None:
    """``q`` during the first audit took 35 s to end the process (at load 8): the audit's
    thread, giving way to a screen no longer drawn, waited 0.2 s at every step. Once the
    app unmounts, a check never waits."""
    from memtui.tui.app import open_app
    from memtui.tui.widgets.give_way import LATE, MAX_WAIT

    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)):
        pass
    give_way = app.give_way
    time.sleep(2 * LATE)  # no beat since: the loop is late (it is gone)
    start = time.monotonic()
    for _ in range(20):
        give_way.check()
    assert time.monotonic() - start < MAX_WAIT
