"""newuser26 #13: a memory edited today but not committed was aged by its last commit ("694
days old, by git", stale, and the agent told so). A file whose working-tree bytes differ
from HEAD's blob is dated by its mtime; one whose bytes are HEAD's keeps its commit date,
whatever its mtime (a fresh clone), read with git's index stat data as git status is."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from memtui.core.audit import audit
from memtui.core.git import age
from memtui.core.git.index import read_index

OLD = "2025-01-10T00:00:00Z"


def _git(root: Path, *args: str) -> None:
    env = {**os.environ, "GIT_AUTHOR_DATE": OLD, "GIT_COMMITTER_DATE": OLD}
    subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t",
                    "-c", "commit.gpgsign=false", *args], check=True, capture_output=True,
                   env=env)


def _workspace(root: Path, names: list[str]) -> Path:
    ws = root / "team" / "ws"
    (ws / "memory").mkdir(parents=True)
    lines = []
    for name in names:
        (ws / "memory" / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: about {name}\ntype: user\n---\n{name}.\n")
        lines.append(f"- [{name}](memory/{name}.md) — about {name}\n")
    (ws / "MEMORY.md").write_text("".join(lines))
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "old")
    return ws


def _ages(ws: Path) -> dict[str, tuple[int, str]]:
    return {r.path: (r.age_days, r.age_source) for r in audit(ws).files}


@pytest.mark.parametrize("version", ["2", "4"])
def test_an_uncommitted_edit_is_dated_by_its_mtime(tmp_path: Path, version: str) -> None:
    ws = _workspace(tmp_path, ["user_role", "other", "staged", "touched"])
    _git(tmp_path, "update-index", "--index-version", version)
    time.sleep(1.1)  # the index's entries older than the files' new mtimes
    with open(ws / "memory" / "user_role.md", "a") as f:
        f.write("Prefers tabs.\n")
    with open(ws / "memory" / "staged.md", "a") as f:
        f.write("Staged.\n")
    _git(tmp_path, "add", "team/ws/memory/staged.md")
    os.utime(ws / "memory" / "touched.md")  # a new mtime, the same bytes
    ages = _ages(ws)
    assert ages["memory/user_role.md"] == (0, "mtime")
    assert ages["memory/staged.md"] == (0, "mtime")
    assert ages["memory/other.md"][1] == "git" and ages["memory/other.md"][0] > 300
    assert ages["memory/touched.md"][1] == "git"
    assert read_index(tmp_path / ".git", 20, "team/ws") is not None


def test_a_fresh_clone_keeps_its_commit_dates(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _workspace(tmp_path / "origin", ["a", "b"])
    subprocess.run(["git", "clone", "-q", str(tmp_path / "origin"), str(tmp_path / "clone")],
                   check=True, capture_output=True)
    ws = tmp_path / "clone" / "team" / "ws"
    def unread(path: str, hex_len: int) -> str:
        raise AssertionError(f"{path} read, though the index vouches for it")
    monkeypatch.setattr(age, "_blob_id", unread)
    ages = _ages(ws)
    assert {source for _days, source in ages.values()} == {"git"}
    assert age.edited(ws, ["memory/a.md", "memory/b.md"]) == set()


def test_a_broken_index_falls_back_to_the_bytes(tmp_path: Path) -> None:
    ws = _workspace(tmp_path, ["a", "b"])
    (tmp_path / ".git" / "index").write_bytes(b"DIRC\0\0\0\2\0\0\0\5garbage")
    with open(ws / "memory" / "a.md", "a") as f:
        f.write("new\n")
    stats = {rel: (st.st_mtime, st.st_size)
             for rel in ("memory/a.md", "memory/b.md") if (st := (ws / rel).stat())}
    assert age.edited(ws, stats) == {"memory/a.md"}
