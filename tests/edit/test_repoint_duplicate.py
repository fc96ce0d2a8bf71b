"""Repointing an index line onto a file the index already links warns of the duplicate,
and ``--remove-duplicate`` removes the repointed line in the same operation (issue 20, 14)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.edit.conftest import INDEX, cli, read, tree


def test_repoint_onto_an_indexed_file_warns_of_the_duplicate(ws: Path) -> None:
    done = cli("fix", "repoint", ws, "memory/gone.md", "memory/yield-source.md", "--dry-run")
    assert done.returncode == 0, done.stderr
    out = done.stdout + done.stderr
    assert ("warning: MEMORY.md:7 already links memory/yield-source.md, so lines 7 and 8 "
            "become two entries for one file") in out


def test_repoint_remove_duplicate_is_one_undoable_operation(ws: Path) -> None:
    start = tree(ws)
    done = cli("fix", "repoint", ws, "memory/gone.md", "memory/yield-source.md",
               "--remove-duplicate")
    assert done.returncode == 0, done.stderr
    assert "removed the duplicate entry MEMORY.md:8" in done.stdout
    assert "warning" not in done.stdout
    assert read(ws, "MEMORY.md") == INDEX.replace("- [Gone](memory/gone.md) — broken link\n", "")
    history = json.loads(cli("history", ws, "--json").stdout)
    assert [r["op"] for r in history] == ["repoint"]  # one record for both lines
    assert cli("undo", ws).returncode == 0
    assert tree(ws) == start


def test_without_the_flag_the_warning_names_it(ws: Path) -> None:
    done = cli("fix", "repoint", ws, "memory/gone.md", "memory/yield-source.md", "--dry-run")
    assert "--remove-duplicate removes line 8 (the repointed one)" in done.stdout


def test_new_target_is_named_by_path_or_name_as_every_memory_is(ws: Path) -> None:
    # newuser24 #55: docs/curate.md names memories by path or `name`; repoint took a path only.
    done = cli("fix", "repoint", ws, "memory/gone.md", "lonely_note")
    assert done.returncode == 0, done.stderr
    assert "- [Gone](memory/lonely_note.md) — broken link\n" in read(ws, "MEMORY.md")
    done = cli("fix", "repoint", ws, "memory/user-role.md", "lonely_nte", "--dry-run")
    assert (done.returncode, done.stderr) == (1, (
        "memtui fix repoint: error: lonely_nte does not exist; repoint to an existing file "
        "(did you mean 'lonely_note'?)\n"))
