"""Undo when something else has written one of the files since: it names the file before
anything is asked or written, and can put back just the other files."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.workspace import open_workspace
from memtui.edit.errors import Refused
from memtui.edit.journal import plan_undo, undo
from memtui.edit.safe_write import Conflict
from memtui.tui import curate
from tests.edit.conftest import USER_ROLE, cli, read, tree
from tests.edit.test_curate_tui import Harness, _finish

AGENT_LINE = "- [Agent note](memory/agent.md) — written by the agent\n"


def rename_then_agent_writes_index(ws: Path) -> dict[str, str]:
    """``fix rename`` (touches MEMORY.md, user-role.md and moves yield-source.md), then the
    agent appends to MEMORY.md; returns the tree before the rename."""
    start = tree(ws)
    assert cli("fix", "rename", ws, "yield-source", "yield-origin").returncode == 0
    with (ws / "MEMORY.md").open("a", encoding="utf-8") as fh:
        fh.write(AGENT_LINE)
    return start


def test_undo_names_the_file_that_blocks_it_and_writes_nothing(ws: Path) -> None:
    rename_then_agent_writes_index(ws)
    after = tree(ws, include_state=True)
    proc = cli("undo", ws)
    assert (proc.returncode, proc.stdout) == (1, "")
    assert proc.stderr == (
        "memtui undo: error: MEMORY.md changed since operation #1 (rename); nothing was undone "
        f"(memtui undo --skip-changed {ws} undoes the 3 other files (memory/yield-origin.md, "
        "memory/user-role.md, memory/yield-source.md) and leaves it as it is)\n")
    assert tree(ws, include_state=True) == after


def test_skip_changed_puts_back_the_other_files_only(ws: Path) -> None:
    start = rename_then_agent_writes_index(ws)
    index_after_agent = read(ws, "MEMORY.md")
    proc = cli("undo", ws, "--skip-changed")
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout.startswith("undid #1 rename: renamed memory/yield-source.md")
    assert proc.stdout.endswith(" (left as they were: MEMORY.md)\n")
    assert read(ws, "MEMORY.md") == index_after_agent  # the agent's write is kept
    assert read(ws, "memory/user-role.md") == USER_ROLE
    assert {k: v for k, v in tree(ws).items() if k != "MEMORY.md"} == {
        k: v for k, v in start.items() if k != "MEMORY.md"}
    history = cli("history", ws).stdout.splitlines()
    assert history[0].endswith("(undone, except MEMORY.md): renamed memory/yield-source.md to "
                               "memory/yield-origin.md (name 'yield-origin'); links rewritten "
                               "in 2 files")
    again = cli("undo", ws)
    assert (again.returncode, again.stderr) == (
        1, "memtui undo: error: nothing to undo (every journaled operation is undone already)\n")


def test_both_halves_of_a_move_stay_when_one_changed(ws: Path) -> None:
    assert cli("fix", "rename", ws, "yield-source", "yield-origin").returncode == 0
    with (ws / "memory/yield-origin.md").open("a", encoding="utf-8") as fh:
        fh.write("A line the agent added.\n")
    plan = plan_undo(open_workspace(ws))
    assert plan.blocked == {
        "memory/yield-origin.md": "changed",
        "memory/yield-source.md": "moved with memory/yield-origin.md, which changed"}
    assert [ch.path for ch in plan.changes] == ["MEMORY.md", "memory/user-role.md"]
    # newuser28 #19: putting back the links the rename rewrote without the move made them
    # lead nowhere (a new broken link, reported as success): a move is undone whole
    after = tree(ws, include_state=True)
    for args in ((), ("--skip-changed",)):
        proc = cli("undo", ws, *args)
        assert (proc.returncode, proc.stderr) == (
            1, "memtui undo: error: memory/yield-origin.md changed since operation #1 "
               "(rename) (with it the other half of the move: memory/yield-source.md); a move "
               "is undone whole or not at all (the links it rewrote lead to the moved file); "
               "nothing was undone; to undo #1, put memory/yield-origin.md back as it left it "
               "(the change since was not made by a journaled operation), then undo again\n")
        assert tree(ws, include_state=True) == after
    with pytest.raises(Refused, match="a move is undone whole or not at all"):
        undo(open_workspace(ws), skip=plan.blocked, expect=plan.id)
    assert tree(ws, include_state=True) == after


def test_when_every_file_changed_nothing_is_offered(ws: Path) -> None:
    assert cli("fix", "remove-link", ws, "memory/gone.md").returncode == 0
    (ws / "MEMORY.md").unlink()
    proc = cli("undo", ws)
    assert (proc.returncode, proc.stderr) == (
        1, "memtui undo: error: MEMORY.md was deleted since operation #1 (remove-link); "
           "nothing was undone\n")
    proc = cli("undo", ws, "--skip-changed")
    assert (proc.returncode, proc.stderr) == (
        1, "memtui undo: error: every file operation #1 (remove-link) wrote has changed since; "
           "nothing was undone\n")
    assert not (ws / "MEMORY.md").exists()


def test_undo_refuses_another_operation_than_the_one_shown(ws: Path) -> None:
    assert cli("fix", "add-to-index", ws, "lonely_note").returncode == 0
    w = open_workspace(ws)
    shown = plan_undo(w)
    assert cli("fix", "redact", ws, "creds").returncode == 0  # journaled meanwhile
    with pytest.raises(Refused, match=r"^the newest operation is #2 \(redact\) now, not #1; "):
        undo(w, expect=shown.id)


def test_a_file_written_after_the_plan_is_not_skipped_silently(ws: Path) -> None:
    """The operator agreed to leave MEMORY.md; user-role.md changing afterwards makes the
    undo refuse (nothing written), not skip it too."""
    rename_then_agent_writes_index(ws)
    w = open_workspace(ws)
    plan = plan_undo(w)
    assert set(plan.blocked) == {"MEMORY.md"}
    with (ws / "memory/user-role.md").open("a", encoding="utf-8") as fh:
        fh.write("agent line\n")
    after = tree(ws, include_state=True)
    with pytest.raises(Conflict, match=r"^memory/user-role.md changed since operation #1 "
                                       r"\(rename\); nothing was undone$"):
        undo(w, skip=plan.blocked, expect=plan.id)
    assert tree(ws, include_state=True) == after


async def test_the_app_says_which_file_blocks_and_offers_the_others(ws: Path) -> None:
    rename_then_agent_writes_index(ws)
    index_after_agent = read(ws, "MEMORY.md")
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_undo(a, w))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, curate.ConfirmScreen)
        assert screen.confirm_label == "Undo the others"
        assert screen.lines[2:5] == ["MEMORY.md changed since operation #1 (rename):",
                                     "  MEMORY.md stays as it is", ""]
        await pilot.click("#confirm")
        await _finish(pilot, app)
    assert app.outcome is True
    assert app.notices == [("undid #1 rename except MEMORY.md", False)]
    assert read(ws, "MEMORY.md") == index_after_agent
    assert read(ws, "memory/user-role.md") == USER_ROLE
