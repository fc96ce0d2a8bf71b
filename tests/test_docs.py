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


def reference() -> str:
    """The reference in docs/, every page."""
    return "".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").glob("*.md")))


def test_the_readme_answers_the_first_questions() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "*item* — the agent\nplatform's unit of work" in readme  # what an item is
    assert "~/.claude/projects/<project>/memory/" in readme  # Claude Code's memory folder
    assert "python -m pytest -q" in readme and "memtui --demo" in readme  # the two set-ups
    assert len(readme.splitlines()) < 300  # a guide a newcomer finishes; the rest is in docs/
    docs = reference()
    assert "**Keep it out of git** (add `.memtui/` to `.gitignore`)" in docs
    for name in COMMANDS:
        assert f"memtui {name} " in readme + docs, name


def test_every_local_link_in_the_readme_and_docs_resolves() -> None:
    import re

    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        text = re.sub(r"```.*?```|`[^`\n]*`", "", text, flags=re.S)  # code is not a link
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path = (page.parent / target.split("#", 1)[0]).resolve()
            assert path.exists(), f"{page.name}: {target}"


def test_the_readme_rules_table_is_the_generated_one() -> None:
    from memtui.core.rules import readme_table

    readme = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    table = readme.split("<!-- rules-table -->\n", 1)[1].split("<!-- /rules-table -->", 1)[0]
    assert table == readme_table()
