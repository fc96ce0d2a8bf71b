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
    # the hint names what Hermes loads, never a loose file it would not (newuser33 #24)
    assert ("a memory/ folder would make this workspace another layout, and its agent "
            "loads only the entries of MEMORY.md and USER.md") in refusal
    assert "write user-role.md" not in refusal


def test_flat_folders_still_take_subfolders_and_items_memory(tmp_path: Path) -> None:
    box = ToolBox(open_workspace(hermes(tmp_path)))
    assert box.call("write_file", {"path": "user-role.md", "content": "Engineer.\n"}).ok
    assert box.call("write_file", {"path": "sub/c.md", "content": "C\n"}).ok
    assert not box.call("write_file", {"path": "Memory/c.md", "content": "C\n"}).ok


def test_a_refusal_names_what_the_agent_loads_never_the_refused_path(tmp_path: Path) -> None:
    """newuser33 #24: the refusal's hint was "e.g. memory/notes.md", the very path refused,
    and it steered the model to a loose file Hermes never loads."""
    said = ToolBox(open_workspace(hermes(tmp_path))).call(
        "write_file", {"path": "memory/deploy-day.md", "content": "Fridays.\n"})
    assert not said.ok
    assert "memory/notes.md" not in said.result and "write deploy-day.md" not in said.result
    assert ("Add the memory as an entry of MEMORY.md or USER.md: edit_file that store, "
            "appending a line holding only § and then the entry") in said.result
    flat = tmp_path / "claude"
    flat.mkdir()
    (flat / "MEMORY.md").write_text("- [A](a.md) — a\n", encoding="utf-8")
    (flat / "a.md").write_text("A\n", encoding="utf-8")
    said = ToolBox(open_workspace(flat)).call(
        "write_file", {"path": "memory/b.md", "content": "B\n"})
    assert not said.ok and "memory/notes.md" not in said.result
    assert "write b.md, not memory/b.md" in said.result
    assert said.result.endswith("e.g. notes.md")
