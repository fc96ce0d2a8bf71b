"""newuser24 #46: a MEMORY.md that is a folder or a FIFO read "Index  MEMORY.md: none" in
the report's summary, as if there were none, though the findings below name it (a
read_problem) and ``fix add-to-index`` knows "MEMORY.md is a folder". The row says it is
there and was not read, and why; a FIFO is never opened."""

from __future__ import annotations

import os
from pathlib import Path

from tests.edit.conftest import cli, write_tree

MEMORY = "---\nname: a\ndescription: about a\nmetadata:\n  type: project\n---\nA.\n"


def index_row(ws: Path) -> str:
    done = cli("audit", ws)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "MEMORY.md  MEMORY.md is not a regular file" in done.stdout
    return next(ln for ln in done.stdout.splitlines() if ln.startswith("Index "))


def test_a_folder_or_fifo_named_memory_md_is_not_none(tmp_path: Path) -> None:
    folder = write_tree(tmp_path / "md", {"memory/a.md": MEMORY})
    (folder / "MEMORY.md").mkdir()
    fifo = write_tree(tmp_path / "mf", {"memory/a.md": MEMORY})
    os.mkfifo(fifo / "MEMORY.md")
    for ws in (folder, fifo):
        assert index_row(ws) == ("Index                  MEMORY.md: not read (MEMORY.md is not "
                                 "a regular file)")
    missing = write_tree(tmp_path / "none", {"memory/a.md": MEMORY})
    row = next(ln for ln in cli("audit", missing).stdout.splitlines() if ln.startswith("Index "))
    assert row == "Index                  MEMORY.md: none"
