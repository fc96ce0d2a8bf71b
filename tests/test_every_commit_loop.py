"""A credential a pull request adds in one commit and removes in the next (newuser38 #7):
``audit`` judges the working tree only, its ``--help`` says so, and the loop docs/audit.md
gives (every commit of the pull request audited from ``git archive``) fails on it. A real git
repository, the documented shell loop run by bash, memtui in a child process."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "ghp_" + "R8vQ2mZx7LpK4nW9tY3bHc6dFj1sGa5eUo0i"
MEMORY = "---\nname: {0}\ndescription: {0} fact\ntype: project\n---\nThe {0} fact.\n"

pytestmark = pytest.mark.skipif(shutil.which("git") is None or shutil.which("tar") is None,
                                reason="needs git and tar")


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com",
                    "-c", "commit.gpgsign=false", *args], cwd=repo, check=True,
                   capture_output=True)


def documented_loop() -> str:
    doc = (ROOT / "docs" / "audit.md").read_text()
    m = re.search(r"<!-- every-commit-loop -->\n```sh\n(.*?)```", doc, re.S)
    assert m, "docs/audit.md gives no loop over a pull request's commits"
    return m.group(1)


def test_the_help_says_the_working_tree_only() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    done = subprocess.run([sys.executable, "-m", "memtui", "audit", "--help"],
                          capture_output=True, text=True, env=env, cwd=ROOT)
    assert "the working tree" in done.stdout and "history" in done.stdout
    assert "git rev-list BASE..HEAD" in done.stdout


#: What the commit adds beside its credential (redteam40): nothing, or ``.gitattributes``
#: lines that make ``git archive`` leave the file out (``export-ignore``, through a macro
#: and from a folder's own file) or rewrite it (``export-subst``).
ATTRIBUTES = {
    "nothing": {},
    "export-ignore": {".gitattributes": "agent/ci-token.md export-ignore\n"},
    "a macro in a folder's file": {".gitattributes": "[attr]hide export-ignore\n",
                                   "agent/.gitattributes": "*.md hide\n"},
}


@pytest.mark.parametrize("attributes", ATTRIBUTES.values(), ids=ATTRIBUTES.keys())
def test_the_documented_loop_fails_on_a_credential_added_then_removed(
        tmp_path: Path, attributes: dict[str, str]) -> None:
    """With ``export-ignore`` beside the credential the loop passed on integ (exit 0): the
    archive obeyed the commit's own ``.gitattributes`` and held no such file."""
    repo = tmp_path / "repo"
    ws = repo / "agent"
    ws.mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [Deploys](deploys.md) — how deploys go\n")
    (ws / "deploys.md").write_text(MEMORY.format("deploys"))
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "base")
    git(repo, "update-ref", "refs/remotes/origin/main", "HEAD")  # the base, as CI fetches it
    git(repo, "checkout", "-qb", "pr")
    (ws / "ci-token.md").write_text(MEMORY.format("ci") + f"CI token: {TOKEN}\n")
    for rel, text in attributes.items():
        (repo / rel).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "add the token")
    (ws / "ci-token.md").unlink()
    for rel in attributes:
        (repo / rel).unlink()
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "remove it again")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "memtui").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m memtui "$@"\n')
    (bin_dir / "memtui").chmod(0o755)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1",
           "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "GITHUB_BASE_REF": "main"}
    tip = subprocess.run(["memtui", "audit", "agent", "--fail-on", "error"], cwd=repo,
                         env=env, capture_output=True, text=True)
    assert tip.returncode == 0, tip.stdout + tip.stderr  # the gap: the tip holds no token
    script = documented_loop().replace("path/to/workspace", "agent")
    done = subprocess.run(["bash", "-c", script], cwd=repo, env=env, capture_output=True,
                          text=True)
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.count("commit ") == 1 and "GitHub Token" in done.stdout
    assert TOKEN not in done.stdout
