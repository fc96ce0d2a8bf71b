"""newuser39 #3: ``memtui undo`` of an index operation once an agent edited other lines of
MEMORY.md takes back the operation's own lines (a three-way reverse), and refuses as
before when they do not apply (its own line changed)."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli


def added(ws: Path) -> tuple[str, list[str]]:
    """Add memory/lonely_note.md to the index; its line, and MEMORY.md's lines before."""
    index = ws / "MEMORY.md"
    before = index.read_text(encoding="utf-8").splitlines(keepends=True)
    proc = cli("fix", "add-to-index", ws, "lonely_note")
    assert proc.returncode == 0, proc.stderr
    now = index.read_text(encoding="utf-8").splitlines(keepends=True)
    ours = [ln for ln in now if ln not in before]
    assert len(ours) == 1
    return ours[0], now


def test_undo_takes_back_its_own_line_keeping_the_agent_s(ws: Path) -> None:
    ours, lines = added(ws)
    # the agent inserts a line at the top and appends one right after memtui's
    at = lines.index(ours)
    agent = [lines[0], "- [Agent](memory/agent.md) — agent\n", *lines[1:at + 1],
             "- [Next](memory/next.md) — agent again\n", *lines[at + 1:]]
    (ws / "MEMORY.md").write_text("".join(agent), encoding="utf-8")
    proc = cli("undo", ws)
    assert proc.returncode == 0, proc.stderr
    assert "only the operation's own lines are taken back" in proc.stdout
    assert (ws / "MEMORY.md").read_text(encoding="utf-8") == "".join(
        ln for ln in agent if ln != ours)
    assert cli("undo", ws).returncode != 0  # #1 is undone: nothing left


def test_undo_refuses_when_its_own_line_changed(ws: Path) -> None:
    ours, lines = added(ws)
    edited = "".join(ln.replace(ours, ours.rstrip("\n") + " (agent)\n") for ln in lines)
    (ws / "MEMORY.md").write_text(edited, encoding="utf-8")
    proc = cli("undo", ws)
    assert proc.returncode == 1 and "MEMORY.md changed since" in proc.stderr
    assert (ws / "MEMORY.md").read_text(encoding="utf-8") == edited  # nothing undone
