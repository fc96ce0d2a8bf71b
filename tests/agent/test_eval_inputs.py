"""``memtui eval`` with hostile inputs: special files in the workspace copied for each run,
and option values that are not usable (issue 9)."""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

import pytest

from memtui.agent.eval import copy_workspace
from memtui.core.reporting.safe_output import short_path
from memtui.core.workspace import Workspace

from .fake_ollama import FakeOllama, chatter
from .test_eval import memtui


def add_special_files(root: Path) -> list[str]:
    """A FIFO, a socket and (when allowed) a device that never ends, under memory/."""
    made = ["memory/pipe.md", "memory/sock.md"]
    os.mkfifo(root / "memory" / "pipe.md")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(root / "memory" / "sock.md"))
    sock.close()
    try:
        os.mknod(root / "memory" / "zero.md", stat.S_IFCHR | 0o600, os.makedev(1, 5))
        made.append("memory/zero.md")
    except (PermissionError, OSError):
        pass
    return made


def test_copy_skips_fifos_sockets_and_devices(ws: Workspace, tmp_path: Path) -> None:
    add_special_files(ws.root)
    os.symlink("notes.md", ws.root / "memory" / "alias.md")
    copy = copy_workspace(ws, tmp_path / "copy")
    names = sorted(p.name for p in (copy.root / "memory").iterdir())
    assert names == ["alias.md", "notes.md"]
    assert (copy.root / "memory" / "alias.md").is_symlink()
    assert (copy.root / "memory" / "notes.md").read_bytes() == \
        (ws.root / "memory" / "notes.md").read_bytes()


def test_eval_with_special_files_does_not_block(ws: Workspace, fake: FakeOllama) -> None:
    add_special_files(ws.root)
    fake.add(chatter())
    proc = memtui("eval", str(ws.root), "-m", "hi", "-n", "1", "--model", "chatter",
                  "--host", fake.url)
    assert (proc.returncode, proc.stderr) == (0, "run 1/1: no_tool_call\n")


@pytest.mark.parametrize("value", ["nan", "-1", "0", "inf", "-inf"])
def test_eval_timeout_must_be_a_positive_number(ws: Workspace, value: str) -> None:
    proc = memtui("eval", str(ws.root), "-m", "hi", "--model", "m", f"--timeout={value}")
    assert proc.returncode == 2
    assert proc.stderr.startswith("memtui eval: error: argument --timeout: ")
    assert proc.stderr.count("\n") == 1


def test_eval_name_too_long_is_one_line(ws: Workspace) -> None:
    long = ws.root / ("x" * 300)
    proc = memtui("eval", str(long), "-m", "hi", "--model", "m")
    assert proc.returncode == 2
    assert proc.stderr == (f"memtui eval: error: {short_path(str(long))}: cannot be read "
                           "(File name too long)\n")
    proc = memtui("eval", str(ws.root), "-m", "hi", "--model", "m", "--system-prompt",
                  str(long))
    assert (proc.returncode, proc.stderr) == (  # a run past 160 characters cut (newuser26 #30)
        2, f"memtui eval: error: --system-prompt {short_path(f'{long}:')} cannot be read "
           "(File name too long)\n")


def test_eval_api_openai_takes_the_server_s_one_model(ws: Workspace, tmp_path: Path) -> None:
    """newuser28 #25: `memtui eval --api openai` without --model was a usage error, though
    llama-server serves one model (the app picks it from /v1/models). It uses it and says
    which; with Ollama, or a server listing several, --model is still asked for."""
    from .fake_ollama import memory_writer
    from .fake_openai import FakeOpenAI

    llama = FakeOpenAI([memory_writer()]).start()
    try:
        proc = memtui("eval", str(ws.root), "-m", "I am a process engineer", "-n", "1",
                      "--api", "openai", "--host", llama.url)
        assert proc.returncode == 0, proc.stderr
        assert proc.stderr.startswith("memtui eval: no --model given: using writer, the one "
                                      f"model {llama.url} lists at /v1/models\n"), proc.stderr
        assert "pass rate: 1/1" in proc.stdout
        llama.add(chatter())
        proc = memtui("eval", str(ws.root), "-m", "hi", "--api", "openai", "--host", llama.url)
        assert proc.returncode == 2 and proc.stderr == (
            f"memtui eval: error: give --model: {llama.url} lists 2 models at /v1/models: "
            "chatter, writer\n"), proc.stderr
    finally:
        llama.stop()
    fake = FakeOllama([memory_writer()]).start()
    try:
        proc = memtui("eval", str(ws.root), "-m", "hi", "--host", fake.url)
        assert proc.returncode == 2 and "give --model" in proc.stderr
        assert proc.stderr.count("\n") == 1
    finally:
        fake.stop()
