"""The chat's own state (``.memtui/chat/history.json``, ``.memtui/transcripts/``) never
leads outside the workspace and never blocks: links, FIFOs and devices are refused with one
line, and nothing is written through them."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memtui.agent.session import ChatSession, TurnDone
from memtui.agent.settings import AgentSettings
from memtui.core.workspace import Workspace
from memtui.edit.journal_seal import CHAT_CONTEXT, sealed

from .fake_ollama import FakeOllama, chatter


def session(ws: Workspace, fake: FakeOllama) -> ChatSession:
    return ChatSession(ws, AgentSettings(model="chatter", host=fake.url),
                       today=dt.date(2026, 11, 30))


async def turn(ws: Workspace, fake: FakeOllama) -> ChatSession:
    fake.add(chatter())
    s = session(ws, fake)
    evs = [e async for e in s.send("hello")]
    await s.aclose()
    assert isinstance(evs[-1], TurnDone)
    return s


def listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


async def test_plain_state_is_still_written(ws: Workspace, fake: FakeOllama) -> None:
    s = await turn(ws, fake)
    assert s.state_problem is None and s.load_problem is None
    data = json.loads((ws.root / ".memtui/chat/history.json").read_text())
    assert [m["role"] for m in data["messages"]] == ["user", "assistant"]
    (transcript,) = (ws.root / ".memtui/transcripts").iterdir()
    assert transcript.name == data["transcript"]


async def test_dangling_history_link_is_not_created_outside(ws: Workspace, fake: FakeOllama,
                                                           tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    (ws.root / ".memtui/chat").mkdir(parents=True)
    (ws.root / ".memtui/chat/history.json").symlink_to(outside)
    s = await turn(ws, fake)
    assert not outside.exists()
    assert s.load_problem and "symbolic link" in s.load_problem
    assert (ws.root / ".memtui/chat/history.json").is_symlink()


@pytest.mark.parametrize("linked", ["chat", "transcripts", ""])
async def test_state_folders_linked_outside_get_nothing(ws: Workspace, fake: FakeOllama,
                                                        tmp_path: Path, linked: str) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    if linked:
        (ws.root / ".memtui").mkdir()
        (ws.root / ".memtui" / linked).symlink_to(outside)
    else:
        (ws.root / ".memtui").symlink_to(outside)
    s = await turn(ws, fake)
    assert listing(outside) == []
    problem = s.load_problem or s.state_problem
    assert problem and "symbolic link" in problem


async def test_transcript_named_in_history_linking_outside(ws: Workspace, fake: FakeOllama,
                                                          tmp_path: Path) -> None:
    outside = tmp_path / "victim.txt"
    outside.write_bytes(b"precious\n")
    (ws.root / ".memtui/chat").mkdir(parents=True)
    (ws.root / ".memtui/transcripts").mkdir()
    (ws.root / ".memtui/transcripts/t.jsonl").symlink_to(outside)
    (ws.root / ".memtui/chat/history.json").write_text(json.dumps(sealed(
        {"schema": 1, "messages": [], "transcript": "t.jsonl"}, ws.root, CHAT_CONTEXT)))
    s = await turn(ws, fake)
    assert outside.read_bytes() == b"precious\n"
    assert s.state_problem and "symbolic link" in s.state_problem


# -- FIFOs and devices: run in a child with a timeout and a memory cap (the old code hung on
# the FIFO and read /dev/zero without end) ---------------------------------------------------

CHILD = r"""
import asyncio, datetime as dt, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
from memtui.agent.session import ChatSession
from memtui.agent.settings import AgentSettings
from memtui.core.workspace import open_workspace

async def main():
    s = ChatSession(open_workspace(sys.argv[1]), AgentSettings(model="chatter",
                    host=sys.argv[2]), today=dt.date(2026, 11, 30))
    evs = [e async for e in s.send("hello")]
    await s.aclose()
    print(type(evs[-1]).__name__)
    print(s.load_problem or "")
    print(s.state_problem or "")

asyncio.run(main())
"""


def child(ws: Workspace, fake: FakeOllama) -> list[str]:
    fake.add(chatter())
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, str(ws.root), fake.url],
                              capture_output=True, text=True, timeout=60, env=env)
    except subprocess.TimeoutExpired:
        pytest.fail("the chat turn hung")
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.splitlines()


def char_device(path: Path) -> None:
    """A character device like /dev/zero (root can make one; others link to it)."""
    try:
        os.mknod(path, 0o600 | 0o020000, os.makedev(1, 5))
    except PermissionError:
        path.symlink_to("/dev/zero")


@pytest.mark.parametrize("where", ["chat/history.json", "transcripts/t.jsonl"])
@pytest.mark.parametrize("what", ["fifo", "device", "link to /dev/zero"])
def test_fifo_and_devices_never_block_or_grow(ws: Workspace, fake: FakeOllama, where: str,
                                              what: str) -> None:
    state = ws.root / ".memtui"
    (state / "chat").mkdir(parents=True)
    (state / "transcripts").mkdir()
    if where.startswith("transcripts"):
        (state / "chat/history.json").write_text(json.dumps(sealed(
            {"schema": 1, "messages": [], "transcript": "t.jsonl"}, ws.root, CHAT_CONTEXT)))
    target = state / where
    if what == "fifo":
        os.mkfifo(target)
    elif what == "device":
        char_device(target)
    else:
        target.symlink_to("/dev/zero")
    last, load, problem = child(ws, fake)
    assert last == "TurnDone"
    assert (load + problem).strip(), "the refusal is said in one line"
    assert "not a regular file" in load + problem or "symbolic link" in load + problem
