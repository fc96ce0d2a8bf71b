"""newuser41 #22: `memtui undo` had no ``--dry-run`` (the app's ``u`` shows a dialog first),
and one undo took back half of an agent turn — the index line — leaving the memory it
linked as an orphan, with nothing said about the turn's other write."""

from __future__ import annotations

from pathlib import Path

from memtui.agent.tools import ToolBox
from memtui.core.workspace import open_workspace
from memtui.edit.changeset import Turn
from tests.edit.conftest import cli


def _turn_of_two(root: Path) -> None:
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    box = ToolBox(open_workspace(root))
    box.turn = Turn("t-1", 1)
    assert box.call("write_file", {"path": "memory/live.md", "content":
                                   "---\nname: live\ndescription: d\ntype: user\n---\nA.\n"}).ok
    assert box.call("edit_file", {"path": "MEMORY.md", "old_string": "# Memory\n",
                                  "new_string": "# Memory\n- [Live](memory/live.md) — d\n"}).ok


def test_dry_run_says_what_and_writes_nothing(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    _turn_of_two(root)
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    done = cli("undo", root, "--dry-run")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("would undo #2 agent edit_file MEMORY.md (turn 1)")
    assert "nothing written: --dry-run" in lines[0]
    assert "turn 1's 2 writes in effect: memtui undo --turn takes them all back" in lines[1]
    assert "-- [Live](memory/live.md) — d" in done.stdout  # the diff
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before
    turn = cli("undo", root, "--turn", "--dry-run")
    assert turn.returncode == 0, turn.stderr
    assert turn.stdout.startswith("would undo turn 1 (2 agent writes)")
    assert "--- a/memory/live.md" in turn.stdout
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


def test_undo_of_one_write_says_the_rest_of_its_turn_stays(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    _turn_of_two(root)
    done = cli("undo", root)
    assert done.returncode == 0, done.stderr
    assert ("#2 was one of turn 1's 2 writes in effect; the others stay (memtui undo --turn "
            "takes a whole turn back)") in done.stdout, done.stdout
