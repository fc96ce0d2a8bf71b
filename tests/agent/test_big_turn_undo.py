"""``memtui undo --turn`` on a turn of more writes than the old bound (issue 31 §6): the
whole turn goes back, or — past the bound — nothing, with one line saying why; never a part
of it silently. A real journal, written by the agent's tools, undone by a real process."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from memtui.agent.tools import ToolBox
from memtui.core.workspace import Workspace
from memtui.edit import turn_undo
from memtui.edit.changeset import Turn
from memtui.edit.errors import Refused
from memtui.edit.journal import Journal

from .conftest import make_workspace

ROOT = Path(__file__).resolve().parents[2]
WRITES = 1_646  # the attack's turn


@pytest.fixture
def ws() -> Iterator[Workspace]:
    """A workspace in memory when the system has one (/dev/shm): each journaled write
    syncs four times, which on a disk makes 1,646 writes take a minute."""
    shm = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) \
        else None
    with tempfile.TemporaryDirectory(prefix="memtui-turn-", dir=shm) as tmp:
        yield make_workspace(Path(tmp) / "item")


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and ".memtui" not in p.parts}


def agent_turn(ws: Workspace, writes: int, number: int = 1) -> None:
    """One turn of ``writes`` journaled agent writes: new memories, and MEMORY.md rewritten
    every 100th write."""
    box = ToolBox(ws)
    box.turn = Turn(f"turn-{number}", number)
    for i in range(writes):
        path = "MEMORY.md" if i % 100 == 99 else f"memory/t{number}-{i}.md"
        out = box.run("write_file", {"path": path, "content": f"# write {i}\n"})
        assert out.ok and out.journaled is not None, out.result


def undo_cli(ws: Workspace, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "memtui", "undo", "--turn", *args,
                           str(ws.root)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)


def test_a_turn_of_1646_writes_is_undone_whole(ws: Workspace) -> None:
    before = snapshot(ws.root)
    agent_turn(ws, WRITES)
    assert len(snapshot(ws.root)) > WRITES - WRITES // 100
    done = undo_cli(ws)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert f"#1–#{WRITES}" in done.stdout + done.stderr
    assert f"and {WRITES - WRITES // 100 - 20:,} more" in done.stdout  # one screen, not 1,630
    assert len(done.stdout) < 2_000
    assert snapshot(ws.root) == before
    records = Journal(ws).records()
    assert len(records) == WRITES
    assert all(r.get("undone") for r in records)
    again = undo_cli(ws)
    assert again.returncode != 0 and "nothing to undo" in again.stderr


def test_a_turn_past_the_bound_is_refused_whole(ws: Workspace,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turn_undo, "MAX_TURN_RECORDS", 50)
    agent_turn(ws, 10, number=1)
    agent_turn(ws, 60, number=2)
    after = snapshot(ws.root)
    with pytest.raises(Refused) as err:
        turn_undo.undo_turn(ws)
    line = str(err.value)
    assert "turn 2 has more than 50 writes" in line and "nothing was undone" in line
    assert "\n" not in line
    assert snapshot(ws.root) == after
    assert not any(r.get("undone") for r in Journal(ws).records())
