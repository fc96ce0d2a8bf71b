"""No memtui write sets or keeps an executable bit (issue 18, part 1)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from memtui.agent.tools import ToolBox
from memtui.core.workspace import open_workspace
from memtui.edit.journal_seal import sealed
from memtui.edit.safe_write import atomic_write, digest, write_file


@pytest.fixture
def umask() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_write_file_drops_exec_bits_and_new_files_follow_the_umask(tmp_path: Path,
                                                                   umask: None) -> None:
    f = tmp_path / "a.md"
    f.write_bytes(b"old")
    f.chmod(0o4755)
    write_file(tmp_path, "a.md", b"new", digest(b"old"))
    assert mode(f) == 0o644 and f.read_bytes() == b"new"
    f.chmod(0o750)
    write_file(tmp_path, "a.md", b"newer", digest(b"new"))
    assert mode(f) == 0o640
    write_file(tmp_path, "b.md", b"b", digest(None))
    assert mode(tmp_path / "b.md") == 0o644
    os.umask(0o077)
    write_file(tmp_path, "c.md", b"c", digest(None))
    assert mode(tmp_path / "c.md") == 0o600


def test_atomic_write_drops_exec_bits(tmp_path: Path, umask: None) -> None:
    f = tmp_path / "h.json"
    f.write_text("{}")
    f.chmod(0o777)
    atomic_write(f, b"[]")
    assert mode(f) == 0o666 & ~0o111
    os.umask(0o027)
    atomic_write(tmp_path / "new.json", b"[]")
    assert mode(tmp_path / "new.json") == 0o640


def test_agent_writes_never_leave_an_exec_bit(tmp_path: Path, umask: None) -> None:
    root = tmp_path / "item"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [A](memory/a.md) — a\n")
    (root / "memory" / "a.md").write_text("---\nname: a\n---\nA.\n")
    (root / "memory" / "a.md").chmod(0o755)
    box = ToolBox(open_workspace(root))
    assert box.call("edit_file", {"path": "memory/a.md", "old_string": "A.",
                                  "new_string": "B."}).ok
    assert mode(root / "memory" / "a.md") == 0o644
    assert box.call("write_file", {"path": "memory/run.md", "content": "#!/bin/sh\n"}).ok
    assert mode(root / "memory" / "run.md") == 0o644
    assert not box.call("write_file", {"path": "memory/run.sh", "content": "#!/bin/sh\n"}).ok


@pytest.mark.parametrize("mode", [0o600, 0o640])
def test_a_rename_and_undo_keep_a_private_memory_private(ws: Path, mode: int) -> None:
    """newuser22 #43: rename, and undo of a delete or a rename, made a 0600 memory 0644
    (umask 022): the moved or restored file was created afresh. It keeps its permissions;
    a tampered mode in the journal gives no executable or setuid bit."""
    import json

    from tests.edit.conftest import cli

    old = os.umask(0o022)
    try:
        user_role = ws / "memory/user-role.md"
        os.chmod(user_role, mode)
        assert cli("fix", "rename", ws, "memory/user-role.md", "user-job").returncode == 0
        assert (ws / "memory/user-job.md").stat().st_mode & 0o777 == mode
        assert cli("undo", ws).returncode == 0
        assert user_role.stat().st_mode & 0o777 == mode
        os.chmod(ws / "memory/line-b.md", mode)
        assert cli("fix", "delete", ws, "memory/line-b.md").returncode == 0
        record = sorted((ws / ".memtui/journal").iterdir())[-1]
        data = json.loads(record.read_text(encoding="utf-8"))
        entry = next(f for f in data["files"] if f["path"] == "memory/line-b.md")
        assert entry["before_mode"] == mode
        entry["before_mode"] = 0o4777  # tampered: at most read and write bits come back
        record.write_text(json.dumps(sealed(data, ws)), encoding="utf-8")
        assert cli("undo", ws).returncode == 0
        assert (ws / "memory/line-b.md").stat().st_mode & 0o7111 == 0
    finally:
        os.umask(old)

