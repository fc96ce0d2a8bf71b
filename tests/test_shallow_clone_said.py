"""newuser31 #23: on a shallow clone (actions/checkout's default) ages by git stop at the
clone's one commit and names only the cut history held are not found stale — said on
stderr; a whole clone says nothing."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.helpers import memory


def git(repo: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


def test_a_shallow_clone_is_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    origin = tmp_path / "origin"
    origin.mkdir()
    git(origin, "init", "-q")
    (origin / "MEMORY.md").write_text("- [A](a.md) — a\n")
    for n in range(2):
        (origin / "a.md").write_text(memory("a", f"Fact {n}.\n"))
        git(origin, "add", "-A")
        git(origin, "commit", "-q", "-m", f"c{n}")
    whole, shallow = tmp_path / "whole", tmp_path / "shallow"
    git(tmp_path, "clone", "-q", origin.as_uri(), str(whole))
    git(tmp_path, "clone", "-q", "--depth", "1", origin.as_uri(), str(shallow))
    main(["audit", str(whole)])
    assert "shallow" not in capsys.readouterr().err
    main(["audit", str(shallow), "--json"])
    err = capsys.readouterr().err
    assert "the git repository is a shallow clone" in err and "fetch-depth: 0" in err
