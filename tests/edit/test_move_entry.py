"""newuser37 #22: moving the current-task line (past Claude Code's 200-line limit, never
loaded) into the loaded part took ``remove-link`` then ``add-to-index --at``: two journal
entries, and the hand-written hook ("resume at batch 1200") replaced by one drafted from the
description. ``fix move-entry MEMORY --to LINE`` moves the line as it is, in one undoable
operation, and the memory is loaded again."""

from __future__ import annotations

import json
from pathlib import Path

from tests.edit.conftest import cli

TASK = ("- [Current task](current_task.md) — WHAT I AM DOING NOW: invoice migration, resume "
        "at batch 1200")


def claude_folder(root: Path) -> Path:
    root.mkdir()
    (root / "MEMORY.md").write_text("# Memory\n\n" + "".join(
        f"- [Note {i}](note_{i}.md) — note {i}\n" for i in range(205)) + TASK + "\n",
        encoding="utf-8")
    for i in range(205):
        (root / f"note_{i}.md").write_text(
            f"---\nname: note {i}\ndescription: note {i}\ntype: project\n---\nN.\n",
            encoding="utf-8")
    (root / "current_task.md").write_text(
        "---\nname: current task\ndescription: What the agent is doing right now\ntype: "
        "project\n---\nMigrating invoices.\n", encoding="utf-8")
    return root


def loaded(ws: Path) -> bool:
    report = json.loads(cli("audit", ws, "--json", "--profile", "claude-code").stdout)
    return not any(o["path"] == "current_task.md" for o in report["orphans"])


def test_move_entry_keeps_the_line_and_loads_it(tmp_path: Path) -> None:
    ws = claude_folder(tmp_path / "memory")
    before = (ws / "MEMORY.md").read_bytes()
    assert not loaded(ws)
    done = cli("fix", "move-entry", ws, "current_task.md", "--to", "3", "--profile",
               "claude-code")
    assert done.returncode == 0, done.stderr
    assert "moved the entry of current_task.md from line 208 to line 3" in done.stdout
    lines = (ws / "MEMORY.md").read_text(encoding="utf-8").splitlines()
    assert lines[2] == TASK and lines.count(TASK) == 1
    assert loaded(ws)
    assert cli("undo", ws).returncode == 0
    assert (ws / "MEMORY.md").read_bytes() == before


def test_move_entry_refuses_a_memory_without_its_own_line(tmp_path: Path) -> None:
    ws = claude_folder(tmp_path / "memory")
    (ws / "lonely.md").write_text("---\nname: lonely\ndescription: l\ntype: user\n---\nL.\n",
                                  encoding="utf-8")
    done = cli("fix", "move-entry", ws, "lonely.md", "--to", "3")
    assert done.returncode != 0 and "has no index entry of its own to move" in done.stderr
