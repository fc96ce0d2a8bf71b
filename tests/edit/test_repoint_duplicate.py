"""Repointing an index line onto a file the index already links warns of the duplicate."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli


def test_repoint_onto_an_indexed_file_warns_of_the_duplicate(ws: Path) -> None:
    done = cli("fix", "repoint", ws, "memory/gone.md", "memory/yield-source.md", "--dry-run")
    assert done.returncode == 0, done.stderr
    out = done.stdout + done.stderr
    assert ("warning: MEMORY.md:7 already links memory/yield-source.md, so lines 7 and 8 "
            "become two entries for one file") in out
