"""newuser23 #30: after ``history --prune``, ``undo`` said "every journaled operation is
undone already" while the pruned operations' changes were still in the files; and pruning
a record already undone said its operation "can no longer be undone"."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli


def test_undo_after_a_prune_says_the_pruned_changes_stay(tmp_path: Path) -> None:
    ws = tmp_path / "pr"
    assert cli("demo", ws).returncode == 0
    for name in ("scrap-log", "notes-scratch", "endpoint-detector"):
        assert cli("fix", "add-to-index", ws, name).returncode == 0
    done = cli("history", ws, "--prune", "1")
    assert done.stdout == ("pruned 2 records (#1–#2), whose operations can no longer be "
                           "undone; kept the newest 1\n")
    assert cli("undo", ws).returncode == 0  # #3
    done = cli("undo", ws)
    assert (done.returncode, done.stderr) == (1, (
        "memtui undo: error: nothing left to undo: #1–#2 were pruned (memtui history "
        "--prune): undo cannot go back to them; every operation journaled since is undone "
        "already\n"))
    assert "memory/scrap-log.md" in (ws / "MEMORY.md").read_text()  # the change stays
    done = cli("history", ws, "--prune", "0")
    assert done.stdout == "pruned 1 record (#3), undone already; kept the newest 0\n"


def test_undo_after_pruning_undone_records_never_says_their_changes_stay(
        tmp_path: Path) -> None:
    """newuser24 #16: records undone, then pruned, beside a redaction: undo said "#1–#2
    pruned, their changes stay" of changes it had undone itself."""
    ws = tmp_path / "pu"
    assert cli("demo", ws).returncode == 0
    index = (ws / "MEMORY.md").read_text()
    for name in ("scrap-log", "notes-scratch"):
        assert cli("fix", "add-to-index", ws, name).returncode == 0
        assert cli("undo", ws).returncode == 0
    assert (ws / "MEMORY.md").read_text() == index  # both undone
    assert cli("fix", "redact", ws, "vendor-contacts").returncode == 0  # #3
    done = cli("history", ws, "--prune", "1")
    assert done.stdout == "pruned 2 records (#1–#2), undone already; kept the newest 1\n"
    assert cli("undo", ws).returncode == 1  # passes over the redaction (not undoable)
    done = cli("undo", ws)
    assert done.returncode == 1 and "changes stay" not in done.stderr, done.stderr
    assert done.stderr.endswith("; #1–#2 were pruned (memtui history --prune): undo cannot "
                                "go back to them\n"), done.stderr
