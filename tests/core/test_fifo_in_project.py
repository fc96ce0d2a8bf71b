"""A FIFO among a project's files, or in a memory folder's place, never stalls an audit
(session 34: the project's text and the profile's evidence opened files with a plain
``open``, which blocks on a FIFO until a writer comes)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@localhost", *args],
                   cwd=cwd, check=True, capture_output=True)


def _audit(*args: object) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "memtui", "audit", *map(str, args)],
                          cwd=ROOT, capture_output=True, text=True, env=env, timeout=60)


def _workspace(root: Path, body: str) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [B](memory/b.md) — how we build\n", encoding="utf-8")
    (root / "memory/b.md").write_text(
        "---\nname: b\ndescription: build\ntype: project\n---\n" + body
        + "\n\n**Why:** x\n**How to apply:** y\n", encoding="utf-8")
    return root


def test_a_fifo_among_the_projects_files(tmp_path: Path) -> None:
    proj = tmp_path / "proj"
    proj.mkdir()
    _git(proj, "init", "-q")
    (proj / "Makefile").write_text("build-old:\n\techo a\n")
    (proj / "tool.py").write_text("def load_store():\n    pass\n")
    _git(proj, "add", ".")
    _git(proj, "commit", "-qm", "one")
    (proj / "Makefile").write_text("build:\n\techo a\n")
    _git(proj, "commit", "-qam", "two")
    for name in ("Makefile", "tool.py"):  # swapped for FIFOs in the work tree
        (proj / name).unlink()
        os.mkfifo(proj / name)
    ws = _workspace(tmp_path / "ws", "Run `make build-old`, then `load_store()`.")
    proc = _audit(ws, "--project", proj)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_fifo_in_an_item_workspace_that_is_its_own_project(tmp_path: Path) -> None:
    ws = _workspace(tmp_path / "ws", "The `load_store()` helper in `tool.py` reads it.")
    os.mkfifo(ws / "tool.py")
    proc = _audit(ws)
    assert proc.returncode == 0, proc.stderr
