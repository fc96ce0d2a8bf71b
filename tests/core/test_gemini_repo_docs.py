"""A repository whose GEMINI.md holds Gemini's saved memories (newuser32 #3): Gemini CLI
loads GEMINI.md and what it imports there, no other file; the project's CONTRIBUTING.md was
counted as a memory, an orphan "never seen" the operator was told to index."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.workspace import Workspace
from memtui.edit import gemini_ops
from memtui.edit.snapshot import Snapshot


def _repo(root: Path) -> Path:
    (root / "docs").mkdir(parents=True)
    (root / "GEMINI.md").write_text("# Project\n\n@./docs/style.md\n\n"
                                    "## Gemini Added Memories\n- uses pnpm\n")
    (root / "docs" / "style.md").write_text("# Style\n\nTabs.\n")
    (root / "README.md").write_text("# Readme\n")
    (root / "CONTRIBUTING.md").write_text("# Contributing\n\nOpen a PR.\n")
    return root


def test_a_repository_file_gemini_does_not_load_is_no_memory(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _repo(tmp_path / "repo")
    main(["audit", str(root), "--json"])
    got = json.loads(capsys.readouterr().out)
    assert got["profile"] == "gemini"
    assert [f["path"] for f in got["files"]] == ["docs/style.md"]
    assert not [f for f in got["findings"] if f["kind"] in ("orphan", "stale")]
    ws = Workspace(root, "flat")
    assert gemini_ops.unnamed(Snapshot.read(ws)) == []
