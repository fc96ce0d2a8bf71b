"""A Gemini folder checked out on another machine keeps pointer lines naming the agent's
own home (``/home/ana/.gemini/tmp/<p>/memory/x.md``). The audit names a broken one by the
file inside the folder (``x.md``); ``fix repoint`` and ``fix remove-link`` refused that name
(newuser42 #1), and repoint wrote this checkout's path into the line, a path that names no
file where Gemini runs, where add-pointer writes the base the other lines use (#2)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "memtui", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT)


HOME = "/home/ana-elsewhere/.gemini/tmp/proj/memory"


def folder(tmp_path: Path) -> Path:
    mem = tmp_path / "checkout" / ".gemini" / "tmp" / "proj" / "memory"
    mem.mkdir(parents=True)
    for name in ("g1", "g2", "vault"):
        (mem / f"{name}.md").write_text(f"# {name}\nFact about {name}.\n")
    (mem / "MEMORY.md").write_text(
        f"- See {HOME}/g1.md for g1 notes.\n- See {HOME}/g2.md for g2 notes.\n"
        f"- See {HOME}/gone.md for gone notes.\n- See {HOME}/lost.md for lost notes.\n")
    return mem


def test_the_audits_name_is_accepted_and_the_line_keeps_the_agents_base(
        tmp_path: Path) -> None:
    mem = folder(tmp_path)
    audit = memtui("audit", str(mem), "--profile", "gemini", "--fail-on", "never")
    assert "reference to gone.md: no such file" in audit.stdout, audit.stdout
    run = memtui("fix", "repoint", str(mem), "gone.md", "vault.md", "--profile", "gemini")
    assert run.returncode == 0, run.stderr
    lines = (mem / "MEMORY.md").read_text().splitlines()
    assert lines[2] == f"- See {HOME}/vault.md for gone notes.", lines
    run = memtui("fix", "remove-link", str(mem), "lost.md", "--profile", "gemini")
    assert run.returncode == 0, run.stderr
    assert (mem / "MEMORY.md").read_text().splitlines() == lines[:3]


def test_a_second_pointer_for_one_file_is_warned_of(tmp_path: Path) -> None:
    mem = folder(tmp_path)
    run = memtui("fix", "repoint", str(mem), "gone.md", "g1.md", "--profile", "gemini",
                 "--dry-run")
    assert run.returncode == 0, run.stderr
    assert "two pointer lines for one file" in run.stdout + run.stderr, run.stdout
