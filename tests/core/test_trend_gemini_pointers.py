"""newuser34 #21: ``memtui trend`` on Gemini CLI's project memory checked each commit's
absolute pointer lines (``- See /…/memory/b.md for …``) against today's folder, not the
commit's: a pointer broken at a past commit read as fine when the file is back today, and a
file deleted today made past points broken. Each point is now judged on its own commit's
files. Real git history, the working tree moved between commits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from tests.core.test_trend import commit, git


def _broken(ws: Path, capsys: pytest.CaptureFixture[str]) -> list[int]:
    assert main(["trend", str(ws), "--json"]) == 0
    return [p["broken_links"] for p in json.loads(capsys.readouterr().out)["points"]]


def test_each_point_checks_the_pointers_against_its_own_commit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = tmp_path / "home"
    ws = repo / ".gemini" / "tmp" / "p" / "memory"
    ws.mkdir(parents=True)
    git(repo, "init", "-q")
    index = f"- See {ws}/a.md for a notes.\n- See {ws}/b.md for b notes.\n"
    commit(repo, {f"{ws.relative_to(repo)}/MEMORY.md": index,
                  f"{ws.relative_to(repo)}/a.md": "# a\n",
                  f"{ws.relative_to(repo)}/b.md": "# b\n"}, "c1")
    commit(repo, {f"{ws.relative_to(repo)}/b.md": None}, "c2 deletes b")
    commit(repo, {f"{ws.relative_to(repo)}/b.md": "# b\n"}, "c3 restores b")
    commit(repo, {f"{ws.relative_to(repo)}/c.md": "# c\n"}, "c4 adds c")
    main(["audit", str(ws), "--json", "--fail-on", "never"])
    assert json.loads(capsys.readouterr().out)["profile"] == "gemini"
    assert _broken(ws, capsys) == [0, 1, 0, 0]
    c2 = git(repo, "rev-list", "-n", "1", "HEAD~2").strip()
    git(repo, "checkout", "-q", c2)  # today's tree lacks b.md: the history is the same
    assert _broken(ws, capsys) == [0, 1]
