"""Atomic writes, content-hash conflict checks, and crash safety (a child killed mid-write)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memtui.core.audit import audit
from memtui.core.workspace import discover, open_workspace
from memtui.edit.safe_write import (
    ABSENT,
    TEMP_PREFIX,
    Conflict,
    atomic_write,
    check_unchanged,
    digest,
    write_checked,
)
from tests.edit.conftest import ROOT, tree


def test_atomic_write_replaces_bytes_and_keeps_the_mode(tmp_path: Path) -> None:
    p = tmp_path / "f.md"
    p.write_bytes(b"old\r\n")
    p.chmod(0o600)
    atomic_write(p, b"\xef\xbb\xbfnew\r\n")
    assert p.read_bytes() == b"\xef\xbb\xbfnew\r\n"
    assert p.stat().st_mode & 0o777 == 0o600
    assert sorted(x.name for x in tmp_path.iterdir()) == ["f.md"]


def test_atomic_write_creates_folders_and_files(tmp_path: Path) -> None:
    p = tmp_path / "a" / "b.md"
    atomic_write(p, b"x")
    assert p.read_bytes() == b"x"
    assert p.stat().st_mode & 0o777 == 0o644


def test_write_checked_refuses_a_changed_file(tmp_path: Path) -> None:
    p = tmp_path / "f.md"
    p.write_bytes(b"read")
    seen = digest(b"read")
    p.write_bytes(b"someone else")
    with pytest.raises(Conflict) as exc:
        write_checked(p, b"mine", seen)
    assert str(exc.value) == (f"{p} changed on disk since memtui read it; nothing was written "
                              "(reload and try again)")
    assert p.read_bytes() == b"someone else"


def test_check_refuses_creating_a_file_that_now_exists_and_a_vanished_one(
        tmp_path: Path) -> None:
    p = tmp_path / "new.md"
    check_unchanged(p, ABSENT)
    p.write_bytes(b"")
    with pytest.raises(Conflict, match=re.escape("now exists")):
        check_unchanged(p, ABSENT, "new.md")
    p.unlink()
    with pytest.raises(Conflict, match=re.escape("new.md was deleted since memtui read it")):
        check_unchanged(p, digest(b""), "new.md")


CHILD = """
import sys
from pathlib import Path
from memtui.edit.safe_write import atomic_write
atomic_write(Path(sys.argv[1]), b"N" * int(sys.argv[2]))
"""


def _kill_mid_write(target: Path, size: int) -> bool:
    """Start a child writing ``size`` bytes to ``target``; SIGKILL it once its temporary file
    holds some bytes. True when it was killed before the rename."""
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(target), str(size)], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    deadline = time.monotonic() + 60
    killed_mid = False
    while time.monotonic() < deadline and proc.poll() is None:
        temps = [p for p in target.parent.iterdir() if p.name.startswith(TEMP_PREFIX)]
        try:
            if temps and temps[0].stat().st_size > 0:
                proc.send_signal(signal.SIGKILL)
                killed_mid = True
                break
        except FileNotFoundError:  # renamed between listing and stat
            pass
        time.sleep(0.001)
    proc.wait(timeout=60)
    return killed_mid and proc.returncode == -signal.SIGKILL


def test_a_write_killed_midway_leaves_the_old_or_the_new_file(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [A](memory/a.md) — a\n")
    target = root / "memory" / "a.md"
    old = b"---\nname: a\n---\nold\n"
    target.write_bytes(old)
    size = 50_000_000
    mid_kills = 0
    for _ in range(3):
        if _kill_mid_write(target, size):
            mid_kills += 1
        data = target.read_bytes()
        assert data == old or data == b"N" * size
        if data != old:
            target.write_bytes(old)
    assert mid_kills >= 1, "the child was never caught mid-write"
    # The killed child's temporary file stays behind, hidden: the audit never sees it.
    leftovers = [p.name for p in target.parent.iterdir() if p.name.startswith(TEMP_PREFIX)]
    assert leftovers
    ws = open_workspace(root)
    assert discover(ws).files == ["memory/a.md"]
    assert [f.path for f in audit(root).files] == ["memory/a.md"]


def test_auditing_writes_nothing_and_ignores_the_state_folder(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "a.md").write_text("---\nname: a\ndescription: d\n---\n")
    (root / "MEMORY.md").write_text("- [A](memory/a.md) — a\n")
    before = tree(root, include_state=True)
    result = audit(root)
    assert tree(root, include_state=True) == before
    assert not (root / ".memtui").exists()
    (root / ".memtui" / "journal").mkdir(parents=True)
    (root / ".memtui" / "journal" / "000001.md").write_text("[x](nowhere.md)\n")
    again = audit(root)
    assert [f.path for f in again.files] == [f.path for f in result.files] == ["memory/a.md"]
    assert again.broken_links == []
