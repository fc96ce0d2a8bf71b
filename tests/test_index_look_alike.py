"""newuser38 #22: an index saved as ``memory.md`` (lower case) gave "Index MEMORY.md: none"
and two orphans with no hint about the look-alike file. The Index row names it. The CLI in
a child process, real files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_lower_case_index_is_named(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "memory.md").write_text("- [a](a.md) — a\n")
    (ws / "a.md").write_text("---\nname: a\ndescription: a\ntype: project\n---\nA.\n")
    if (ws / "MEMORY.md").exists():  # a case-insensitive disk: Claude Code loads it there
        return
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws)],
                         capture_output=True, text=True, env=env, cwd=ROOT)
    row = next(ln for ln in run.stdout.splitlines() if ln.startswith("Index"))
    assert "memory.md is here" in row and "rename the file to MEMORY.md" in row, row
