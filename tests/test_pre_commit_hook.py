"""The ``memtui-audit`` pre-commit hook (``.pre-commit-hooks.yaml``, issue 14 part 3).

The hook's definition is checked and run the way pre-commit runs it, always; the real
``pre-commit try-repo`` runs when pre-commit is installed (it is not in the test extra:
try-repo builds the hook's environment with pip, about a minute with the network).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
MEMORY = "---\nname: {0}\ndescription: d\nmetadata:\n  type: project\n---\nfact\n"


def hook() -> dict[str, object]:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (found,) = [h for h in hooks if h["id"] == "memtui-audit"]
    return found


def git_repo(root: Path, broken: bool) -> Path:
    """A git repository holding a memory workspace (with a broken link when ``broken``)."""
    (root / "memory").mkdir(parents=True)
    index = "- [a](memory/a.md) — hook\n" + ("- [g](memory/gone.md) — hook\n" if broken else "")
    (root / "MEMORY.md").write_text(index, encoding="utf-8")
    (root / "memory/a.md").write_text(MEMORY.format("a"), encoding="utf-8")
    (root / "README.md").write_text("not memory\n", encoding="utf-8")
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "memory"]):
        subprocess.run(["git", *args], cwd=root, env=env, check=True)
    return root


def test_hook_definition() -> None:
    h = hook()
    assert h["language"] == "python" and h["pass_filenames"] is False
    assert h["entry"] == "memtui audit" and h["args"] == ["."]
    files = re.compile(str(h["files"]))  # pre-commit matches with re.search
    # every file under memory/, not only *.md: the audit reads each text there for
    # credentials (session 28), so a commit adding memory/.env runs it
    for path in ("MEMORY.md", "memory/a.md", "memory/deep/b.md", "agent/ws/MEMORY.md",
                 "agent/ws/memory/x.md", "memory/a.txt", "memory/.env",
                 "memory/archive/old.json"):
        assert files.search(path), path
    for path in ("README.md", "docs/memory.md", "src/MEMORY.md.bak", "memory.txt"):
        assert not files.search(path), path


@pytest.mark.parametrize("broken", [False, True])
def test_hook_command_as_pre_commit_runs_it(tmp_path: Path, broken: bool) -> None:
    """``entry`` + ``args`` at the repository root, as pre-commit runs a hook."""
    repo = git_repo(tmp_path / "repo", broken)
    h = hook()
    command = [*shlex.split(str(h["entry"])), *h["args"]]  # type: ignore[misc]
    assert command[0] == "memtui"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1"}
    out = subprocess.run([sys.executable, "-m", "memtui", *command[1:]], cwd=repo, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == (1 if broken else 0), out.stderr
    assert ("MEMORY.md:2  link to memory/gone.md: no such file" in out.stdout) == broken


@pytest.mark.skipif(shutil.which("pre-commit") is None, reason="pre-commit is not installed")
def test_pre_commit_try_repo(tmp_path: Path) -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("try-repo needs this checkout to be a git repository")
    home = tmp_path / "pre-commit-home"
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "MEMTUI_NO_CACHE": "1"}
    results = {}
    for broken in (False, True):
        repo = git_repo(tmp_path / f"repo-{broken}", broken)
        out = subprocess.run(["pre-commit", "try-repo", str(ROOT), "memtui-audit",
                              "--all-files"], cwd=repo, env=env, capture_output=True,
                             text=True, timeout=900)
        results[broken] = (out.returncode, out.stdout)
    assert results[False][0] == 0 and re.search(r"memtui audit\.+Passed", results[False][1])
    assert results[True][0] == 1 and re.search(r"memtui audit\.+Failed", results[True][1])
    assert "MEMORY.md:2  link to memory/gone.md: no such file" in results[True][1]
