"""An agent's home is no project (newuser32 #36): ``memtui audit ~/.gemini/tmp`` took the
scratch folder for the project (``the folder named, holding the memory folder``) while the
memory folder typed itself had none, and ``~/.hermes`` took the Hermes home."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main


def _project(path: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    main(["audit", str(path), "--json"])
    return json.loads(capsys.readouterr().out)["project"]


def test_an_agent_home_is_not_taken_for_the_project(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gemini = tmp_path / "home" / ".gemini" / "tmp" / "abc123" / "memory"
    gemini.mkdir(parents=True)
    (gemini / "MEMORY.md").write_text("# Project Memory\n- See vpn.md\n")
    (gemini / "vpn.md").write_text("# vpn\nDrops.\n")
    hermes = tmp_path / "home" / ".hermes" / "memories"
    hermes.mkdir(parents=True)
    (hermes / "MEMORY.md").write_text("likes tea\n")
    (hermes / "USER.md").write_text("Allen\n")
    for typed in (gemini, gemini.parent.parent, hermes, hermes.parent):
        assert _project(typed, capsys)["path"] is None, typed


def test_a_project_root_is_still_the_project(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    memory = tmp_path / "repo" / ".claude" / "memory"
    memory.mkdir(parents=True)
    (memory / "MEMORY.md").write_text("# Index\n")
    got = _project(tmp_path / "repo", capsys)
    assert got["source"] == "path" and got["path"] == str((tmp_path / "repo").resolve())
