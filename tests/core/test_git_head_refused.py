"""A ``.git/HEAD`` memtui refuses to follow (newuser32 #32): a ref through ``..`` or a ref
that is a symbolic link read as "No commit touched this workspace." (exit 0) and the ages
fell back to mtime in silence; now the refusal is said, as a corrupt pack's is."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from memtui.cli import main


def _repo(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Index\n\n- [A](memory/a.md) — a\n")
    (root / "memory" / "a.md").write_text("---\nname: a\ndescription: a\ntype: user\n---\nA.\n")
    env = {**os.environ, "GIT_AUTHOR_DATE": "2024-01-05T00:00:00Z",
           "GIT_COMMITTER_DATE": "2024-01-05T00:00:00Z", "GIT_CONFIG_GLOBAL": os.devnull}
    for args in (["init", "-q", "-b", "main"], ["add", "-A"],
                 ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one"]):
        subprocess.run(["git", *args], cwd=root, env=env, check=True)
    return root


@pytest.mark.parametrize("how", ["dotdot", "symlink"])
def test_a_refused_head_is_said(tmp_path: Path, how: str,
                                capsys: pytest.CaptureFixture[str]) -> None:
    root = _repo(tmp_path / "g")
    if how == "dotdot":
        (root / ".git" / "HEAD").write_text("ref: refs/heads/../../../../etc/passwd\n")
    else:
        ref = root / ".git" / "refs" / "heads" / "main"
        ref.rename(tmp_path / "elsewhere")
        ref.symlink_to(tmp_path / "elsewhere")
    assert main(["trend", str(root)]) == 2
    err = capsys.readouterr().err
    assert "HEAD cannot be followed" in err and "No commit" not in err
    main(["audit", str(root), "--json"])
    got = json.loads(capsys.readouterr().out)
    problems = [f["message"] for f in got["findings"] if f["kind"] == "read_problem"]
    assert any("HEAD cannot be followed" in m for m in problems), problems


def test_a_worktree_git_file_is_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser32 #32 addendum: a `git worktree` (its .git a file) read "not inside a git
    repository" in trend and dated every file by its mtime in silence in the audit."""
    root = _repo(tmp_path / "g")
    subprocess.run(["git", "worktree", "add", "-q", str(tmp_path / "wt")], cwd=root,
                   check=True, env={**os.environ, "GIT_CONFIG_GLOBAL": os.devnull})
    assert main(["trend", str(tmp_path / "wt")]) == 2
    err = capsys.readouterr().err
    assert "worktree or submodule" in err and "not inside a git repository" not in err
    main(["audit", str(tmp_path / "wt"), "--json"])
    got = json.loads(capsys.readouterr().out)
    assert any("worktree or submodule" in f["message"] for f in got["findings"]
               if f["kind"] == "read_problem")
