"""newuser31 #28: ``memtui fix delete WS -rf`` (a memory named "-rf", as agents write from
user text) said only "the following arguments are required: MEMORY"; now the line says how
to name it, and its path works. An option-like argument of a command that names no memory
gets no such hint."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memtui", *args], capture_output=True,
                          text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT),
                                                    "MEMTUI_NO_CACHE": "1"})


def test_a_dash_name_is_said_how_to_give(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text("- [rf](memory/-rf.md) — x\n", encoding="utf-8")
    (tmp_path / "memory/-rf.md").write_text("---\nname: -rf\ndescription: x\n---\nbody\n",
                                            encoding="utf-8")
    proc = run("fix", "delete", str(tmp_path), "-rf", "--dry-run")
    assert proc.returncode == 2
    assert proc.stderr.strip().endswith(
        "; -rf is read as an option: a memory named -rf is given by its file's path (e.g. "
        "memory/-rf.md), or after -- with every option before it"), proc.stderr
    assert run("fix", "delete", str(tmp_path), "memory/-rf.md", "--dry-run").returncode == 0
    other = run("audit", str(tmp_path), "--bogus")
    assert other.returncode == 2 and "read as an option" not in other.stderr
