"""newuser42 #17: ``memtui trend`` had no load-limit share, so "which commit made the agent
forget" (a Hermes store past its 2,200 characters, refusing to add) could not be read from
it. Each point now has ``load_share`` / ``load_what`` (the fleet's Limit), the table a
``limit`` column and a line naming the commit the store crossed 100 % at. Real git, the
CLI run as a child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.core.test_trend import commit, git

ROOT = Path(__file__).resolve().parents[2]


def _memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1", "COLUMNS": "160"}
    return subprocess.run([sys.executable, "-m", "memtui", *args], capture_output=True,
                          text=True, env=env, timeout=300)


def test_trend_shows_the_commit_a_hermes_store_crossed_its_limit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / ".hermes"
    (repo / "memories").mkdir(parents=True)
    git(repo, "init", "-q")
    entries: list[str] = []
    for month, count in enumerate((8, 16, 30)):  # ~75 characters an entry: 27 %, 55 %, 103 %
        while len(entries) < count:
            n = len(entries)
            entries.append(f"Service s{n:02d} runs on host blue-{n:02d}; restart it with "
                           f"systemctl restart s{n:02d}.")
        date = f"2026-{month + 4:02d}-01T10:00:00+00:00"
        monkeypatch.setenv("GIT_AUTHOR_DATE", date)
        monkeypatch.setenv("GIT_COMMITTER_DATE", date)
        commit(repo, {"memories/MEMORY.md": "\n§\n".join(entries),
                      "memories/USER.md": "Name: Alex"}, f"month {month}")
    ws = repo / "memories"
    out = _memtui("trend", str(ws), "--json")
    assert out.returncode == 0, out.stderr
    points = json.loads(out.stdout)["points"]
    shares = [p["load_share"] for p in points]
    assert shares[0] < 0.5 < shares[1] < 1 < shares[2], shares
    assert all("MEMORY.md" in p["load_what"] for p in points)
    audit = _memtui("audit", str(ws), "--json", "--fail-on", "never")
    loads = json.loads(audit.stdout)["injected_block"]["loads"]
    assert shares[-1] == max(ld["share"] for ld in loads)  # the audit's (and the fleet's)
    text = _memtui("trend", str(ws))
    assert text.returncode == 0, text.stderr
    head, *rows = [ln for ln in text.stdout.splitlines() if ln.startswith(("date", "2026"))]
    assert " limit " in head
    assert [r.split()[8] for r in rows] == [f"{s:.0%}" for s in shares], text.stdout
    crossed = points[2]["commit"][:8]
    assert f"past 100 % since commit {crossed} (2026-06-01)" in text.stdout, text.stdout


def test_an_agent_without_a_load_limit_has_no_limit_column(tmp_path: Path) -> None:
    repo = tmp_path / "ws"
    git(repo.parent, "init", "-q", str(repo))
    commit(repo, {"MEMORY.md": "- [a](memory/a.md) — a\n",
                  "memory/a.md": "---\nname: a\ndescription: d\nmetadata:\n  type: project\n"
                                 "---\nfact\n"}, "one")
    out = _memtui("trend", str(repo), "--json")
    assert json.loads(out.stdout)["points"][0]["load_share"] is None
    assert " limit " not in _memtui("trend", str(repo)).stdout
