"""newuser30 #7 addendum: ``--discover`` finds Gemini CLI's memory when it has no MEMORY.md
yet (a legacy GEMINI.md, or topic files only) and ``~/.gemini`` with its GEMINI.md; the
global file's row does not take the projects' memory folders under ``tmp/`` as its own."""

from __future__ import annotations

from pathlib import Path

from memtui.core.fleet import audit_one, find_workspaces

SAVED = "## Gemini Added Memories\n- The user prefers tea.\n"


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_discover_finds_gemini_folders_without_a_memory_md(tmp_path: Path) -> None:
    gemini = tmp_path / ".gemini"
    legacy = gemini / "tmp" / "proj" / "memory"
    topics = gemini / "tmp" / "proj2" / "memory"
    _write(legacy / "GEMINI.md", SAVED)
    _write(topics / "GEMINI.md", SAVED)
    _write(topics / "deploy.md", "# deploy\nBlue-green.\n")
    _write(gemini / "GEMINI.md", SAVED)
    _write(tmp_path / "notes" / "GEMINI.md", "# Project\nplain instructions\n")  # not memory
    assert find_workspaces(tmp_path) == [gemini, legacy, topics]
    rows = {p: audit_one(str(p), {}, "error") for p in (gemini, legacy, topics)}
    assert {r["profile"] for r in rows.values()} == {"gemini"}
    assert rows[gemini]["memory_files"] == 0  # tmp/ holds the projects' own workspaces
    assert rows[topics]["memory_files"] == 1
