"""Every file memtui creates has 0o600 (its own state) or 0o644 (a file to share), never an
executable bit, whatever the umask (issue 32 #3: ``.memtui/lock`` was made ``rwxr-xr-x``).

The real operations run in a temporary folder that also holds the user's cache and config
folders: an audit that fills the cache, every ``memtui fix`` operation, undo, a baseline, a
chat turn whose model writes and indexes a memory through the agent's file tools (journal,
chat history, transcript), the agent deleting a file, the app's settings, ``memtui demo`` and
an ``eval --suite`` report; then every file under the folder is checked.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from memtui.cli import main
from tests.agent.fake_ollama import FakeOllama, chatter, memory_writer
from tests.edit.conftest import BASE, write_tree

STATE = 0o600
SHARED = 0o644
#: The folders holding memtui's own state, relative to the test's folder.
STATE_FOLDERS = ("ws/.memtui", "cache", "config")
#: The test's files memtui moves or, on undo, writes anew: each keeps the mode its file had
#: (issue 32, newuser22 #43: a rename or an undone delete never widens a private memory).
KEPT = {"ws/memory/line-b.md", "ws/memory/yield-origin.md"}
FIXES = [
    ["add-to-index", "lonely_note", "--under", "People"],
    ["repoint", "memory/gone.md", "memory/creds.md"],
    ["fix-wikilinks"],
    ["new", "fresh", "--type", "user", "--description", "d", "--index"],
    ["rename", "yield-source", "yield-origin"],
    ["fold", "user-role", "yield-origin", "--label", "Cold"],
    ["remove-link", "memory/line-a.md"],
    ["delete", "line-b"],
    ["redact", "creds"],
]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user whose cache and config folders lie in ``tmp_path``, with the standard small
    workspace in ``tmp_path/ws`` (written at the usual 0o644)."""
    for var in ("MEMTUI_NO_CACHE", "MEMTUI_CACHE_DIR", "MEMTUI_CONFIG_DIR", "OLLAMA_HOST"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    old = os.umask(0o022)
    try:
        write_tree(tmp_path / "ws", BASE)
    finally:
        os.umask(old)
    return tmp_path


@pytest.fixture
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def modes(root: Path) -> dict[str, int]:
    """Every file under ``root``: its permission bits."""
    out = {}
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            out[p.relative_to(root).as_posix()] = stat.S_IMODE(os.lstat(p).st_mode)
    return out


def expected(rel: str, mask: int) -> int:
    """State: exactly 0o600. The test's own files (0o644): kept when rewritten. A new file
    to share: 0o644 less the umask."""
    if rel == "ws/.memtui/.gitignore":  # nothing secret: a file of git's (newuser24 #23)
        return SHARED & ~mask
    if any(rel.startswith(f + "/") for f in STATE_FOLDERS):
        return STATE
    if rel.removeprefix("ws/") in BASE or rel in KEPT:
        return SHARED
    return SHARED & ~mask


async def chat_turn(ws: Path, fake: FakeOllama) -> None:
    from memtui.agent.session import ChatSession
    from memtui.agent.settings import AgentSettings
    from memtui.core.workspace import open_workspace

    s = ChatSession(open_workspace(ws), AgentSettings(model="writer", host=fake.url),
                    today=dt.date(2026, 11, 30))
    async for _ in s.send("I am a process engineer; Cpk and Ppk need no explanation."):
        pass
    await s.aclose()


def run_everything(home: Path) -> None:
    ws = home / "ws"
    assert main(["audit", str(ws), "--json", "--fail-on", "never"]) == 0  # fills the cache
    for op in FIXES:
        assert main(["fix", op[0], str(ws), *op[1:]]) == 0, op
    assert main(["undo", str(ws)]) in (0, 1)  # the redaction
    assert main(["undo", str(ws)]) == 0
    assert main(["history", str(ws)]) == 0
    assert main(["audit", str(ws), "--write-baseline", str(home / "baseline.json")]) == 0

    fake = FakeOllama().start()
    try:
        fake.add(memory_writer())
        fake.add(chatter())
        asyncio.run(chat_turn(ws, fake))
        assert main(["eval", "--suite", "seed", "-n", "1", "--model", "chatter", "--host",
                     fake.url, "--out", str(home / "seed.json")]) in (0, 1)
    finally:
        fake.stop()

    from memtui.agent.tools import ToolBox
    from memtui.core.workspace import open_workspace

    assert ToolBox(open_workspace(ws)).call("delete_file", {"path": "memory/line-a.md"}).ok

    from memtui.tui.config import save_config

    assert save_config(theme="paper")
    assert main(["demo", str(home / "demo")]) == 0


@pytest.mark.parametrize("umask", [0o000, 0o022, 0o077], indirect=True)
def test_every_file_memtui_creates_has_its_mode_and_no_exec_bit(home: Path, umask: int,
                                                                capsys: pytest.CaptureFixture[str]
                                                                ) -> None:
    run_everything(home)
    found = modes(home)
    # The test reached every kind of file it claims to check.
    for part in ("ws/.memtui/lock", "ws/.memtui/.gitignore", "ws/.memtui/journal/",
                 "ws/.memtui/chat/history.json", "ws/.memtui/transcripts/", "cache/memtui/",
                 "config/memtui/config.json", "config/memtui/keys/journal.key",
                 "baseline.json", "seed.json", "demo/MEMORY.md",
                 "ws/memory/user-role.md", "ws/memory/fresh.md"):
        assert any(rel.startswith(part) for rel in found), part
    wrong = {rel: oct(m) for rel, m in found.items() if m != expected(rel, umask)}
    assert wrong == {}
    assert not any(m & 0o7111 for m in found.values())


def test_a_lock_an_older_memtui_made_executable_is_made_private(home: Path) -> None:
    from memtui.edit.safe_write import folder_lock

    lock = home / "ws" / ".memtui" / "lock"
    lock.parent.mkdir()
    lock.touch(0o755)
    lock.chmod(0o755)
    with folder_lock(lock.parent):
        pass
    assert stat.S_IMODE(lock.stat().st_mode) == STATE


def test_a_file_the_user_names_keeps_its_mode_less_the_exec_bits(home: Path) -> None:
    from memtui.core.files.file_modes import write_bytes

    out = home / "report.json"
    out.write_text("old")
    out.chmod(0o775)
    write_bytes(out, b"new")
    assert (out.read_bytes(), stat.S_IMODE(out.stat().st_mode)) == (b"new", 0o664)


def test_a_fifo_no_program_reads_is_refused_not_waited_on(tmp_path: Path) -> None:
    """newuser24 #61: `--write-baseline FIFO` (and `eval --out FIFO`) hung until killed.
    A FIFO nobody reads is one line and exit 2; one with a reader is written as always."""
    import subprocess
    import sys
    import threading

    from memtui.core.files.file_modes import write_bytes

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="a FIFO no program reads"):
        write_bytes(fifo, b"x")
    write_tree(tmp_path / "ws", BASE)
    proc = subprocess.run([sys.executable, "-m", "memtui", "audit", str(tmp_path / "ws"),
                           "--write-baseline", str(fifo)], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "MEMTUI_NO_CACHE": "1"})
    # (the command refuses any FIFO before writing: memtui.core.files.output_file)
    assert proc.returncode == 2 and "FIFO" in proc.stderr and proc.stderr.count("\n") == 1
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    try:
        for _ in range(200):  # until the reader has the FIFO open
            try:
                write_bytes(fifo, b"baseline\n")
                break
            except OSError:
                threading.Event().wait(0.01)
    finally:
        reader.join(10)
    assert got == [b"baseline\n"]
