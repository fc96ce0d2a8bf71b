"""newuser23 #38: the current folder is PATH's default for every command but ``fix``, as it
is for ``memtui`` and ``memtui serve``: ``audit``, ``history``, ``undo`` and ``trend`` run
inside a workspace with no PATH do what they do with ``.``; ``fix``, whose PATH comes
before a memory's name, says how to write it."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.edit.conftest import tree
from tests.test_cli_audit import memtui


def test_audit_history_undo_trend_take_the_current_folder(tmp_path: Path) -> None:
    ws = tmp_path / "w"
    assert memtui("demo", str(ws)).returncode == 0
    subprocess.run(["git", "init", "-q"], cwd=ws, check=True)
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "c1",
                    "--allow-empty"], cwd=ws, check=True)
    subprocess.run(["git", "add", "-A"], cwd=ws, check=True)
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "c2"],
                   cwd=ws, check=True)
    here, there = memtui("audit", cwd=ws), memtui("audit", ".", cwd=ws)
    assert (here.returncode, here.stdout, here.stderr) == (
        there.returncode, there.stdout, there.stderr)
    assert "Findings" in here.stdout
    trend, dot = memtui("trend", "--json", cwd=ws), memtui("trend", ".", "--json", cwd=ws)
    assert trend.returncode == 0 and trend.stdout == dot.stdout and '"points"' in trend.stdout
    before = tree(ws)
    done = memtui("fix", "add-to-index", ".", "scrap-log", cwd=ws)
    assert done.returncode == 0, done.stderr
    history = memtui("history", cwd=ws)
    assert history.returncode == 0 and "add-to-index" in history.stdout
    undone = memtui("undo", cwd=ws)
    assert undone.returncode == 0 and undone.stdout.startswith("undid #1"), undone.stdout
    assert tree(ws) == before
    for command in ("audit", "history", "undo", "trend"):
        help_text = " ".join(memtui(command, "--help", cwd=ws).stdout.split())
        assert "PATH" in help_text and "(default: the current folder)" in help_text, command


def test_fix_without_path_says_path_comes_first(tmp_path: Path) -> None:
    ws = tmp_path / "w"
    assert memtui("demo", str(ws)).returncode == 0
    before = tree(ws, include_state=True)
    out = memtui("fix", "add-to-index", "scrap-log", cwd=ws)
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == ("memtui fix add-to-index: error: scrap-log: no such file or folder; "
                          "PATH, the workspace, comes first: for this folder, memtui fix "
                          "add-to-index . scrap-log …\n")
    assert tree(ws, include_state=True) == before
    # outside a workspace the plain message stays
    out = memtui("fix", "add-to-index", "scrap-log", cwd=tmp_path)
    assert out.stderr == "memtui fix add-to-index: error: scrap-log: no such file or folder\n"


def test_path_before_the_operation_says_the_operation_comes_first(tmp_path: Path) -> None:
    """newuser27 #10: audit.md said fix "needs PATH, first", and `memtui fix DIR rename …`
    got argparse's "invalid choice: DIR" and the list of operations, nothing more."""
    ws = tmp_path / "w"
    assert memtui("demo", str(ws)).returncode == 0
    before = tree(ws, include_state=True)
    out = memtui("fix", str(ws), "rename", "user-role", "user-roles")
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
    assert out.stderr.startswith("memtui fix: error: argument OPERATION: invalid choice: ")
    assert out.stderr.endswith(f"; the operation comes first: memtui fix rename {ws} …\n")
    out = memtui("fix", str(ws), "nonsense")
    assert out.stderr.endswith(f"; the operation comes first: memtui fix OPERATION {ws} …\n")
    assert tree(ws, include_state=True) == before
