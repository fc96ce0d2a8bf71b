"""newuser34 #27: ``memtui audit ROOT --discover --jobs 2`` terminated (SIGTERM, as a CI
timeout sends; SIGKILL too) left its two worker processes behind for good, re-parented to
init. Now each worker watches a pipe only its parent holds open and ends when it closes.

A real command, real worker processes found in ``/proc``, real signals; the kill is repeated
and every outcome counted, so a race that lets one worker live shows as a count."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.core.helpers import memory

ROOT = Path(__file__).resolve().parents[1]
KILLS = 3

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="reads the process table from /proc")


def many_workspaces(root: Path, count: int = 60, files: int = 25) -> Path:
    for w in range(count):
        ws = root / f"ws{w:03d}"
        (ws / "memory").mkdir(parents=True)
        lines = []
        for i in range(files):
            (ws / f"memory/m{i}.md").write_text(
                memory(f"m{i}", f"Fact {i} of workspace {w}: deploy with make target {i}."),
                encoding="utf-8")
            lines.append(f"- [M{i}](memory/m{i}.md) — fact {i}\n")
        (ws / "MEMORY.md").write_text("".join(lines), encoding="utf-8")
    return root


def children(pid: int) -> set[int]:
    """The live processes whose parent is ``pid`` and that run what it runs (the workers,
    not multiprocessing's resource tracker)."""
    want = _cmdline(pid)
    out = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit() and _ppid(int(entry)) == pid and _cmdline(int(entry)) == want:
            out.add(int(entry))
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _ppid(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return -1


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def wait_for(check, limit: float) -> bool:  # type: ignore[no-untyped-def]
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.05)
    return bool(check())


def one_kill(root: Path, env: dict[str, str], sig: int) -> str:
    """Start a fleet audit, kill it once both workers run, and say what became of them."""
    proc = subprocess.Popen([sys.executable, "-m", "memtui", "audit", str(root),
                             "--discover", "--jobs", "2"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    cmd = _cmdline(proc.pid)

    def started() -> bool:
        workers.update(children(proc.pid))
        return len(workers) >= 2 or proc.poll() is not None

    try:
        assert wait_for(started, 60)
        if proc.poll() is not None:
            return "finished before the kill"
        os.kill(proc.pid, sig)
        proc.wait(10)
        if wait_for(lambda: not any(alive(w) for w in workers), 10):
            return "workers ended"
        return "workers left"
    finally:
        for w in workers:  # never leave one behind, whatever the outcome
            if alive(w) and _cmdline(w) == cmd:
                os.kill(w, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_discover_workers_end_with_their_killed_parent(tmp_path: Path, sig: int) -> None:
    root = many_workspaces(tmp_path / "root")
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    outcomes = {"workers ended": 0, "workers left": 0, "finished before the kill": 0}
    for _ in range(KILLS):
        outcomes[one_kill(root, env, sig)] += 1
    assert outcomes["workers left"] == 0, outcomes
    assert outcomes["workers ended"] >= 1, outcomes  # the kill met the pool at least once


def test_discover_says_its_progress_to_a_file_when_long(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """newuser34 #28: ten minutes of ``--discover`` into a file said nothing at all. Every
    `PROGRESS_EVERY` seconds a line now says how far it is (here 0 s: a line a row)."""
    from memtui.cli import main
    from memtui.commands import fleet

    monkeypatch.setattr(fleet, "PROGRESS_EVERY", 0.0)
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    root = many_workspaces(tmp_path / "root", count=3, files=2)
    assert main(["audit", str(root), "--discover", "--jobs", "1"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[:2] == [f"memtui audit: audited {n} / 3 workspaces in 0 s (the table comes "
                       "when all are done)" for n in (1, 2)]
    assert len(err) == 2  # none once all are done: the table follows at once


def test_discover_on_a_terminal_says_the_count_then_each_row(tmp_path: Path) -> None:
    import pty

    root = many_workspaces(tmp_path / "root", count=3, files=2)
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    leader, follower = pty.openpty()
    try:
        proc = subprocess.run([sys.executable, "-m", "memtui", "audit", str(root),
                               "--discover", "--jobs", "1"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=follower, timeout=120)
        os.close(follower)
        said = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            said += chunk
    finally:
        os.close(leader)
    assert proc.returncode == 0
    text = said.decode()
    assert "looking for workspaces under" in text
    assert "auditing 3 workspaces" in text
    for n, name in enumerate(("ws000", "ws001", "ws002"), 1):
        assert f"audited {n} / 3 workspaces: {name}" in text, text
