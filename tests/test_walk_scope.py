"""What is read for credentials follows what the agent's tools reach, whatever layout the
folder was taken for (newuser38 #25, #6: `memtui.core.scanner.readable.scope`).

#25: a ``memory/`` subfolder added to a Claude Code, Gemini CLI or Codex memory folder made
memtui take it for an item workspace, and a credential in an unlinked top-level file then
passed ``--fail-on error`` (with ``--profile claude-code`` too). #6: an item workspace's
top-level files (``NOTES.md``, ``.env``) were never read, yet memtui's own agent listed and
read them, and ``docs/ops.md`` too, and sent them to the model. Real git repositories, the
CLI in a child process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.agent.tools import ToolBox
from memtui.core.workspace import open_workspace

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "ghp_" + "R8vQ2mZx7LpK4nW9tY3bHc6dFj1sGa5eUo0i"
MEMORY = "---\nname: {0}\ndescription: {0} fact\ntype: project\n---\nThe {0} fact.\n"


def audit(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "memtui", "audit", str(folder),
                           "--fail-on", "error", *args], capture_output=True, text=True,
                          env=env, cwd=folder.parent)


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com",
                    "-c", "commit.gpgsign=false", *args], cwd=repo, check=True,
                   capture_output=True)


def claude_repo(tmp_path: Path) -> Path:
    """A repository keeping a Claude Code memory folder, with the change under review: an
    unlinked topic file holding a token, and a one-file ``memory/`` subfolder."""
    repo = tmp_path / "repo"
    mem = repo / "claude-memory"
    mem.mkdir(parents=True)
    (mem / "MEMORY.md").write_text("- [Deploys](deploys.md) — how deploys go\n")
    (mem / "deploys.md").write_text(MEMORY.format("deploys"))
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "memory")
    (mem / "deploy-creds.md").write_text(MEMORY.format("creds") + f"GITHUB_TOKEN={TOKEN}\n")
    (mem / "memory").mkdir()
    (mem / "memory" / "keep.md").write_text("# keep\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "the change under review")
    return mem


@pytest.mark.parametrize("profile", [(), ("--profile", "claude-code")])
def test_a_memory_subfolder_does_not_hide_a_top_level_credential(
        tmp_path: Path, profile: tuple[str, ...]) -> None:
    mem = claude_repo(tmp_path)
    out = audit(mem, *profile)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "deploy-creds.md:7  GitHub Token" in out.stdout


def test_gemini_and_codex_folders_with_a_memory_subfolder(tmp_path: Path) -> None:
    for agent, name in (("gemini", "gtopic29.md"), ("codex", "raw_memories.md")):
        mem = tmp_path / agent
        (mem / "memory").mkdir(parents=True)
        (mem / "MEMORY.md").write_text("- a fact\n")
        (mem / name).write_text(f"token {TOKEN}\n")
        (mem / "memory" / "keep.md").write_text("# keep\n")
        out = audit(mem, "--profile", agent)
        assert out.returncode == 1, (agent, out.stdout + out.stderr)
        assert f"{name}:1" in out.stdout


def item_workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "agent"
    (ws / "memory").mkdir(parents=True)
    (ws / "docs").mkdir()
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — a fact\n")
    (ws / "memory" / "a.md").write_text(MEMORY.format("a"))
    (ws / "NOTES.md").write_text(f"scratch: {TOKEN}\n")
    (ws / "docs" / "ops.md").write_text("password: Zq8#mL2!vR9x\n")
    return ws


def test_an_item_workspace_top_level_file_is_read_for_credentials(tmp_path: Path) -> None:
    ws = item_workspace(tmp_path)
    out = audit(ws)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "NOTES.md:1  GitHub Token" in out.stdout
    row = next(ln for ln in out.stdout.splitlines() if ln.startswith("Config"))
    assert "not read for credentials: docs/" in row, row  # (what the agent is refused)


def test_memtuis_agent_keeps_to_what_the_audit_read(tmp_path: Path) -> None:
    """The folders beside ``memory/`` are not walked (an item workspace at a repository's
    root would walk ``src/``): memtui's own agent is refused them, never hands them to a
    model."""
    tools = ToolBox(open_workspace(item_workspace(tmp_path)))
    listed = tools.run("list_files", {}).result
    assert "docs" not in listed and "memory/a.md" in listed and "NOTES.md" in listed
    for name, args in (("read_file", {"path": "docs/ops.md"}),
                       ("list_files", {"path": "docs"}),
                       ("write_file", {"path": "docs/x.md", "content": "x"})):
        got = tools.run(name, args)
        assert not got.ok and "Zq8#" not in got.result, (name, got.result)
    assert (ws := tmp_path / "agent" / "docs") and sorted(os.listdir(ws)) == ["ops.md"]
    assert tools.run("read_file", {"path": "memory/a.md"}).ok
