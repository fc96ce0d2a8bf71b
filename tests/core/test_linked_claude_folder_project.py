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
    # (source "repository": found from the git work tree, not the folder's name: newuser28
    # #27, whose report row said "from the Claude Code folder name")
    assert data["project"] == {"path": str(repo.resolve()), "source": "repository",
                               "note": ""}
    assert [f["message"] for f in data["findings"] if f["kind"] == "stale_reference"] == \
        ["src/x.py:40: src/x.py has 1 lines, line 40 is gone"]


def _memory_in(repo: Path, folder: str) -> Path:
    mem = repo / folder
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
    return mem


def _audit(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "memtui", "audit", str(folder), *args],
                          env=env, capture_output=True, text=True, timeout=120, check=False)


def test_a_memory_folder_in_a_work_tree_has_its_project(tmp_path: Path) -> None:
    """newuser28 #27: ``claude-memory/`` (not hidden) in a repository got "no project":
    stale references silently off. The project is the work tree's top, the folder Claude
    Code runs in, and the report names where it came from."""
    repo = tmp_path / "hoa"
    mem = _memory_in(repo, "docs/claude-memory")
    data = json.loads(_audit(mem, "--json").stdout)
    assert data["project"] == {"path": str(repo.resolve()), "source": "repository",
                               "note": ""}
    assert [f["message"] for f in data["findings"] if f["kind"] == "stale_reference"] == \
        ["src/x.py:40: src/x.py has 1 lines, line 40 is gone"]
    text = _audit(mem).stdout
    assert f"Project                {repo.resolve()} (the git work tree holding the memory " \
        "folder; --project DIR to change)" in text, text


def test_a_memory_folder_that_is_its_own_repository_has_none(tmp_path: Path) -> None:
    mem = _memory_in(tmp_path / "notes", ".")
    data = json.loads(_audit(mem, "--json").stdout)
    assert data["project"]["path"] is None and data["project"]["source"] == "none"
