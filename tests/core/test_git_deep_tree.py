"""A tree nested thousands of folders deep (redteam33): the history walks (``files``,
``changes``) followed each folder with a frame of their own, so a repository a pull request
ships, its memory folder holding ``a/a/…/a/x.md`` 2,000 folders down, ended ``memtui trend``
in a RecursionError's traceback. Now the walk is cut past `MAX_FOLDERS` folders, and said as
every bound of the history is: the trend keeps what it had and names where it stopped, the
audit dates what it could not by mtime."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from memtui.core.git.repo import MAX_FOLDERS
from tests.core.git_craft import Pack, commit, new_repo, tree
from tests.core.helpers import memory

ROOT = Path(__file__).resolve().parents[2]
DEPTH = 2_000


def _memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "memtui", *args], env=env, text=True,
                          capture_output=True, timeout=120)


def _deep_repo(top: Path) -> None:
    """Two commits; the second changes the file at the bottom of a chain of `DEPTH`
    folders under memory/ (so both a listing and a diff go all the way down)."""
    files = {"MEMORY.md": b"- [A](memory/a.md) - a\n", "memory/a.md": memory("a").encode()}
    for rel, data in files.items():
        (top / rel).parent.mkdir(parents=True, exist_ok=True)
        (top / rel).write_bytes(data)
    pack = Pack()
    index = pack.add("blob", files["MEMORY.md"])[0]
    mem_a = pack.add("blob", files["memory/a.md"])[0]
    head = None
    for n, body in enumerate((b"one\n", b"two\n")):
        chain = pack.add("tree", tree([("100644", "x.md", pack.add("blob", body)[0])]))[0]
        for _ in range(DEPTH):
            chain = pack.add("tree", tree([("40000", "a", chain)]))[0]
        mem = pack.add("tree", tree([("100644", "a.md", mem_a), ("40000", "a", chain)]))[0]
        root = pack.add("tree", tree([("100644", "MEMORY.md", index), ("40000", "memory", mem)]))[0]
        head = pack.add("commit", commit(root, head, 1_600_000_000 + n * 86_400, f"c{n}"))[0]
    assert head is not None
    new_repo(top, head)
    pack.write(top / ".git")


def test_a_deeply_nested_tree_cuts_the_walk_without_a_traceback(tmp_path: Path) -> None:
    assert MAX_FOLDERS < DEPTH
    _deep_repo(tmp_path)
    trend = _memtui("trend", str(tmp_path), "--json")
    assert trend.returncode == 0 and "Traceback" not in trend.stderr, trend.stderr[-3000:]
    stopped = json.loads(trend.stdout)["stopped"]
    assert stopped is not None and "folders deep" in stopped["reason"], stopped
    text = _memtui("trend", str(tmp_path))
    assert text.returncode == 0 and "folders deep" in text.stdout, text.stderr[-3000:]
    audit = _memtui("audit", str(tmp_path), "--json")
    assert audit.returncode in (0, 1) and "Traceback" not in audit.stderr, audit.stderr[-3000:]
    json.loads(audit.stdout)
