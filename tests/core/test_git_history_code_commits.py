"""newuser27 #24: a repository with more than 10,000 commits on code since the memories
last changed. The commit budget counts the commits that change a memory, so the memories
keep their git date (and stale fires) instead of "age unknown"; the commits that change none
are bounded on their own (`MAX_PASSED`), and a walk cut there says so once."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.git import age
from memtui.core.git.repo import MAX_COMMITS

START = 1_600_000_000


def _put(path: str, data: bytes) -> bytes:
    return f"M 100644 inline {path}\ndata {len(data)}\n".encode() + data + b"\n"


def _history(repo: Path, code_commits: int) -> None:
    import subprocess

    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    stream = [b"commit refs/heads/main\n",
              f"committer t <t@example.invalid> {START} +0000\n".encode(),
              b"data 1\n0\n", _put("MEMORY.md", b"- [a](memory/a.md) - a\n"),
              _put("memory/a.md", b"---\nname: a\n---\na\n"), _put("src/x.txt", b"x\n")]
    for n in range(1, code_commits + 1):
        stream += [b"commit refs/heads/main\n",
                   f"committer t <t@example.invalid> {START + 60 * n} +0000\n".encode(),
                   b"data 1\nc\n", _put("src/code.txt", f"v{n}\n".encode())]
    stream.append(b"done\n")
    subprocess.run(["git", "-C", str(repo), "fast-import", "--quiet", "--done"],
                   input=b"".join(stream), check=True)
    subprocess.run(["git", "-C", str(repo), "checkout", "-q", "-f", "main"], check=True)


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(age, "_CACHE", {})


def test_memories_untouched_through_more_commits_than_the_budget_keep_their_date(
        tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    _history(repo, MAX_COMMITS + 50)
    times, note = age.git_ages(repo)
    assert note is None
    assert times["memory/a.md"] == times["MEMORY.md"] == START


def test_commits_that_change_no_memory_are_bounded_on_their_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "repo"
    _history(repo, 300)
    monkeypatch.setattr(age, "MAX_PASSED", 100)
    times, note = age.git_ages(repo)
    assert "memory/a.md" not in times
    assert note == ("git history read only in part: the history is longer than memtui "
                    "reads (100 commits that change no memory); files not changed in the "
                    "101 newest commits are dated by their mtime")
