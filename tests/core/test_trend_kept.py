"""A trend's points kept in the user cache: a second trend of the same history audits only
the commits it has no point of (newuser34 #22), and gives what a trend without the cache
gives."""

from __future__ import annotations

import marshal
import os
from pathlib import Path
from typing import Any

import pytest

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.config import Config
from memtui.core.git.trend import trend
from tests.core.helpers import memory
from tests.core.test_trend import commit, git

DAY = 86400.0


@pytest.fixture
def audits(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each audit a trend runs, counted (one item per ``Auditor.run``)."""
    calls: list[int] = []
    real = Auditor.run

    def counted(self: Auditor, *args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(self, *args, **kwargs)
    monkeypatch.setattr(Auditor, "run", counted)
    return calls


def history(repo: Path, start: int, end: int) -> None:
    """Commits ``start`` to ``end - 1``: each edits one memory, every third adds one that
    links a fourth, every fourth deletes the last added (links broken and mended)."""
    ws = "ws/"
    for n in range(start, end):
        files: dict[str, str | None] = {
            ws + f"memory/m{n % 3}.md": memory(f"m{n % 3}", f"Edit {n}. See [[m{(n + 1) % 3}]].")}
        if n % 3 == 0:
            files[ws + f"memory/extra{n}.md"] = memory(f"extra{n}", f"Links [[extra{n + 3}]].")
        if n % 4 == 0 and n >= 4:
            gone = max(k for k in range(0, n, 3))
            files[ws + f"memory/extra{gone}.md"] = None
        if n % 5 == 0:
            files[ws + "MEMORY.md"] = "".join(f"- [M{k}](memory/m{k}.md) — m{k}\n"
                                              for k in range(n % 3 + 1))
        commit(repo, {k: v for k, v in files.items()
                      if v is not None or (repo / k).exists()}, f"c{n}")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    commit(repo, {"ws/MEMORY.md": "- [M0](memory/m0.md) — m0\n",
                  **{f"ws/memory/m{k}.md": memory(f"m{k}", "Start.") for k in range(3)}},
           "first")
    history(repo, 1, 12)
    return repo


def cold(repo: Path, monkeypatch: pytest.MonkeyPatch, **kw: Any) -> list[dict[str, Any]]:
    """The trend without any cache."""
    with monkeypatch.context() as m:
        m.setenv("MEMTUI_NO_CACHE", "1")
        return trend(repo / "ws", **kw)


def test_a_second_trend_audits_no_commit(repo: Path, cache: Path, audits: list[int],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    first = trend(repo / "ws")
    assert len(first) == 12 and len(audits) == 12
    audits.clear()
    again = trend(repo / "ws")
    assert audits == []  # every point taken from the cache
    assert again == first == cold(repo, monkeypatch)
    assert list(cache.glob("trend-*.marshal"))


def test_new_commits_are_the_only_ones_audited(repo: Path, cache: Path, audits: list[int],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    trend(repo / "ws")
    history(repo, 12, 15)
    audits.clear()
    got = trend(repo / "ws")
    assert len(got) == 15
    assert len(audits) == 3  # the first new one whole, then each by what it changed
    assert got == cold(repo, monkeypatch)


def test_a_point_missing_in_the_middle_is_audited_with_what_changed_since(
        repo: Path, cache: Path, audits: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    first = trend(repo / "ws")
    (path,) = cache.glob("trend-*.marshal")
    data = marshal.loads(path.read_bytes())
    for gone in (first[4]["commit"], first[5]["commit"], first[9]["commit"]):
        del data["points"][gone]
    path.write_bytes(marshal.dumps(data))
    audits.clear()
    got = trend(repo / "ws")
    assert len(audits) == 3
    assert got == first == cold(repo, monkeypatch)


def test_a_point_whose_ages_no_longer_hold_is_made_again(
        repo: Path, cache: Path, audits: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    now = float(int(git(repo, "log", "-1", "--format=%ct").strip()))
    young = trend(repo / "ws", AuditOptions(now=now + 1))
    audits.clear()
    later = AuditOptions(now=now + 400 * DAY)  # every memory past the stale threshold
    old = trend(repo / "ws", later)
    assert len(audits) == 12
    assert old == cold(repo, monkeypatch, options=later)
    assert old != young


def test_other_settings_are_other_points(repo: Path, cache: Path, audits: list[int],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    plain = trend(repo / "ws")
    audits.clear()
    quiet = Config(ignore=frozenset({"broken_link", "orphan", "dangling_wikilink"}))
    got = trend(repo / "ws", config=quiet)
    assert len(audits) == 12
    assert got == cold(repo, monkeypatch, config=quiet)
    assert got != plain


def test_a_cache_file_that_is_not_ours_is_ignored(repo: Path, cache: Path,
                                                  audits: list[int],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    first = trend(repo / "ws")
    (path,) = cache.glob("trend-*.marshal")
    data = marshal.loads(path.read_bytes())
    bad = dict(data["points"])
    sha = first[3]["commit"]
    bad[sha] = ({"commit": sha}, 0.0, 1.0)  # not a point
    path.write_bytes(marshal.dumps({**data, "points": bad}))
    os.utime(path)
    audits.clear()
    assert trend(repo / "ws") == first
    assert len(audits) == 1
