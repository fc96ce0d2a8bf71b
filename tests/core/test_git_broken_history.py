"""A history memtui cannot read is said, never silently turned into fresh ages (newuser29
#9: a damaged pack made every memory's age its mtime, the ``stale`` finding vanished and
nothing said why); a shallow clone's history is read to its boundary, as git reads it."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.core.helpers import memory
from tests.core.test_trend import git
from tests.test_cli_audit import memtui

pytestmark = pytest.mark.skipif(subprocess.run(["git", "--version"], capture_output=True,
                                               check=False).returncode != 0,
                                reason="git is not installed")

OLD = "2023-06-01T12:00:00+00:00"


def old_repo(ws: Path) -> None:
    """Two memories last committed in 2023 (their files' mtimes are today)."""
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — a\n- [B](memory/b.md) — b\n",
                                  encoding="utf-8")
    for name in "ab":
        (ws / "memory" / f"{name}.md").write_text(memory(name, f"{name} body."),
                                                  encoding="utf-8")
    git(ws, "init", "-q")
    git(ws, "add", "-A")
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
           "GIT_AUTHOR_DATE": OLD, "GIT_COMMITTER_DATE": OLD}
    subprocess.run(["git", "-C", str(ws), "commit", "-q", "-m", "old"], check=True, env=env)


def audit(ws: Path) -> list[dict]:
    proc = memtui("audit", str(ws), "--json")
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)["findings"]


def test_a_damaged_pack_is_a_read_problem_not_fresh_ages(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    old_repo(ws)
    assert [f["kind"] for f in audit(ws)] == ["stale"]
    git(ws, "gc", "-q")
    (pack,) = (ws / ".git/objects/pack").glob("*.pack")
    data = bytearray(pack.read_bytes())
    data[30:120] = bytes(90)
    pack.chmod(0o644)
    pack.write_bytes(bytes(data))
    found = audit(ws)
    problems = [f for f in found if f["kind"] == "read_problem"]
    assert len(problems) == 1 and problems[0]["path"] == "."
    assert problems[0]["message"].startswith("git history cannot be read")
    assert "dated by their mtime" in problems[0]["message"]


def test_a_shallow_clone_is_dated_to_its_boundary(tmp_path: Path) -> None:
    src = tmp_path / "src"
    old_repo(src)
    (src / "notes.txt").write_text("x\n", encoding="utf-8")
    git(src, "add", "-A")
    git(src, "commit", "-q", "-m", "code")  # today; the memories stay 2023's
    ws = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{src}", str(ws)],
                   check=True)
    # The boundary commit is a root: every file it holds is dated by it (today), no error.
    assert audit(ws) == []
    proc = memtui("trend", str(ws))
    assert proc.returncode == 0, proc.stderr
