"""newuser32 #40: one ``writer`` turn on a Hermes ``memories/`` folder created
``memory/user-role.md``, and the ``memory/`` folder turned the folder into the item layout
(the § stores judged as a Claude index). In a flat folder the agent writes in its own layout:
never under a new ``memory/`` folder."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from memtui.agent.session import ChatSession
from memtui.agent.settings import AgentSettings
from memtui.agent.tools import ToolBox
from memtui.core.workspace import detect_layout, open_workspace

from .fake_ollama import FakeOllama, memory_writer


def hermes(tmp_path: Path) -> Path:
    folder = tmp_path / ".hermes" / "memories"
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text("The deploy host is build-7.\n§\nTests run with "
                                      "`make check`.\n", encoding="utf-8")
    (folder / "USER.md").write_text("Prefers short answers.\n", encoding="utf-8")
    return folder


async def test_a_writer_turn_keeps_a_hermes_folder_flat(tmp_path: Path,
                                                        fake: FakeOllama) -> None:
    folder = hermes(tmp_path)
    ws = open_workspace(folder)
    assert ws.layout == "flat"
    fake.add(memory_writer())
    s = ChatSession(ws, AgentSettings(model="writer", host=fake.url), persist=False,
                    today=dt.date(2026, 11, 30))
    [_ async for _ in s.send("I am a process engineer")]
    await s.aclose()
    assert not (folder / "memory").exists()
    assert detect_layout(folder) == "flat"
    refusal = next(m["content"] for m in s.history if m["role"] == "tool"
                   and m["tool_name"] == "write_file")
    assert ("keeps its memories flat in this folder, and a memory/ folder would make it "
            "another layout; write user-role.md, not memory/user-role.md") in refusal


def test_flat_folders_still_take_subfolders_and_items_memory(tmp_path: Path) -> None:
    box = ToolBox(open_workspace(hermes(tmp_path)))
    assert box.call("write_file", {"path": "user-role.md", "content": "Engineer.\n"}).ok
    assert box.call("write_file", {"path": "sub/c.md", "content": "C\n"}).ok
    assert not box.call("write_file", {"path": "Memory/c.md", "content": "C\n"}).ok
