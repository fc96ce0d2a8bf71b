"""Gemini CLI's own memory file outside a project's memory folder (newuser30 #7, part 3):
``~/.gemini/GEMINI.md`` — where its save_memory tool appends under "## Gemini Added
Memories" — or a GEMINI.md that tool wrote to was audited as a Claude Code folder, GEMINI.md
an orphan "never seen" and the injected block empty, though Gemini loads it every session."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main

TEXT = "# Notes\n\n## Gemini Added Memories\n- The user prefers pnpm.\n- Staging is stg-2.\n"


def _audit(capsys: pytest.CaptureFixture[str], folder: Path) -> dict:
    main(["audit", str(folder), "--json"])
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("where", [".gemini", "project"])
def test_gemini_s_memory_file_is_what_it_loads(tmp_path: Path, where: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / where
    folder.mkdir()
    (folder / "GEMINI.md").write_text(TEXT, encoding="utf-8")
    data = _audit(capsys, folder)
    assert data["profile"] == "gemini"
    assert data["injected_block"]["chars"] == len(TEXT)
    assert not [f for f in data["findings"] if f["kind"] == "orphan"]


def test_a_project_s_own_gemini_md_stays_as_it_was(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "project"  # a context file save_memory never wrote to
    folder.mkdir()
    (folder / "GEMINI.md").write_text("# Project\n\nBuild with make.\n", encoding="utf-8")
    assert _audit(capsys, folder)["profile"] == "claude-code"
