"""newuser31 #26: ``git mv .claude/memory docs/claude_memory`` reset every memory's git age
to the move. The age walk now follows a folder moved whole (its tree the same at another
path): the move dates no memory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def git(repo: Path, *args: str, date: str = "2024-01-10T12:00:00") -> None:
    env = {**os.environ, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date,
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@x", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@x"}
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


def test_a_moved_memory_folder_keeps_its_ages(tmp_path: Path) -> None:
    repo = tmp_path / "ci"
    mem = repo / ".claude/memory"
    mem.mkdir(parents=True)
    (mem / "MEMORY.md").write_text("- [A](a.md) — a\n- [B](b.md) — b\n", encoding="utf-8")
    for name in "ab":
        (mem / f"{name}.md").write_text(f"---\nname: {name}\ndescription: {name}\n---\n{name}\n",
                                        encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "first", date="2024-01-10T12:00:00")
    (mem / "b.md").write_text("---\nname: b\ndescription: b\n---\nb2\n", encoding="utf-8")
    git(repo, "commit", "-qam", "b", date="2025-01-10T12:00:00")
    (repo / "docs").mkdir()
    git(repo, "mv", ".claude/memory", "docs/claude_memory")
    git(repo, "commit", "-qm", "move", date="2026-01-05T12:00:00")
    proc = subprocess.run([sys.executable, "-m", "memtui", "audit",
                           str(repo / "docs/claude_memory"), "--json", "--fail-on", "never"],
                          capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1"})
    files = {f["path"]: f for f in json.loads(proc.stdout)["files"]}
    assert {p: f["age_source"] for p, f in files.items()} == {"a.md": "git", "b.md": "git"}
    # dated by their own commits, a year apart, not both by the move
    assert files["a.md"]["age_days"] - files["b.md"]["age_days"] in (365, 366)
