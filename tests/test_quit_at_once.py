"""newuser35 #16: quitting the app took 1-3.5 s, most of it after the app had ended: the
interpreter freeing, one by one, every object the app made (vocabularies, scans, widgets).
The app's process now ends at once when the app returns and no other thread runs, as
``audit`` does. Shown here by the real program in a terminal: an exit handler that the
interpreter's teardown would run never runs, and the terminal is given back."""

from __future__ import annotations

import os
import pty
import select
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def read_until(fd: int, want: bytes, seconds: float) -> bytes:
    seen, end = b"", time.monotonic() + seconds
    while want not in seen and time.monotonic() < end:
        if select.select([fd], [], [], 0.2)[0]:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    return seen


def test_the_app_ends_without_the_teardown(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Memory\n\n- [Role](memory/role.md) — the role\n",
                                  encoding="utf-8")
    (ws / "memory" / "role.md").write_text(
        "---\nname: role\ndescription: the role\nmetadata:\n  type: user\n---\nEngineer.\n",
        encoding="utf-8")
    hook = tmp_path / "hook"
    hook.mkdir()
    marker = tmp_path / "teardown-ran"
    (hook / "sitecustomize.py").write_text(
        f"import atexit\natexit.register(lambda: open({str(marker)!r}, 'w').close())\n",
        encoding="utf-8")
    env = dict(os.environ, HOME=str(tmp_path / "home"), TERM="xterm-256color",
               PYTHONPATH=os.pathsep.join([str(hook), str(ROOT)]),
               XDG_CACHE_HOME=str(tmp_path / "cache"), COLUMNS="120", LINES="40")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the real program
        os.chdir(ROOT)
        os.execve(sys.executable, [sys.executable, "-m", "memtui", str(ws)], env)
    try:
        assert b"audited" in read_until(fd, b"audited", 60), "the app did not start"
        os.write(fd, b"q")
        read_until(fd, b"\x00never", 30)  # to the end of its output
        _, status = os.waitpid(pid, 0)
        pid = 0
        assert os.waitstatus_to_exitcode(status) == 0
        assert not marker.exists(), "the process ran the interpreter's teardown after q"
    finally:
        if pid:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        os.close(fd)
