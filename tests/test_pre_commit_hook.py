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


def runs_on(h: dict[str, object], path: str) -> bool:
    """Whether pre-commit runs the hook on a commit staging only ``path``."""
    return h.get("always_run") is True or bool(re.search(str(h.get("files", "")), path))


def test_hook_definition() -> None:
    h = hook()
    assert h["language"] == "python" and h["pass_filenames"] is False
    assert h["entry"] == "memtui audit" and h["args"] == ["."]
    # every file under memory/, not only *.md: the audit reads each text there for
    # credentials (session 28), so a commit adding memory/.env runs it
    for path in ("MEMORY.md", "memory/a.md", "memory/deep/b.md", "agent/ws/MEMORY.md",
                 "agent/ws/memory/x.md", "memory/a.txt", "memory/.env",
                 "memory/archive/old.json"):
        assert runs_on(h, path), path
    # what Hermes, OpenClaw, Codex and Gemini CLI load (newuser34 #26: a credential
    # committed into USER.md, TOOLS.md or memory_summary.md never ran the hook)
    for path in (".hermes/memories/USER.md", ".hermes/memories/MEMORY.md",
                 ".openclaw/workspace/TOOLS.md", ".openclaw/workspace/AGENTS.md",
                 ".openclaw/workspace/SOUL.md", ".codex/memories/raw_memories.md",
                 ".codex/memories/memory_summary.md", ".codex/memories/rollout_summaries/t1.md",
                 ".gemini/GEMINI.md", ".gemini/tmp/p/memory/a.md", "home/.openclaw/openclaw.json",
                 ".hermes/config.yaml", "agents/ws/USER.md"):
        assert runs_on(h, path), path


def test_hook_runs_on_files_found_by_shape_and_on_the_verdicts_own_files() -> None:
    """newuser42 #16: a Gemini folder recognised by shape keeps its topics under any name,
    and a ``--config`` / ``--baseline`` in args has any name: a commit planting an order in
    ``services/infra/agent-memory/orden.md`` was "(no files to check) Skipped". No pattern
    names them all, so the hook runs on every commit."""
    h = hook()
    for path in ("services/infra/agent-memory/orden.md", "services/ml/codex-memories/notes.md",
                 "ci/memtui.toml", "ci/baselines/gi.json", "backups/hermes-kr/MEMORY.md.txt"):
        assert runs_on(h, path), path
    assert h["always_run"] is True and "files" not in h


AWS = "AKIA" + "QX7RT2MZ5LPN8WVB"


def test_hook_runs_on_a_commit_that_touches_only_an_agents_loaded_file(tmp_path: Path) -> None:
    """A commit touching only OpenClaw's TOOLS.md (a credential in it): pre-commit's
    ``files`` filter lets it through and the hook's command fails it."""
    repo = tmp_path / "dotfiles"
    ws = repo / ".openclaw" / "workspace"
    (ws / "memory").mkdir(parents=True)
    (ws / "SOUL.md").write_text("# Soul\nCalm.\n", encoding="utf-8")
    (ws / "MEMORY.md").write_text("# Memory\n- fact\n", encoding="utf-8")
    (ws / "memory/2026-01-01.md").write_text("note\n", encoding="utf-8")
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "memory"]):
        subprocess.run(["git", *args], cwd=repo, env=env, check=True)
    (ws / "TOOLS.md").write_text(f"# Tools\naws_access_key_id = {AWS}\n", encoding="utf-8")
    subprocess.run(["git", "add", "-A"], cwd=repo, env=env, check=True)
    staged = subprocess.run(["git", "diff", "--cached", "--name-only"], cwd=repo, env=env,
                            capture_output=True, text=True, check=True).stdout.split()
    assert staged == [".openclaw/workspace/TOOLS.md"]
    assert all(runs_on(hook(), p) for p in staged)  # pre-commit runs the hook
    out = subprocess.run([sys.executable, "-m", "memtui", "audit", ".openclaw/workspace"],
                         cwd=repo, env={**os.environ, "PYTHONPATH": str(ROOT),
                                        "MEMTUI_NO_CACHE": "1"},
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 1 and "TOOLS.md:2" in out.stdout, out.stdout + out.stderr


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
