"""Undo when something else has written one of the files since: it names the file before
anything is asked or written, and can put back just the other files — never so that the
file left as it is links a memory the undo deletes (newuser34 #7: a rename's undo with
``--skip-changed`` left MEMORY.md linking the new name, which it deleted)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.audit import audit
from memtui.core.workspace import open_workspace
from memtui.edit.errors import Refused
from memtui.edit.journal import plan_undo, undo
from memtui.edit.safe_write import Conflict
from memtui.tui import curate
from tests.edit.conftest import agent_rewrites_index, cli, read, tree
from tests.edit.test_curate_tui import Harness, _finish

AGENT_LINE = "- [Agent note](memory/agent.md) — written by the agent\n"
GONE = "MEMORY.md: link to memory/gone.md: no such file"
AGENT = "MEMORY.md: link to memory/agent.md: no such file"


def rename_then_agent_writes_index(ws: Path) -> dict[str, str]:
    """``fix rename`` (touches MEMORY.md, user-role.md and moves yield-source.md), then the
    agent appends to MEMORY.md; returns the tree before the rename."""
    start = tree(ws)
    assert cli("fix", "rename", ws, "yield-source", "yield-origin").returncode == 0
    agent_rewrites_index(ws, AGENT_LINE)
    return start


def broken(ws: Path) -> list[str]:
    return [f"{f.path}: {f.message}" for f in audit(ws).findings if f.kind == "broken_link"]


def test_a_rename_the_changed_index_links_is_not_undone_in_part(ws: Path) -> None:
    """newuser34 #7. Before: ``--skip-changed`` deleted memory/yield-origin.md and left
    MEMORY.md (changed since) linking it — a broken link nobody named. MEMORY.md, which
    stays, links the new name, so the renamed file stays, and with it the move whole:
    nothing is undone, and the refusal names both ways out (the rename back rewrites the
    kept index's link too)."""
    rename_then_agent_writes_index(ws)
    assert broken(ws) == [GONE, AGENT]  # the agent's line links a memory it never wrote
    after = tree(ws, include_state=True)
    refusal = (
        "memtui undo: error: MEMORY.md changed since operation #1 (rename); "
        "memory/yield-origin.md would stay too: MEMORY.md links it; a move is undone whole "
        "or not at all (the links it rewrote lead to the moved file); nothing was undone; to "
        "undo #1, put MEMORY.md back as it left it (the change since was not made by a "
        f"journaled operation), then undo again; or reverse it: memtui fix rename {ws} "
        "yield-origin yield-source\n")
    for args in ((), ("--skip-changed",)):
        proc = cli("undo", ws, *args)
        assert (proc.returncode, proc.stdout, proc.stderr) == (1, "", refusal)
        assert tree(ws, include_state=True) == after
    with pytest.raises(Refused, match=r"^MEMORY.md changed since operation #1 \(rename\); "
                                      r"memory/yield-origin.md would stay too: MEMORY.md "
                                      r"links it; a move is undone whole"):
        undo(open_workspace(ws), skip={"MEMORY.md"}, expect=1)
    assert tree(ws, include_state=True) == after
    # the way out it names works: the agent's line stays, every link leads somewhere
    back = cli("fix", "rename", ws, "yield-origin", "yield-source")
    assert back.returncode == 0, back.stderr
    assert read(ws, "MEMORY.md").endswith(AGENT_LINE)
    assert "- [Yield source](memory/yield-source.md)" in read(ws, "MEMORY.md")
    assert "[source](yield-source.md)" in read(ws, "memory/user-role.md")
    assert broken(ws) == [GONE,
                          AGENT]


def test_a_new_memory_the_changed_index_links_stays(ws: Path) -> None:
    """``fix new --index``, then MEMORY.md changed outside: undoing the creation would
    delete a memory the index left as it is links, and nothing else is left to undo."""
    assert cli("fix", "new", ws, "shift-plan", "--type", "project", "--description",
               "Shift plan", "--index").returncode == 0
    agent_rewrites_index(ws, "- an outside note\n")
    after = tree(ws, include_state=True)
    for args in ((), ("--skip-changed",)):
        proc = cli("undo", ws, *args)
        assert (proc.returncode, proc.stdout) == (1, "")
        assert proc.stderr.startswith(
            "memtui undo: error: MEMORY.md changed since operation #1 (new); "
            "memory/shift-plan.md would stay too: MEMORY.md links it; nothing else to undo, "
            "so nothing was undone"), proc.stderr
        assert tree(ws, include_state=True) == after
    assert proc.stderr.endswith(
        f"; or reverse it: memtui fix delete {ws} memory/shift-plan.md\n")
    assert broken(ws) == [GONE]
    history = cli("history", ws).stdout.splitlines()
    assert "undone" not in history[0]


def delete_then_agent_writes_index(ws: Path) -> dict[str, str]:
    """``fix delete`` (line-b.md and its index link), then the agent appends to MEMORY.md;
    returns the tree before the delete."""
    start = tree(ws)
    assert cli("fix", "delete", ws, "line-b").returncode == 0
    agent_rewrites_index(ws, AGENT_LINE)
    return start


def test_undo_names_the_file_that_blocks_it_and_writes_nothing(ws: Path) -> None:
    delete_then_agent_writes_index(ws)
    after = tree(ws, include_state=True)
    proc = cli("undo", ws)
    assert (proc.returncode, proc.stdout) == (1, "")
    assert proc.stderr == (
        "memtui undo: error: MEMORY.md changed since operation #1 (delete); nothing was undone "
        f"(memtui undo --skip-changed {ws} undoes the 1 other file (memory/line-b.md) and "
        "leaves it as it is); memory/line-b.md comes back without its index line: an orphan "
        "(A in the Index view, or memtui fix add-to-index, links it)\n")
    assert tree(ws, include_state=True) == after


def test_skip_changed_puts_back_the_other_files_only(ws: Path) -> None:
    start = delete_then_agent_writes_index(ws)
    index_after_agent = read(ws, "MEMORY.md")
    proc = cli("undo", ws, "--skip-changed")
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout == ("undid #1 delete: deleted memory/line-b.md; removed 1 index link "
                           "(left as they were: MEMORY.md); memory/line-b.md comes back "
                           "without its index line: an orphan (A in the Index view, or memtui "
                           "fix add-to-index, links it)\n")
    assert read(ws, "MEMORY.md") == index_after_agent  # the agent's write is kept
    assert {k: v for k, v in tree(ws).items() if k != "MEMORY.md"} == {
        k: v for k, v in start.items() if k != "MEMORY.md"}
    history = cli("history", ws).stdout.splitlines()
    assert history[0].endswith("(undone, except MEMORY.md): deleted memory/line-b.md; removed "
                               "1 index link")
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
               "(the change since was not made by a journaled operation), then undo again; or "
               f"reverse it: memtui fix rename {ws} yield-origin yield-source\n")
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
    start = delete_then_agent_writes_index(ws)
    index_after_agent = read(ws, "MEMORY.md")
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_undo(a, w))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, curate.ConfirmScreen)
        assert screen.confirm_label == "Undo the others"
        assert screen.lines[2:9] == ["MEMORY.md changed since operation #1 (delete):",
                                     "  MEMORY.md stays as it is", "",
                                     "undo the 1 other file (memory/line-b.md):",
                                     "  restore memory/line-b.md", "",
                                     "memory/line-b.md comes back without its index line: an "
                                     "orphan (A in the Index view, or memtui fix "
                                     "add-to-index, links it)"]
        await pilot.click("#confirm")
        await _finish(pilot, app)
    assert app.outcome is True
    assert app.notices == [("undid #1 delete except MEMORY.md; memory/line-b.md comes back "
                            "without its index line: an orphan (A in the Index view, or "
                            "memtui fix add-to-index, links it)", False)]
    assert read(ws, "MEMORY.md") == index_after_agent
    assert tree(ws)["memory/line-b.md"] == start["memory/line-b.md"]


async def test_the_app_refuses_a_rename_the_changed_index_links(ws: Path) -> None:
    """newuser34 #7 in the app (``u``): before, the dialog offered "Undo the others" and the
    undo left MEMORY.md linking memory/yield-origin.md, deleted."""
    from memtui.tui.app import open_app
    from tests.tui.conftest import wait_for
    from tests.tui.test_app import started

    rename_then_agent_writes_index(ws)
    after = tree(ws, include_state=True)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.press("u")
        await wait_for(pilot, lambda: app.notice.startswith("cannot undo #1"))
        assert app.notice == (
            "cannot undo #1: MEMORY.md changed since operation #1 (rename); "
            "memory/yield-origin.md would stay too: MEMORY.md links it; a move is undone "
            "whole or not at all (the links it rewrote lead to the moved file); to undo #1, "
            "put MEMORY.md back as it left it (the change since was not made by a journaled "
            "operation), then undo again; or reverse it: R on memory/yield-origin.md (Files "
            "view, 2) renames it back to yield-source, rewriting every link")
        assert not isinstance(app.screen, curate.ConfirmScreen)
    assert tree(ws, include_state=True) == after
    assert broken(ws) == [GONE, AGENT]


def test_an_archive_undone_in_part_names_the_orphans_it_brings_back(ws: Path) -> None:
    """newuser37 #7: an archive moves memories and drops their index lines; the agent then
    appends to MEMORY.md. Undone without MEMORY.md, the memories come back without their
    lines — orphans, said in the refusal, the result and the app's dialog, not found later."""
    assert cli("fix", "archive", ws, "line-a", "line-b").returncode == 0
    agent_rewrites_index(ws, AGENT_LINE)
    said = ("memory/line-a.md and 1 more come back without their index lines: orphans (A in "
            "the Index view, or memtui fix add-to-index, links them)")
    refused = cli("undo", ws)
    assert refused.returncode == 1 and refused.stderr.rstrip().endswith(said), refused.stderr
    done = cli("undo", ws, "--skip-changed")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.rstrip().endswith(f"(left as they were: MEMORY.md); {said}"), done.stdout
    assert (ws / "memory/line-a.md").exists() and (ws / "memory/line-b.md").exists()
    orphans = [f for f in audit(ws).findings if f.kind == "orphan"]
    assert {f.path for f in orphans} >= {"memory/line-a.md", "memory/line-b.md"}


def test_an_undo_that_puts_the_index_back_names_no_orphan(ws: Path) -> None:
    """The index undone with the rest: every memory keeps its line, nothing is said."""
    assert cli("fix", "archive", ws, "line-a").returncode == 0
    done = cli("undo", ws)
    assert done.returncode == 0 and "orphan" not in done.stdout, done.stdout
