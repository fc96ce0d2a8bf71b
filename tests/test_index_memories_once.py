"""newuser27 #14: the Index row counts each memory once: one linked on two entry lines is
not two memories ("55 entries (55 memories)" beside "54 of 54 files")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEMORY = "---\nname: {0}\ndescription: d\nmetadata:\n  type: project\n---\nfact {0}\n"


def _audit(ws: Path) -> str:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "COLUMNS": "200"}
    got = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws)], env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert got.returncode in (0, 1), got.stderr
    return got.stdout


def test_a_memory_linked_on_two_lines_is_one_memory(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    for name in ("a", "b", "c"):
        (tmp_path / "memory" / f"{name}.md").write_text(MEMORY.format(name), encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text(
        "# Memory\n\n- [A](memory/a.md) — a\n- [B](memory/b.md) — b\n"
        "- See [the a memory](memory/a.md) for more\n"
        "- [C](memory/c.md) and [B](memory/b.md) — packed\n", encoding="utf-8")
    index = next(ln for ln in _audit(tmp_path).splitlines() if ln.startswith("Index"))
    assert ("MEMORY.md: 6 lines, 3 entries (2 memories), 1 packed (2 memories), "
            "0 without links; 2 memories linked twice") in index


def test_no_note_when_each_memory_is_linked_once(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "a.md").write_text(MEMORY.format("a"), encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text("- [A](memory/a.md) — a\n", encoding="utf-8")
    index = next(ln for ln in _audit(tmp_path).splitlines() if ln.startswith("Index"))
    assert index.endswith("1 entry (1 memory), 0 packed (0 memories), 0 without links")


def test_a_link_to_no_file_is_no_memory(tmp_path: Path) -> None:
    """newuser33 #26: "234 entries (234 memories)" counted three links to files that do
    not exist (the same report's broken links) as memories."""
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "a.md").write_text(MEMORY.format("a"), encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text(
        "- [A](memory/a.md) — a\n- [G](memory/gone.md) — gone\n"
        "- [S](memory/sub/gone-3.md) — gone too\n", encoding="utf-8")
    index = next(ln for ln in _audit(tmp_path).splitlines() if ln.startswith("Index"))
    assert index.endswith("3 entries (1 memory, 2 broken), 0 packed (0 memories), "
                          "0 without links")
