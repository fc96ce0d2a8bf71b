"""Undo removes the folders the undone write created (newuser26 #11 (a)): the chat agent's
``memory/user-role.md`` in a flat Claude Code folder, undone with ctrl+z, left an empty
``memory/`` behind, and that folder alone made the audit read the folder as an item
workspace (4 memories → 0). Undo is byte for byte again: the tree is as it was. A folder
that was there before stays, and so does one that holds anything else by then."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.workspace import Workspace, open_workspace
from memtui.edit.apply import apply
from memtui.edit.changeset import Changeset, FileChange
from memtui.edit.journal import undo
from memtui.edit.turn_undo import undo_turn
from tests.core.helpers import memory
from tests.edit.conftest import cli

from .fake_ollama import USER_ROLE, FakeModel, FakeOllama, Reply
from .test_agent_undo import run_turn


def flat(root: Path) -> Workspace:
    """A flat Claude Code folder: MEMORY.md and its memories side by side, no memory/."""
    root.mkdir(parents=True)
    lines = ["# Memory", ""]
    for name in ("deploy", "vpn", "style", "review"):
        (root / f"{name}.md").write_text(memory(name, f"{name} body.\n", "project",
                                                f"about {name}"), encoding="utf-8")
        lines.append(f"- [{name}]({name}.md) — about {name}")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return open_workspace(root)


def tree(root: Path) -> set[str]:
    """Every file and folder under ``root``, but memtui's own state."""
    return {p.relative_to(root).as_posix() + ("/" if p.is_dir() else "")
            for p in root.rglob("*") if ".memtui" not in p.relative_to(root).parts}


def audited(root: Path) -> tuple[str, int]:
    ws = open_workspace(root)
    return ws.layout, len(Auditor(ws, AuditOptions()).run().scans)


def writer() -> FakeModel:
    """Writes one memory under a folder the workspace does not have (not ``memory/``: in a
    flat folder that keeps memories the tools refuse it, newuser32 #40)."""
    return FakeModel("writer", [
        Reply(tool_calls=[("write_file", {"path": "topics/user-role.md",
                                          "content": USER_ROLE})]),
        Reply(content="Noted."),
    ])


async def test_undoing_the_agents_turn_removes_the_folder_its_write_made(
        tmp_path: Path, fake: FakeOllama) -> None:
    ws = flat(tmp_path / "claude-memory")
    before, layout = tree(ws.root), audited(ws.root)
    assert layout == ("flat", 4)
    fake.add(writer())
    await run_turn(ws, fake, "writer")
    assert (ws.root / "topics" / "user-role.md").is_file()
    undo_turn(ws)
    assert tree(ws.root) == before  # no empty topics/ left
    assert audited(ws.root) == layout


def test_memtui_undo_removes_a_made_folder_and_keeps_one_that_was_there(
        tmp_path: Path) -> None:
    ws = flat(tmp_path / "ws")
    (ws.root / "kept").mkdir()  # empty, and there before: undo leaves it
    before = tree(ws.root)
    cs = Changeset("agent write_file", {}, "wrote", [
        FileChange("a/b/new.md", None, b"new\n"), FileChange("a/b/other.md", None, b"o\n"),
        FileChange("kept/x.md", None, b"x\n")])
    rec = apply(ws, cs)
    assert [f.get("made_folders") for f in rec["files"]] == [["a", "a/b"], None, None]
    done = cli("undo", ws.root)
    assert done.returncode == 0, done.stderr
    assert tree(ws.root) == before
    # a made folder that holds another file by the time of the undo stays, with it
    apply(ws, Changeset("agent write_file", {}, "wrote",
                        [FileChange("c/new.md", None, b"new\n")]))
    (ws.root / "c" / "theirs.txt").write_text("kept\n", encoding="utf-8")
    undo(ws)
    assert tree(ws.root) == before | {"c/", "c/theirs.txt"}
