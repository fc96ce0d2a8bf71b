"""A trend's commit that only changes contents resolves the links of the files it changed,
not every file's (issue 35, newuser34 #22: each commit cost a whole audit), and its points
are still those of an audit of each commit's checkout."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import memtui.core.derivation.derive as derive_module
from memtui.core.git.trend import POINT_KEYS, trend
from tests.core.helpers import memory
from tests.core.test_trend import commit, git, health_at

FILES, EDITS = 20, 10


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """An item workspace of ``FILES`` memories linking each other, then ``EDITS`` commits
    that each change one memory's text and links, and one that adds a memory a link names
    (a path made: every link looked at again)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    ws = "items/ws/"
    files = {ws + "MEMORY.md": "".join(f"- [M{k}](memory/m{k}.md) — m{k}\n"
                                       for k in range(0, FILES, 2))}
    files.update({ws + f"memory/m{k}.md": memory(f"m{k}", f"See [[m{(k + 1) % FILES}]] and "
                                                 "[later](later.md).") for k in range(FILES)})
    commit(repo, files, "first")
    for n in range(EDITS):
        k = (n * 7) % FILES
        commit(repo, {ws + f"memory/m{k}.md": memory(
            f"m{k}", f"Edit {n}: see [[m{(k + 3) % FILES}]], [gone](memory/x{n}.md).")},
            f"edit {n}")
    commit(repo, {ws + "memory/later.md": memory("later", "Made late.")}, "later made")
    return repo


def test_a_content_only_commit_resolves_only_its_files_links(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    resolved: list[str] = []
    real = derive_module.resolve_links

    def counted(rel: str, *args: Any, **kwargs: Any) -> Any:
        resolved.append(rel)
        return real(rel, *args, **kwargs)
    monkeypatch.setattr(derive_module, "resolve_links", counted)
    points = trend(repo / "items" / "ws")
    assert len(points) == EDITS + 2
    memories = [rel for rel in resolved if rel != "MEMORY.md"]
    # the first commit every file, each edit its one file, the last (a path made) every file
    # again: integ resolved every file's links at every commit (20 × 12)
    assert len(memories) <= FILES + EDITS + FILES + 1
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    for p in points:
        expected = health_at(repo, p["commit"], scratch)
        assert {k: p[k] for k in POINT_KEYS} == {k: expected[k] for k in POINT_KEYS}, \
            p["subject"]
    assert points[-1]["broken_links"] < points[-2]["broken_links"]  # later.md now there
