"""real38: the Index row counted an entry linking the project's CLAUDE.md out of the memory
folder (``[CLAUDE.md](../../CLAUDE.md)``, an outside_link) as a memory: "6 entries (6
memories)" beside "Linked from the index 5 of 5 files". A file outside the workspace is no
memory of it, nor a broken link when it exists."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEMORY = "---\nname: {0}\ndescription: d\nmetadata:\n  type: project\n---\nfact {0}\n"


def _index_row(ws: Path) -> str:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "COLUMNS": "200"}
    got = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws)], env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert got.returncode in (0, 1), got.stderr
    return next(ln for ln in got.stdout.splitlines() if ln.startswith("Index"))


def test_an_entry_linking_a_file_outside_the_folder_is_no_memory(tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Project\nRun the tests.\n", encoding="utf-8")
    ws = tmp_path / ".claude" / "memory"
    ws.mkdir(parents=True)
    for name in ("a", "b"):
        (ws / f"{name}.md").write_text(MEMORY.format(name), encoding="utf-8")
    (ws / "MEMORY.md").write_text(
        "- [A](a.md) — a\n- [B](b.md) — b\n\n## Features\n\n"
        "See [CLAUDE.md](../../CLAUDE.md) for the whole snapshot.\n", encoding="utf-8")
    assert _index_row(ws).endswith(
        "3 entries (2 memories), 0 packed (0 memories), 0 without links")


def test_a_missing_file_outside_the_folder_is_still_broken(tmp_path: Path) -> None:
    ws = tmp_path / ".claude" / "memory"
    ws.mkdir(parents=True)
    (ws / "a.md").write_text(MEMORY.format("a"), encoding="utf-8")
    (ws / "MEMORY.md").write_text("- [A](a.md) — a\n- [Gone](../../GONE.md) — gone\n",
                                  encoding="utf-8")
    assert _index_row(ws).endswith(
        "2 entries (1 memory, 1 broken), 0 packed (0 memories), 0 without links")
