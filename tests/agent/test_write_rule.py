"""The one rule for what the agent may write (memtui/core/agent_paths.py): memories and the
index, portable names; memtui's own config, baseline and state are off limits to every
tool (issue 31 §2 and §7)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from memtui.agent.tools import ToolBox
from memtui.core.workspace import Workspace, open_workspace


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and ".memtui" not in p.relative_to(root).parts}


REFUSED_WRITES = [
    ".memtui.toml", ".memtui-baseline.json", ".MEMTUI.TOML", "memory/.memtui.toml",
    ".github/workflows/ci.yml", ".github/workflows/x.md", ".envrc",
    ".pre-commit-config.yaml", ".vscode/tasks.json", "memory/.hidden.md",
    "memory/CON.md", "memory/con", "memory/nul.txt.md", "memory/COM1.md", "memory/lpt9.md",
    "memory/a.md:stream", "memory/a.md.", "memory/sub /x.md", "memory/sub./x.md",
    "memory/a:b.md", "memory/a?.md", "memory/a|b.md", "memory/a<b>.md", 'memory/a"b.md',
    "memory/run.sh", "notes.md", "memory.md", "README.md", "memory/CLAUDE.md",
    "memory/agents.md", "Makefile", "memory/x.yml",
]


@pytest.mark.parametrize("path", REFUSED_WRITES)
def test_write_refused_and_nothing_written(ws: Workspace, path: str) -> None:
    box = ToolBox(ws)
    before = tree(ws.root)
    out = box.call("write_file", {"path": path, "content": "x: 1\n"})
    assert out.ok is False, out.result
    assert out.result.startswith("error: refused — "), out.result
    assert "\n" not in out.result
    assert tree(ws.root) == before


@pytest.mark.parametrize("path", [".memtui.toml", ".memtui-baseline.json", ".envrc",
                                  "memory/CON.md", ".github/workflows/ci.yml"])
def test_edit_and_delete_refused(ws: Workspace, path: str) -> None:
    target = ws.root / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("run: x\n", encoding="utf-8")
    box = ToolBox(ws)
    edit = box.call("edit_file", {"path": path, "old_string": "x", "new_string": "y"})
    delete = box.call("delete_file", {"path": path})
    assert not edit.ok and not delete.ok
    assert target.read_text(encoding="utf-8") == "run: x\n"


@pytest.mark.parametrize("path", [".memtui.toml", ".memtui-baseline.json"])
def test_own_files_are_not_read_or_listed(ws: Workspace, path: str) -> None:
    (ws.root / path).write_text('exclude = ["**"]\n', encoding="utf-8")
    box = ToolBox(ws)
    read = box.call("read_file", {"path": path})
    assert not read.ok and "memtui's own" in read.result
    assert "exclude" not in read.result
    assert not box.call("exists", {"path": path}).ok
    listing = box.call("list_files", {})
    assert path not in listing.result and "MEMORY.md" in listing.result


def test_link_named_like_a_memory_to_a_loaded_file_is_refused(ws: Workspace) -> None:
    """A memory that is a symlink to .envrc: the write would land on .envrc."""
    (ws.root / ".envrc").write_text("export A=1\n", encoding="utf-8")
    os.symlink("../.envrc", ws.root / "memory" / "env.md")
    (ws.root / ".memtui.toml").write_text("", encoding="utf-8")
    os.symlink("../.memtui.toml", ws.root / "memory" / "conf.md")
    box = ToolBox(ws)
    for path in ("memory/env.md", "memory/conf.md"):
        out = box.call("write_file", {"path": path, "content": "echo pwned\n"})
        assert not out.ok, out.result
        edit = box.call("edit_file", {"path": path, "old_string": "A=1", "new_string": "B"})
        assert not edit.ok, edit.result
    assert (ws.root / ".envrc").read_text(encoding="utf-8") == "export A=1\n"
    assert (ws.root / ".memtui.toml").read_text(encoding="utf-8") == ""


def test_memories_and_index_still_written(ws: Workspace) -> None:
    box = ToolBox(ws)
    for path in ("memory/notes.md", "memory/people/ann.md", "MEMORY.md", "memory/X.MD",
                 "memory/con-call.md", "memory/com10.md"):
        out = box.call("write_file", {"path": path, "content": "---\nname: n\n---\nN.\n"})
        assert out.ok, (path, out.result)


def test_flat_layout_writes_md_anywhere_but_hidden(tmp_path: Path) -> None:
    root = tmp_path / "flat"
    root.mkdir()
    (root / "MEMORY.md").write_text("- [A](a.md) — a\n", encoding="utf-8")
    (root / "a.md").write_text("---\nname: a\n---\nA.\n", encoding="utf-8")
    box = ToolBox(open_workspace(root))
    assert box.call("write_file", {"path": "b.md", "content": "B\n"}).ok
    assert box.call("write_file", {"path": "sub/c.md", "content": "C\n"}).ok
    for path in (".github/workflows/x.md", ".envrc", "b.txt", "AGENTS.md", "PRN.md"):
        assert not box.call("write_file", {"path": path, "content": "x"}).ok, path


def test_a_folder_link_into_a_loaded_folder_is_refused(ws: Workspace) -> None:
    """memory/flows → ../.github/workflows: a .md written there would land beside the CI."""
    flows = ws.root / ".github" / "workflows"
    flows.mkdir(parents=True)
    (flows / "ci.md").write_text("keep\n", encoding="utf-8")
    os.symlink("../.github/workflows", ws.root / "memory" / "flows")
    box = ToolBox(ws)
    out = box.call("write_file", {"path": "memory/flows/new.md", "content": "x\n"})
    assert not out.ok and "starts with a dot" in out.result, out.result
    assert not box.call("delete_file", {"path": "memory/flows/ci.md"}).ok
    assert not box.call("edit_file", {"path": "memory/flows/ci.md", "old_string": "keep",
                                      "new_string": "run"}).ok
    assert sorted(p.name for p in flows.iterdir()) == ["ci.md"]
    assert (flows / "ci.md").read_text(encoding="utf-8") == "keep\n"
