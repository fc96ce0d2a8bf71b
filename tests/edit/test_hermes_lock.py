"""newuser28 #18: memtui's writes to a Hermes store hold Hermes' own lock, the flock on the
sidecar ``<store>.lock`` that hermes-agent's memory tool takes around every read-modify-write
(`memtui.edit.agent_lock`). The lock is held by a real second process, as a Hermes session
would hold it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from memtui.edit import agent_lock
from tests.edit.conftest import tree
from tests.edit.test_agent_ops import MEMORY, fix, hermes

HOLD = """
import fcntl, sys, time
f = open(sys.argv[1], "a+")
fcntl.flock(f, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(float(sys.argv[2]))
open(sys.argv[3], "w").write(repr(time.time()))
fcntl.flock(f, fcntl.LOCK_UN)
"""


def holder(lock: Path, seconds: float, released: Path) -> subprocess.Popen[str]:
    """A second process holding ``lock`` for ``seconds``, then writing the time it let go."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(lock), str(seconds), str(released)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def test_a_write_waits_while_hermes_holds_its_lock(tmp_path: Path) -> None:
    folder = hermes(tmp_path)
    (folder / "MEMORY.md.lock").write_text("")
    released = tmp_path / "released"
    proc = holder(folder / "MEMORY.md.lock", 1.0, released)
    status, out, err = fix("fix", "remove-duplicate-entry", folder)
    done = time.time()
    proc.wait(10)
    assert status == 0 and "[#1" in out, err
    assert done >= float(released.read_text())  # it wrote only after Hermes let go
    assert (folder / "MEMORY.md").read_text() != MEMORY


def test_a_write_is_refused_when_hermes_keeps_its_lock(tmp_path: Path,
                                                       monkeypatch: object) -> None:
    monkeypatch.setattr(agent_lock, "WAIT_SECONDS", 0.3)  # type: ignore[attr-defined]
    folder = hermes(tmp_path)
    (folder / "MEMORY.md.lock").write_text("")
    before = tree(folder)
    proc = holder(folder / "MEMORY.md.lock", 5.0, tmp_path / "released")
    try:
        status, out, err = fix("fix", "remove-duplicate-entry", folder)
        assert status == 1 and out == ""
        assert err.count("\n") == 1 and "MEMORY.md.lock is held by the agent" in err
        assert "nothing was written" in err
        assert tree(folder) == before
        status, out, _ = fix("history", folder)
        assert "remove-duplicate-entry" not in out  # nothing journaled either
    finally:
        proc.kill()
        proc.wait(10)


def test_undo_holds_the_lock_too(tmp_path: Path, monkeypatch: object) -> None:
    folder = hermes(tmp_path)
    (folder / "MEMORY.md.lock").write_text("")
    assert fix("fix", "remove-duplicate-entry", folder)[0] == 0
    written = (folder / "MEMORY.md").read_bytes()
    monkeypatch.setattr(agent_lock, "WAIT_SECONDS", 0.3)  # type: ignore[attr-defined]
    proc = holder(folder / "MEMORY.md.lock", 5.0, tmp_path / "released")
    try:
        status, _, err = fix("undo", folder)
        assert status == 1 and "held by the agent" in err
        assert (folder / "MEMORY.md").read_bytes() == written
    finally:
        proc.kill()
        proc.wait(10)
    assert fix("undo", folder)[0] == 0
    assert (folder / "MEMORY.md").read_text() == MEMORY


def test_no_sidecar_is_made_and_a_hostile_one_refuses(tmp_path: Path) -> None:
    folder = hermes(tmp_path)
    assert fix("fix", "remove-duplicate-entry", folder)[0] == 0
    assert not (folder / "MEMORY.md.lock").exists()  # memtui never creates Hermes' lock
    other = hermes(tmp_path / "fifo")
    os.mkfifo(other / "MEMORY.md.lock")
    status, out, err = fix("fix", "remove-duplicate-entry", other)
    assert status == 1 and out == "" and err.count("\n") == 1 and "nothing was written" in err
    assert (other / "MEMORY.md").read_text() == MEMORY


def test_a_write_waiting_on_hermes_lock_says_so(tmp_path: Path, monkeypatch: object) -> None:
    """newuser32 #42: `fix remove-duplicate-entry` waited 8 s on Hermes' lock printing
    nothing; past NOTICE_AFTER it says on stderr what it waits for, once."""
    monkeypatch.setattr(agent_lock, "NOTICE_AFTER", 0.05)  # type: ignore[attr-defined]
    folder = hermes(tmp_path)
    (folder / "MEMORY.md.lock").write_text("")
    proc = holder(folder / "MEMORY.md.lock", 0.5, tmp_path / "released")
    status, out, err = fix("fix", "remove-duplicate-entry", folder)
    proc.wait(10)
    assert status == 0 and "[#1" in out, err
    assert err.count("\n") == 1 and err.startswith("waiting for Hermes' lock MEMORY.md.lock")
