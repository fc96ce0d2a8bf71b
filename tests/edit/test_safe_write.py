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
    STALE_TEMP_SECONDS,
    TEMP_PREFIX,
    TEMP_SUFFIX,
    Conflict,
    atomic_write,
    check_unchanged,
    digest,
    remove_stale_temps,
    write_file,
)
from tests.edit.conftest import BASE, ROOT, tree, write_tree


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


def test_write_file_refuses_a_changed_file(tmp_path: Path) -> None:
    p = tmp_path / "f.md"
    p.write_bytes(b"read")
    seen = digest(b"read")
    p.write_bytes(b"someone else")
    with pytest.raises(Conflict) as exc:
        write_file(tmp_path, "f.md", b"mine", seen)
    assert str(exc.value) == ("f.md changed on disk since memtui read it; nothing was written "
                              "(reload and try again)")
    assert p.read_bytes() == b"someone else"


def test_write_file_replaces_keeps_the_mode_and_leaves_no_temporary_file(
        tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    p = tmp_path / "sub" / "f.md"
    p.write_bytes(b"old")
    p.chmod(0o600)
    write_file(tmp_path, "sub/f.md", b"new", digest(b"old"))
    assert p.read_bytes() == b"new" and p.stat().st_mode & 0o777 == 0o600
    write_file(tmp_path, "sub/g.md", b"made", ABSENT)
    write_file(tmp_path, "sub/f.md", None, digest(b"new"))
    assert sorted(x.name for x in p.parent.iterdir()) == ["g.md"]


def test_check_refuses_creating_a_file_that_now_exists_and_a_vanished_one(
        tmp_path: Path) -> None:
    p = tmp_path / "new.md"
    check_unchanged(tmp_path, "new.md", ABSENT)
    p.write_bytes(b"")
    with pytest.raises(Conflict, match=re.escape("now exists")):
        check_unchanged(tmp_path, "new.md", ABSENT)
    with pytest.raises(Conflict, match=re.escape("now exists")):
        write_file(tmp_path, "new.md", b"x", ABSENT)
    p.unlink()
    with pytest.raises(Conflict, match=re.escape("new.md was deleted since memtui read it")):
        check_unchanged(tmp_path, "new.md", digest(b""))


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


def _leftover(folder: Path, age: float = STALE_TEMP_SECONDS + 60) -> Path:
    """A temporary file named exactly as atomic_write names them, ``age`` seconds old."""
    import tempfile

    fd, name = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=folder)
    os.write(fd, b"half a memo")
    os.close(fd)
    then = time.time() - age
    os.utime(name, (then, then))
    return Path(name)


def test_remove_stale_temps_removes_only_old_files_with_memtuis_exact_names(
        tmp_path: Path) -> None:
    stale = _leftover(tmp_path)
    fresh = _leftover(tmp_path, age=5)
    old = time.time() - STALE_TEMP_SECONDS - 60
    keep = [f"{TEMP_PREFIX}notes.md", f"{TEMP_PREFIX}abcdefgh.part.bak", f"{TEMP_PREFIX}abc.part",
            f"x{TEMP_PREFIX}abcdefgh.part", ".memtui-tmp_abcdefgh.part", "abcdefgh.part"]
    for name in keep:
        (tmp_path / name).write_text("not memtui's")
        os.utime(tmp_path / name, (old, old))
    folder = tmp_path / f"{TEMP_PREFIX}folder12.part"
    folder.mkdir()
    link = tmp_path / f"{TEMP_PREFIX}symlink1.part"
    link.symlink_to(tmp_path / "abcdefgh.part")
    os.utime(link, (old, old), follow_symlinks=False)
    fd = os.open(tmp_path, os.O_RDONLY)
    try:
        assert remove_stale_temps(fd) == [stale.name]
    finally:
        os.close(fd)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [fresh.name, folder.name, link.name, *keep])


def test_the_next_write_removes_what_a_killed_write_left_in_its_folders(tmp_path: Path) -> None:
    from memtui.edit import index_ops, memory_ops
    from memtui.edit.apply import apply
    from memtui.edit.journal import undo
    from memtui.edit.snapshot import Snapshot

    root = write_tree(tmp_path / "ws", BASE)
    journal = root / ".memtui" / "journal"
    journal.mkdir(parents=True)
    at_root, in_memory, in_journal = _leftover(root), _leftover(root / "memory"), \
        _leftover(journal)
    (root / "memory" / "sub").mkdir()
    elsewhere = _leftover(root / "memory" / "sub")
    young = _leftover(root, age=1)
    w = open_workspace(root)
    apply(w, index_ops.add_to_index(Snapshot.read(w), ["lonely_note"]))  # writes MEMORY.md
    assert not at_root.exists() and not in_journal.exists()
    assert in_memory.exists() and elsewhere.exists() and young.exists()
    apply(w, memory_ops.fix_wikilinks(Snapshot.read(w)))  # writes memory/user-role.md
    assert not in_memory.exists()
    again = _leftover(root / "memory")
    undo(w)  # undo writes memory/user-role.md back
    assert not again.exists()
    assert elsewhere.exists() and young.exists()  # not written to; too young to be stale


# newuser24 #23: .memtui/ is self-ignoring, whichever write makes it ---------------------

IGNORE = b"# memtui's own state (undo journal, lock, chat history): never committed\n*\n"


def _state_made_by(root: Path, make: str, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Make ``root/.memtui`` the way ``make`` names, through memtui's own code."""
    from memtui.edit import safe_write
    from memtui.edit.journal import Journal

    if make == "lock":
        with safe_write.folder_lock(root / ".memtui"):
            pass
    elif make == "history":
        safe_write.write_state(root, ".memtui/chat/history.json", b"{}")
    elif make == "transcript":
        safe_write.append_state(root, ".memtui/transcripts/t.jsonl", b"{}\n")
    elif make == "journal":
        from memtui.edit.changeset import Changeset, FileChange

        (root / "a.md").write_bytes(b"a\n")
        Journal(open_workspace(root)).append(
            Changeset("test", {}, "s", [FileChange("a.md", b"a\n", b"b\n")]))
    elif make == "displaced":  # an outside edit racing the write (as in test_race)
        (root / "a.md").write_bytes(b"read\n")
        real_replace = os.replace

        def late_edit(src: str, dst: str, **kw: int) -> None:
            if dst == "a.md":
                with open(root / "a.md", "ab") as fh:
                    fh.write(b"outside\n")
            real_replace(src, dst, **kw)

        monkeypatch.setattr(safe_write, "exchange", lambda fd, a, b: False)
        monkeypatch.setattr(safe_write.os, "replace", late_edit)
        with pytest.raises(safe_write.Recovered):
            write_file(root, "a.md", b"two\n", digest(b"read\n"))
        assert len(os.listdir(root / ".memtui" / "displaced")) == 1
    return root / ".memtui"


@pytest.mark.parametrize("make", ["lock", "history", "transcript", "journal", "displaced"])
def test_each_way_of_making_the_state_folder_makes_it_ignored_by_git(
        tmp_path: Path, make: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state = _state_made_by(tmp_path, make, monkeypatch)
    assert (state / ".gitignore").read_bytes() == IGNORE
    assert (state / ".gitignore").stat().st_mode & 0o777 == 0o644 & ~_umask()


def _umask() -> int:
    old = os.umask(0)
    os.umask(old)
    return old


def test_git_add_all_after_a_fix_commits_nothing_of_the_state_folder(tmp_path: Path) -> None:
    import shutil

    if shutil.which("git") is None:
        pytest.skip("no git")
    from memtui.cli import main

    ws = tmp_path / "ws"
    write_tree(ws, BASE)
    git = ["git", "-C", str(ws), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    assert main(["audit", str(ws), "--fail-on", "never"]) == 0
    assert not (ws / ".memtui").exists()  # a read-only audit writes no .gitignore either
    assert main(["fix", "add-to-index", str(ws), "--all-unreachable"]) == 0
    subprocess.run([*git, "add", "-A"], check=True)
    tracked = subprocess.run([*git, "ls-files", "--cached"], capture_output=True, text=True,
                             check=True).stdout.split()
    assert tracked and not any(t.startswith(".memtui") for t in tracked)
    assert (ws / ".memtui" / "journal").is_dir()


def test_a_state_folder_memtui_did_not_make_is_left_as_it_is(tmp_path: Path) -> None:
    """The user's own .memtui/ (say, one they track on purpose) gets no .gitignore."""
    from memtui.edit.safe_write import folder_lock

    (tmp_path / ".memtui").mkdir()
    with folder_lock(tmp_path / ".memtui"):
        pass
    assert sorted(os.listdir(tmp_path / ".memtui")) == ["lock"]
