"""A hook or a fold label given on the command line is written as one plain line of the
index (newuser26 #37): a U+2028 LINE SEPARATOR (or U+2029) became a space, as a line break
does, where it went raw into MEMORY.md and split the dry run's diff; a label's square
brackets are made round, as a title's are, where ``Cold](http://evil) [x`` wrote link
syntax into the index."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import BASE, cli, write_tree


def test_a_hook_with_a_line_separator_stays_one_line(tmp_path: Path) -> None:
    root = write_tree(tmp_path / "ws", BASE)
    before = (root / "MEMORY.md").read_text(encoding="utf-8")
    done = cli("fix", "add-to-index", root, "lonely_note", "--hook", "x\u2028y\u2029z")
    assert done.returncode == 0, done.stderr
    after = (root / "MEMORY.md").read_text(encoding="utf-8")
    added = [ln for ln in after.split("\n") if ln not in before.split("\n")]
    assert added == ["- [Lonely note](memory/lonely_note.md) — x y z"], added
    assert "\u2028" not in after and "\u2029" not in after


def test_a_fold_label_writes_no_link_syntax(tmp_path: Path) -> None:
    root = write_tree(tmp_path / "ws", BASE)
    done = cli("fix", "fold", root, "user-role", "yield-source", "--label",
               "Cold](http://evil) [x")
    assert done.returncode == 0, done.stderr
    after = (root / "MEMORY.md").read_text(encoding="utf-8")
    packed = [ln for ln in after.splitlines() if "(http://evil)" in ln]
    assert len(packed) == 1 and packed[0].startswith("- Cold)(http://evil) (x: ["), packed
    assert "](http://evil)" not in after
