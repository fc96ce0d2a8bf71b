"""The licence and the README say what a user needs before the first run."""

from __future__ import annotations

import tomllib
from pathlib import Path

from memtui.commands import COMMANDS

ROOT = Path(__file__).resolve().parents[1]


def test_the_licence_is_the_one_pyproject_names() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT"
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) ")
    assert "memtui contributors" in text.splitlines()[2]
    assert 'THE SOFTWARE IS PROVIDED "AS IS"' in text


def test_the_readme_answers_the_first_questions() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "*item* — the agent\nplatform's unit of work" in readme  # what an item is
    assert "~/.claude/projects/<project>/memory/" in readme  # Claude Code's memory folder
    assert "**Keep it out of git** (add `.memtui/` to `.gitignore`)" in readme
    for name in COMMANDS:
        assert f"memtui {name} " in readme, name


def test_the_readme_rules_table_is_the_generated_one() -> None:
    from memtui.core.rules import readme_table

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("<!-- rules-table -->\n", 1)[1].split("<!-- /rules-table -->", 1)[0]
    assert table == readme_table()
