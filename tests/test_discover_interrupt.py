"""Ctrl+C during ``memtui audit --discover``: the workers end at once and one line says what
happened (newuser38 #20: exit 130 came 9 s after the key, nothing said, the shell's prompt
glued to the progress line). The real command in its own process group, SIGINT to the group
as a terminal sends it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _fleet(root: Path, n: int) -> None:
    for w in range(n):
        ws = root / f"ws{w}"
        ws.mkdir(parents=True)
        (ws / "MEMORY.md").write_text("".join(f"- [m{i}](m{i}.md) — fact {i}\n"
                                              for i in range(150)), encoding="utf-8")
        for i in range(150):
            (ws / f"m{i}.md").write_text(
                f"---\nname: m{i}\ndescription: fact {i}\ntype: project\n---\n"
                f"The queue {i} of workspace {w} drains at {i % 24}:30 every night after "
                f"the backup of shelf {i} ends.\n", encoding="utf-8")


def _pool_started(pid: int) -> None:
    """Wait (at most 60 s) until the command has forked its workers, then a moment more."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if children.read_text().split():
                break
        except OSError:
            time.sleep(3)  # no such file here: the pool runs well before twenty are done
            return
        time.sleep(0.1)
    time.sleep(1)


def test_ctrl_c_ends_the_discover_with_one_line(tmp_path: Path) -> None:
    """On integ: exit 130 and nothing on stderr."""
    _fleet(tmp_path / "fleet", 20)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1"}
    # (SIGINT as a terminal leaves it: a test runner's worker may ignore it, and a child
    # inherits an ignored SIGINT)
    proc = subprocess.Popen([sys.executable, "-m", "memtui", "audit", str(tmp_path / "fleet"),
                             "--discover", "--jobs", "2"], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    _pool_started(proc.pid)
    assert proc.poll() is None
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err.startswith("memtui audit: interrupted after ")
    assert err.rstrip().endswith("of 20 workspaces; no report")
    assert out == ""
