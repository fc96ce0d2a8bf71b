"""newuser28 #28: ``fix new … --index`` (and the app's ``n``) put the new memory's index entry
at the end of a Claude Code index already cut by its load limit — line 151 of an index
loaded to line 120 — said "added it to MEMORY.md", and the memory was an orphan at birth.
Its entry now goes among the loaded lines (the last loaded line falls out, said), or the
write is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.workspace import open_workspace
from memtui.edit import memory_ops
from memtui.edit.errors import Refused
from memtui.edit.snapshot import Snapshot
from tests.core.helpers import memory


def full_index(root: Path, lines: int = 150) -> Path:
    """A Claude Code folder whose MEMORY.md passes 25,000 bytes near line 120."""
    root.mkdir(parents=True)
    entries = []
    for i in range(lines):
        (root / f"fact_{i:03}.md").write_text(memory(f"fact_{i:03}", f"Fact {i}.\n"))
        entries.append(f"- [Fact {i:03}](fact_{i:03}.md) — " + "a hook that fills the line " * 7
                       + "\n")
    (root / "MEMORY.md").write_text("".join(entries))
    return root


def orphans(capsys: pytest.CaptureFixture[str], root: Path) -> set[str]:
    main(["audit", str(root), "--json", "--profile", "claude-code"])
    data = json.loads(capsys.readouterr().out)
    return {o["path"] for o in data["orphans"]}


def test_the_cli_puts_the_new_entry_among_the_loaded_lines(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = full_index(tmp_path / "cc")
    assert "deploy_rule.md" not in orphans(capsys, root)
    status = main(["fix", "new", str(root), "deploy-rule", "--type", "feedback",
                   "--description", "deploys need two sign-offs", "--index"])
    out = capsys.readouterr()
    assert status == 0, out.err
    assert "among the lines the agent loads" in out.out + out.err
    assert "deploy_rule.md" not in orphans(capsys, root)  # main: an orphan past the limit


def test_the_planner_the_app_uses_places_it_or_refuses(tmp_path: Path) -> None:
    root = full_index(tmp_path / "cc")
    snap = Snapshot.read(open_workspace(root))
    cs = memory_ops.new(snap, "app-new", "project", "made in the app", True,
                        profile="claude-code")
    assert "among the lines the agent loads" in cs.notes[0]
    index = next(c.after for c in cs.changes if c.path == "MEMORY.md").decode()
    at = next(n for n, line in enumerate(index.splitlines(), 1) if "app_new.md" in line
              or "app-new" in line)
    assert at < 120
    # without a profile (the item layout loads the whole index): at the end, as before
    plain = memory_ops.new(snap, "app-new", "project", "made in the app", True)
    assert not any("among the lines" in n for n in plain.notes)


def test_no_loaded_place_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "cc"
    root.mkdir()
    (root / "MEMORY.md").write_text("x" * 30_000 + "\n")  # its first line past 25 KB
    snap = Snapshot.read(open_workspace(root))
    with pytest.raises(Refused, match="past the load limit"):
        memory_ops.new(snap, "n", "project", "d", True, profile="claude-code")
