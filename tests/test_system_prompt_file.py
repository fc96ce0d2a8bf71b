"""newuser24 #4: ``--system-prompt`` given something that exists but is no file (a folder, a
FIFO) said "no such file", and the app and ``memtui eval`` worded it differently. One
wording now, saying what the path is, exit 2, nothing opened (a FIFO would block)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memtui.cli import main


@pytest.mark.parametrize("command", [[], ["eval"]])
def test_a_folder_a_fifo_and_a_missing_file_are_told_apart(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("# Memory\n")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    prog = " ".join(["memtui", *command])
    extra = ["-m", "hi", "--model", "x"] if command else []
    for given, says in ((tmp_path, "a folder, not a file"),
                        (fifo, "not a regular file (a FIFO, socket or device)"),
                        (tmp_path / "nope.txt", "no such file")):
        status = main([*command, str(ws), *extra, "--system-prompt", str(given)])
        assert status == 2
        assert capsys.readouterr().err == f"{prog}: error: --system-prompt {given}: {says}\n"
