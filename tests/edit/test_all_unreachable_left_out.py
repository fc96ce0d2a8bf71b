"""``memtui fix add-to-index --all-unreachable`` that leaves every unreachable memory out
(a file name that is not UTF-8, an archived one) says which and why; it said "every memory
is reachable already" beside an audit reporting the orphan (newuser29 #22)."""

from __future__ import annotations

import os
from pathlib import Path

from tests.edit.conftest import cli, tree

FRONT = "---\nname: {0}\ndescription: about {0}\ntype: project\n---\nA fact.\n"


def _ws(tmp: Path) -> Path:
    root = tmp / "w"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [A](memory/a.md) — about a\n", encoding="utf-8")
    (root / "memory" / "a.md").write_text(FRONT.format("a"), encoding="utf-8")
    return root


def test_a_name_that_is_not_utf8_is_said_left_out(tmp_path: Path) -> None:
    ws = _ws(tmp_path)
    with open(os.path.join(os.fsencode(ws / "memory"), b"bad\xffname.md"), "w",
              encoding="utf-8") as f:
        f.write(FRONT.format("badname"))
    before = tree(ws, include_state=True)
    done = cli("fix", "add-to-index", ws, "--all-unreachable")
    assert done.returncode == 0
    assert "reachable already" not in done.stdout
    assert done.stdout == (
        "add-to-index: nothing to change (no unreachable memory can be added: left out "
        "memory/bad\\xffname.md: its file name is not valid UTF-8, so no link in MEMORY.md "
        "can name it; rename it first (R in the app, memtui fix rename))\n")
    assert tree(ws, include_state=True) == before


def test_an_archived_one_is_said_left_out(tmp_path: Path) -> None:
    ws = _ws(tmp_path)
    (ws / "memory" / "archive").mkdir()
    (ws / "memory" / "archive" / "old.md").write_text(FRONT.format("old"), encoding="utf-8")
    done = cli("fix", "add-to-index", ws, "--all-unreachable")
    assert (done.returncode, done.stdout) == (
        0, "add-to-index: nothing to change (no unreachable memory can be added: left out 1 "
           "archived memory (in memory/archive/): name one to index it)\n")


def test_none_unreachable_keeps_its_words(tmp_path: Path) -> None:
    done = cli("fix", "add-to-index", _ws(tmp_path), "--all-unreachable")
    assert done.stdout == ("add-to-index: nothing to change (every memory is reachable "
                           "already)\n")
