"""newuser41 #5: in a flat Claude Code folder the tools' refusal of an absolute path said
"use a path relative to the workspace root, e.g. memory/user-role.md" — a folder that does
not exist there, where a write under a new ``memory/`` is refused; a small model copies the
example literally. The example follows the workspace's layout, in the refusal and in the
read_file tool's description, as the system prompt's already did."""

from __future__ import annotations

from pathlib import Path

from memtui.agent.tools import ToolBox
from memtui.core.workspace import open_workspace


def _flat(root: Path) -> Path:
    root.mkdir()
    (root / "MEMORY.md").write_text("- [User role](user-role.md) — engineer\n", encoding="utf-8")
    (root / "user-role.md").write_text("---\nname: user-role\ndescription: d\ntype: user\n"
                                       "---\nEngineer.\n", encoding="utf-8")
    return root


def _item(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [User role](memory/user-role.md) — engineer\n",
                                    encoding="utf-8")
    (root / "memory/user-role.md").write_text("---\nname: user-role\ndescription: d\n"
                                              "type: user\n---\nEngineer.\n", encoding="utf-8")
    return root


def test_a_flat_folder_is_given_its_own_example(tmp_path: Path) -> None:
    box = ToolBox(open_workspace(_flat(tmp_path / "ws")))
    out = box.call("read_file", {"path": "/workspace/user-role.md"})
    assert not out.ok
    assert "e.g. user-role.md" in out.result and "memory/" not in out.result
    described = box.schemas()[0]["function"]["parameters"]["properties"]["path"]
    assert described["description"].endswith("e.g. user-role.md")


def test_an_item_folder_keeps_memory_slash(tmp_path: Path) -> None:
    box = ToolBox(open_workspace(_item(tmp_path / "ws")))
    out = box.call("read_file", {"path": "/workspace/user-role.md"})
    assert not out.ok and "e.g. memory/user-role.md" in out.result
    described = box.schemas()[0]["function"]["parameters"]["properties"]["path"]
    assert described["description"].endswith("e.g. memory/user-role.md")
