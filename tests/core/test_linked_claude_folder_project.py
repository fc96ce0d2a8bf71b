"""newuser27 #22: a Claude Code memory folder that is a symbolic link to the repository's
``.claude/memory`` (so the memory follows git) keeps its project: stale references are
checked against the repository, as for the same folder copied in place."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.email=a@b", "-c", "user.name=a", *args], cwd=cwd,
                   check=True, capture_output=True)


def test_a_linked_claude_folder_is_checked_against_its_repository(tmp_path: Path) -> None:
    repo = tmp_path / "gs"
    mem = repo / ".claude" / "memory"
    mem.mkdir(parents=True)
    (repo / "src").mkdir()
    (repo / "src" / "x.py").write_text("x = 1\n", encoding="utf-8")
    (mem / "project_a.md").write_text(
        "---\nname: a\ndescription: a\ntype: project\n---\nThe bug is at `src/x.py:40`.\n",
        encoding="utf-8")
    (mem / "MEMORY.md").write_text("# M\n- [a](project_a.md) — a\n", encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "init")
    home = tmp_path / "home" / ".claude" / "projects" / "-somewhere-else-gs"
    home.mkdir(parents=True)
    (home / "memory").symlink_to(mem)
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    got = subprocess.run([sys.executable, "-m", "memtui", "audit", str(home / "memory"),
                          "--json"], env=env, capture_output=True, text=True, timeout=120,
                         check=False)
    data = json.loads(got.stdout)
    assert data["project"] == {"path": str(repo.resolve()), "source": "claude-code",
                               "note": ""}
    assert [f["message"] for f in data["findings"] if f["kind"] == "stale_reference"] == \
        ["src/x.py:40: src/x.py has 1 lines, line 40 is gone"]
