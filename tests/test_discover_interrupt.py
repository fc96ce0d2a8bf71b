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


def test_ctrl_c_ends_the_discover_with_one_line(tmp_path: Path) -> None:
    """On integ: exit 130 and nothing on stderr."""
    _fleet(tmp_path / "fleet", 20)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "memtui", "audit", str(tmp_path / "fleet"),
                             "--discover", "--jobs", "2"], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    time.sleep(3)  # the pool running: twenty cold workspaces take far longer
    assert proc.poll() is None
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err.startswith("memtui audit: interrupted after ")
    assert err.rstrip().endswith("of 20 workspaces; no report")
    assert out == ""
