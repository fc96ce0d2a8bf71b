"""newuser34 #16: a Hermes MEMORY.md is a store like USER.md, yet the JSON report had no
``files`` row for it (a script iterating ``files`` never saw the store Hermes loads first),
``types`` summed to fewer than ``memory_files``, ``index.entries`` said 0 where the header
counted the §-separated entries, and ``linked_files`` 1 where the text said "Reached by the
agent 2 of 2". One count everywhere: the real CLI on a real git repository, cold and warm
(the derived cache)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def git(repo: Path, *args: str, date: str = "2024-03-01T12:00:00") -> None:
    env = {**os.environ, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date,
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@x", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@x"}
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


def audit(path: Path, cache: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(cache)}
    env.pop("MEMTUI_NO_CACHE", None)
    return subprocess.run([sys.executable, "-m", "memtui", "audit", str(path),
                           "--fail-on", "never", *args], cwd=ROOT, capture_output=True,
                          text=True, env=env, timeout=120)


def store(tmp_path: Path) -> Path:
    repo = tmp_path / "hgit"
    mem = repo / "memories"
    mem.mkdir(parents=True)
    (mem / "MEMORY.md").write_text("alpha fact one\n§\nbeta fact two\n§\ngamma fact three",
                                   encoding="utf-8")
    (mem / "USER.md").write_text("Name: Ola", encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "stores")
    return mem


def test_the_json_lists_the_store_and_counts_agree(tmp_path: Path) -> None:
    mem = store(tmp_path)
    reports: list[dict[str, Any]] = []
    for _ in range(2):  # cold, then from the derived cache
        proc = audit(mem, tmp_path / "cache", "--json")
        assert proc.returncode == 0, proc.stderr
        reports.append(json.loads(proc.stdout))
    assert reports[0]["files"] == reports[1]["files"]
    assert reports[0]["index"] == reports[1]["index"]
    assert reports[0]["types"] == reports[1]["types"]
    data = reports[0]
    assert data["profile"] == "hermes"
    rows = {f["path"]: f for f in data["files"]}
    assert list(rows) == ["MEMORY.md", "USER.md"]  # the store Hermes loads first, first
    assert rows["MEMORY.md"]["age_source"] == "git"
    assert rows["MEMORY.md"]["age_days"] == rows["USER.md"]["age_days"] > 90
    assert rows["MEMORY.md"]["bytes"] == (mem / "MEMORY.md").stat().st_size
    # one count everywhere: files, types, memory_files, reached ("Reached by the agent 2 of
    # 2"); the store links no file (linked: what the index names, newuser34 #3)
    assert data["memory_files"] == len(data["files"]) == sum(data["types"].values()) == 2
    assert sum(f["reachable"] for f in data["files"]) == 2
    assert data["index"]["linked_files"] == sum(f["linked"] for f in data["files"]) == 0
    # the entries the load limit counts (the header's), not the index's link entries
    memory_load = data["injected_block"]["loads"][0]
    assert memory_load["what"] == "MEMORY.md"
    assert data["index"]["entries"] == memory_load["entries"] == 3
    # stale names it, and its row says the age stale went by
    stale = [f for f in data["findings"] if f["kind"] == "stale"]
    assert stale and "MEMORY.md" in stale[0]["files"]


def test_the_text_report_gives_the_same_counts(tmp_path: Path) -> None:
    mem = store(tmp_path)
    text = audit(mem, tmp_path / "cache").stdout
    assert "Memory files          2 " in text
    assert "MEMORY.md: 5 lines, 3 entries separated by §" in text
    assert "Reached by the agent  2 of 2 files" in text


def test_a_claude_folder_lists_no_store_row(tmp_path: Path) -> None:
    mem = tmp_path / "cc"
    mem.mkdir()
    (mem / "MEMORY.md").write_text("- [A](a.md) — a\n", encoding="utf-8")
    (mem / "a.md").write_text("---\nname: a\ndescription: a\nmetadata:\n  type: user\n---\na\n",
                              encoding="utf-8")
    data = json.loads(audit(mem, tmp_path / "cache", "--json").stdout)
    assert [f["path"] for f in data["files"]] == ["a.md"]
    assert data["memory_files"] == 1 and data["types"] == {"user": 1}
    assert data["index"]["entries"] == 1 and data["index"]["linked_files"] == 1
