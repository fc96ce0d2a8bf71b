"""Opening workspaces: both layouts, PATH as the folder or its MEMORY.md, empty memories."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.workspace import WorkspaceError, discover, open_workspace
from tests.core.helpers import NOW, make_ws, memory, run_audit


def test_item_layout_and_path_to_index(tmp_path: Path) -> None:
    ws_dir = make_ws(tmp_path / "w", {"MEMORY.md": "- [a](memory/a.md)\n",
                                      "memory/a.md": memory("a"), "notes.md": "not memory",
                                      "memory/.hidden/x.md": "hidden",
                                      ".memtui/state.md": "state"})
    by_dir = open_workspace(ws_dir)
    by_index = open_workspace(ws_dir / "MEMORY.md")
    assert by_dir == by_index
    assert by_dir.layout == "item"
    assert discover(by_dir).files == ["memory/a.md"]


def test_flat_layout(tmp_path: Path) -> None:
    ws_dir = make_ws(tmp_path / "w", {"MEMORY.md": "- [a](a.md)\n", "a.md": memory("a"),
                                      "sub/b.md": memory("b"), ".git/x.md": "no"})
    ws = open_workspace(ws_dir)
    assert ws.layout == "flat"
    assert discover(ws).files == ["a.md", "sub/b.md"]
    assert run_audit(ws_dir).profile == "claude-code"


def test_memory_folder_without_index_is_item(tmp_path: Path) -> None:
    ws_dir = make_ws(tmp_path / "w", {"memory/a.md": memory("a")})
    r = run_audit(ws_dir)
    assert r.workspace.layout == "item"
    assert r.index.exists is False
    assert r.block.tokens == {"qwen": 0, "cl100k": 0}
    assert [(f.kind, f.path) for f in r.findings] == [("orphan", "memory/a.md")]


def test_empty_folder_is_a_valid_empty_memory(tmp_path: Path) -> None:
    (tmp_path / "e").mkdir()
    r = run_audit(tmp_path / "e")
    assert r.findings == [] and r.scans == {} and r.block.chars == 0
    assert r.block.tokens == {"qwen": 0, "cl100k": 0}
    assert r.block.share == 0.0


def test_auditing_writes_nothing(tmp_path: Path) -> None:
    ws_dir = make_ws(tmp_path / "w", {"MEMORY.md": "- [a](memory/a.md)\n",
                                      "memory/a.md": memory("a")})
    before = sorted((p.as_posix(), p.stat().st_mtime_ns) for p in ws_dir.rglob("*"))
    run_audit(ws_dir)
    assert sorted((p.as_posix(), p.stat().st_mtime_ns) for p in ws_dir.rglob("*")) == before


def _git(cwd: Path, *args: str, date: str | None = None) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    if date:
        env.update(GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


def test_age_from_git_then_mtime(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    ws_dir = make_ws(repo / "item", {"MEMORY.md": "- [a](memory/a.md)\n",
                                     "memory/a.md": memory("a"),
                                     "memory/dated.md": memory("dated",
                                                               extra="  date: 2026-07-16\n"),
                                     "memory/b.md": memory("b")}, days_ago=2)
    try:
        _git(repo, "init", "-q")
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("git is not available")
    _git(repo, "add", "item/memory/a.md", "item/memory/dated.md")
    _git(repo, "commit", "-qm", "first", date="2026-06-26T00:00:00+00:00")  # NOW - 30 days
    (ws_dir / "memory/a.md").write_text(memory("a", "changed\n"), encoding="utf-8")
    os.utime(ws_dir / "memory/a.md", (NOW - 86400, NOW - 86400))
    _git(repo, "add", "item/memory/a.md")
    _git(repo, "commit", "-qm", "second", date="2026-07-16T00:00:00+00:00")  # NOW - 10 days
    r = Auditor(open_workspace(ws_dir), AuditOptions(now=NOW)).run()
    assert [(f.path, f.age_days, f.age_source) for f in r.files] == [
        ("memory/a.md", 10, "git"), ("memory/b.md", 2, "mtime"),
        ("memory/dated.md", 10, "frontmatter")]


def test_a_name_too_long_says_so_whatever_path_exists_answers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Python 3.14's ``Path.exists`` answers False for every error: the reason (here a name
    too long) must still be the one given, as on 3.11 to 3.13."""
    monkeypatch.setattr(Path, "exists", lambda self, **kw: False)
    long = tmp_path / ("x" * 300)
    with pytest.raises(WorkspaceError, match=r"cannot be read \(File name too long\)"):
        open_workspace(long)
    with pytest.raises(WorkspaceError, match="no such file or folder"):
        open_workspace(tmp_path / "missing")


def test_is_file_raises_for_a_name_too_long_as_311_did(tmp_path: Path) -> None:
    from memtui.core.workspace import is_file

    (tmp_path / "f").write_text("x")
    assert is_file(tmp_path / "f") and not is_file(tmp_path) and not is_file(tmp_path / "no")
    assert not is_file(tmp_path / "f" / "under-a-file")
    with pytest.raises(OSError, match="too long"):
        is_file(tmp_path / ("x" * 300))
