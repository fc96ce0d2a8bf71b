"""newuser38 #17: with a workspace ``.memtui.toml``, the user-level file's ``fail-on`` is
kept (newuser32 #37: the repository may tighten it, never loosen it), but the Config row
named only the workspace's file: a run with "0 error" failed and the report never said why.
The CLI in a child process, a real user-level file (MEMTUI_CONFIG_DIR)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEMORY = "---\nname: {0}\ndescription: {0}\ntype: project\n---\n{0}.\n"


def test_the_kept_user_fail_on_is_named_in_the_config_row(tmp_path: Path) -> None:
    xdg = tmp_path / "xdg"
    (xdg / "memtui").mkdir(parents=True)
    (xdg / "memtui" / "config.toml").write_text('fail-on = "warning"\n')
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — a\n")
    (ws / "memory" / "a.md").write_text(MEMORY.format("a"))
    (ws / "memory" / "b.md").write_text(MEMORY.format("b"))  # an orphan: one warning
    (ws / ".memtui.toml").write_text('stale-days = 90\n')
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT),
           "MEMTUI_CONFIG_DIR": str(xdg / "memtui")}
    run = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws)],
                         capture_output=True, text=True, env=env, cwd=ROOT)
    assert run.returncode == 1, run.stdout + run.stderr
    row = next(ln for ln in run.stdout.splitlines() if ln.startswith("Config"))
    assert "fail-on = warning from " in row and "config.toml" in row, row
