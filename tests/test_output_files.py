"""newuser24 #60, #61: the files the operator names for memtui's output
(``--write-baseline FILE``, ``eval --suite … --out FILE``) are written only where nothing is
lost: never over a workspace's MEMORY.md or a memory (it replaced the index with baseline
JSON, unjournaled), never into a FIFO (it hung), never through a symbolic link (it replaced
the link's target), never as a markdown file the audit would read as a memory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memtui.cli import main
from tests.edit.conftest import cli, tree


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    ws = tmp_path / "d"
    assert cli("demo", ws).returncode == 0
    return ws


def refused(capsys: pytest.CaptureFixture[str], ws: Path, target: Path) -> str:
    before = tree(ws, include_state=True)  # (the FIFO beside it is never read)
    assert main(["audit", str(ws), "--write-baseline", str(target)]) == 2
    assert tree(ws, include_state=True) == before  # nothing written in the workspace
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"memtui audit: error: {target}: ")
    return err[len(f"memtui audit: error: {target}: "):-1]


def test_the_index_and_a_memory_are_never_overwritten(
        demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for target in (demo / "MEMORY.md", demo / "memory" / "user-role.md",
                   demo / "memory" / "new.md"):
        assert refused(capsys, demo, target) == ("a markdown file, which the audit reads as a "
                                                 "memory; give a .json name for a memtui "
                                                 "baseline")
    other = demo.parent / "notes.json"
    other.write_text('{"mine": 1}\n')
    assert refused(capsys, demo, other) == ("exists and is not a memtui baseline; memtui does "
                                            "not overwrite it (remove it, or give another "
                                            "name)")
    assert other.read_text() == '{"mine": 1}\n'


def test_a_fifo_and_a_link_are_refused_without_blocking(
        demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = demo.parent / "fifo"
    os.mkfifo(fifo)
    assert refused(capsys, demo, fifo) == ("not a regular file (a FIFO, socket or device); "
                                           "memtui does not write it")
    precious = demo.parent / "precious.txt"
    precious.write_text("precious\n")
    link = demo.parent / "bl.json"
    link.symlink_to(precious)
    assert refused(capsys, demo, link) == ("a symbolic link; memtui does not write through one "
                                           "(give the file it leads to, or another name)")
    assert precious.read_text() == "precious\n"


def test_a_baseline_is_written_and_written_again(
        demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = demo / ".memtui-baseline.json"
    for _ in range(2):  # the second replaces the first: it is a baseline
        assert main(["audit", str(demo), "--write-baseline", str(base)]) == 0
        assert "findings recorded in" in capsys.readouterr().err
    # inside the workspace it accepts no credential (the demo holds one: redteam33, session
    # 33); the same baseline outside it accepts every finding it records
    assert main(["audit", str(demo), "--baseline", str(base)]) == 1
    assert "it lies inside the audited workspace" in capsys.readouterr().err
    outside = demo.parent / "baseline.json"
    outside.write_bytes(base.read_bytes())
    assert main(["audit", str(demo), "--baseline", str(outside)]) == 0
    empty = demo.parent / "empty.json"
    empty.write_bytes(b"")  # nothing to lose
    assert main(["audit", str(demo), "--write-baseline", str(empty)]) == 0
