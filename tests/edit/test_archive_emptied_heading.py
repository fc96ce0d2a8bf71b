"""newuser37 #8: archiving every memory of a section left its heading, and the blank line
under it, in MEMORY.md: lines the agent loads each turn, counted against the load limit,
over nothing. The archive removes a heading it empties in the same operation (and its
undo brings it back); a heading that still has lines, or was empty before, stays."""

from __future__ import annotations

from pathlib import Path

from tests.edit.conftest import cli, write_tree

INDEX = ("# Memory\n\n## deploy\n- [Deploy 0](memory/deploy-0.md) — deploy note 0\n"
         "- [Deploy 1](memory/deploy-1.md) — deploy note 1\n\n## auth\n"
         "- [Auth 0](memory/auth-0.md) — auth note 0\n- [Auth 1](memory/auth-1.md) — auth 1\n"
         "\n## later\n\n## db\n- [Db 0](memory/db-0.md) — db note 0\n")


def memory(name: str) -> str:
    return f"---\nname: {name}\ndescription: {name}\nmetadata:\n  type: project\n---\nA.\n"


def folder(root: Path) -> Path:
    names = ["deploy-0", "deploy-1", "auth-0", "auth-1", "db-0"]
    return write_tree(root, {"MEMORY.md": INDEX,
                             **{f"memory/{n}.md": memory(n) for n in names}})


def test_archive_drops_the_heading_it_empties(tmp_path: Path) -> None:
    ws = folder(tmp_path / "ws")
    done = cli("fix", "archive", ws, "memory/deploy-0.md", "memory/deploy-1.md",
               "memory/auth-0.md")
    assert done.returncode == 0, done.stderr
    assert "1 heading left with nothing under them removed from MEMORY.md (## deploy)" \
        in done.stdout + done.stderr
    assert (ws / "MEMORY.md").read_text(encoding="utf-8") == (
        "# Memory\n\n## auth\n- [Auth 1](memory/auth-1.md) — auth 1\n\n## later\n\n## db\n"
        "- [Db 0](memory/db-0.md) — db note 0\n")
    assert cli("undo", ws).returncode == 0
    assert (ws / "MEMORY.md").read_text(encoding="utf-8") == INDEX


def test_the_last_section_emptied_leaves_no_trailing_blank(tmp_path: Path) -> None:
    ws = folder(tmp_path / "ws")
    assert cli("fix", "archive", ws, "memory/db-0.md").returncode == 0
    assert (ws / "MEMORY.md").read_text(encoding="utf-8").endswith(
        "- [Auth 1](memory/auth-1.md) — auth 1\n\n## later\n")
