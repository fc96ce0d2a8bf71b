"""newuser24 #4: ``--system-prompt`` given something that exists but is no file (a folder, a
FIFO) said "no such file", and the app and ``memtui eval`` worded it differently. One
wording now, saying what the path is, exit 2, nothing opened (a FIFO would block)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest

from memtui.agent.prompt import MAX_SYSTEM_PROMPT_BYTES
from memtui.cli import main
from memtui.commands.agent_options import add_agent_options, agent_option_error


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
    for given, says in ((tmp_path, "a folder; memtui does not read it"),
                        (fifo, "not a regular file (a FIFO, socket or device); memtui does not "
                                "read it"),
                        (tmp_path / "nope.txt", "no such file")):
        status = main([*command, str(ws), *extra, "--system-prompt", str(given)])
        assert status == 2
        assert capsys.readouterr().err == f"{prog}: error: --system-prompt {given}: {says}\n"


@pytest.mark.parametrize("command", [[], ["eval"]])
def test_a_file_not_utf8_or_too_large_is_refused_at_start(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    """newuser24 #59: a prompt file not UTF-8 made every eval run fail with a Python
    exception name and "send again"; 6.7 MB were sent whole with every request."""
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("# Memory\n")
    bad, big, good = tmp_path / "bad.txt", tmp_path / "big.txt", tmp_path / "good.txt"
    bad.write_bytes(b"Rules\n\xff\xfe bad")
    big.write_bytes(b"x" * (MAX_SYSTEM_PROMPT_BYTES + 1))
    good.write_bytes(b"x" * MAX_SYSTEM_PROMPT_BYTES)
    prog = " ".join(["memtui", *command])
    extra = ["-m", "hi", "--model", "x"] if command else []
    for given, says in ((bad, "not valid UTF-8 (first bad byte at offset 6)"),
                        (big, "larger than 1 MiB; memtui does not read it: a system prompt is "
                              "sent with every request")):
        status = main([*command, str(ws), *extra, "--system-prompt", str(given)])
        assert status == 2
        assert capsys.readouterr().err == f"{prog}: error: --system-prompt {given}: {says}\n"
    parser = argparse.ArgumentParser()
    add_agent_options(parser)
    assert agent_option_error(parser.parse_args(["--system-prompt", str(good)])) is None
