"""newuser29 #36, second half: renaming a memory that symbolic links in the workspace lead
to said only "not looked at: memory/alias.md is a symbolic link"; after it both aliases
led nowhere and the index's link to an alias was broken. The dry run (and the app's
dialog, from the same changeset) names each alias and the index line."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from memtui.cli import main


def test_a_rename_names_the_aliases_it_leaves_leading_nowhere(tmp_path: Path) -> None:
    root = tmp_path / "sl"
    (root / "memory" / "sub").mkdir(parents=True)
    (root / "memory" / "real.md").write_text(
        "---\nname: real\ndescription: r\ntype: project\n---\nReal.\n", encoding="utf-8")
    (root / "memory" / "alias.md").symlink_to("real.md")
    (root / "memory" / "sub" / "deep.md").symlink_to("../real.md")
    (root / "memory" / "other.md").write_text(
        "---\nname: other\ndescription: o\ntype: project\n---\nO.\n", encoding="utf-8")
    (root / "memory" / "elsewhere.md").symlink_to("other.md")
    (root / "MEMORY.md").write_text("- [Real](memory/real.md) — r\n"
                                    "- [alias](memory/alias.md) — a\n"
                                    "- [Other](memory/other.md) — o\n", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(["fix", "rename", str(root), "real", "real-one", "--dry-run"])
    assert status == 0, err.getvalue()
    lines = [ln.strip() for ln in out.getvalue().splitlines()]
    for alias in ("memory/alias.md", "memory/sub/deep.md"):
        assert f"{alias} is a symbolic link to memory/real.md: it will lead nowhere after " \
            "the rename (memtui does not rewrite links; point it at the new name, or remove " \
            "it)" in lines, lines
    assert "MEMORY.md:2 links memory/alias.md, which will then lead nowhere" in lines
    assert not any(ln.startswith("memory/elsewhere.md is a symbolic link to") for ln in lines)
