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
    assert "**It keeps itself out of git**: when memtui makes the folder it puts in it a " \
        "`.gitignore`" in docs  # newuser24 #23: no longer the user's chore
    for name in COMMANDS:
        assert f"memtui {name} " in readme + docs, name


# Links and anchors: tests/test_doc_links.py.


def test_the_readme_rules_table_is_the_generated_one() -> None:
    from memtui.core.checks.rules import readme_table

    readme = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    table = readme.split("<!-- rules-table -->\n", 1)[1].split("<!-- /rules-table -->", 1)[0]
    assert table == readme_table()


def _key_cells(page: str, heading: str | None = None) -> set[str]:
    """The keys (backticked, in the key columns) of the key tables of ``page``: rows of
    ``| key | action | key | action |`` tables, under ``heading`` when given."""
    import re

    text = (ROOT / page).read_text(encoding="utf-8")
    if heading is not None:
        text = text.split(heading, 1)[1].split("\n## ", 1)[0]
    keys: set[str] = set()
    in_table = False
    for line in text.splitlines():
        if line.startswith("| key | action |"):
            in_table = True
            continue
        if not line.startswith("|"):
            in_table = False
            continue
        if in_table and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            for cell in cells[0::2]:
                keys.update(re.findall(r"`([^`]+)`", cell))
    return keys


KEY_NAMES = {"?": "question_mark", "/": "slash", "Esc": "escape", "*": "asterisk"}


def test_every_key_the_key_tables_name_is_bound() -> None:
    """README's and docs/app.md's key tables name only keys the app binds."""
    from textual.app import App

    from memtui.tui.app import VIEWS, MemtuiApp
    from memtui.tui.chat import ChatPane
    from memtui.tui.views.base import FilteredView
    from memtui.tui.widgets.audit_table import AuditTable
    from memtui.tui.widgets.preview import MemoryPreview
    from memtui.tui.widgets.row_table import RowTable

    bound = {App.COMMAND_PALETTE_BINDING}
    for cls in (MemtuiApp, RowTable, AuditTable, FilteredView, MemoryPreview, ChatPane,
                *(c for _, _, c in VIEWS)):
        for b in cls.BINDINGS:
            key = b.key if hasattr(b, "key") else b[0]  # type: ignore[union-attr,index]
            bound.update(k.strip() for k in key.split(","))
    readme = _key_cells("README.md", "## Keys")
    app = _key_cells("docs/app.md")
    assert len(readme) > 20 and len(app) > 20
    for key in readme | app:
        assert KEY_NAMES.get(key, key) in bound, key
    assert {str(i) for i in range(1, len(VIEWS) + 1)} <= bound


def test_the_layout_figures_in_the_docs_are_the_apps() -> None:
    """Widths, view counts and view keys the docs state are the app's own constants."""
    from memtui.tui import layout as tui

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    app_md = " ".join((ROOT / "docs" / "app.md").read_text(encoding="utf-8").split())
    n = len(tui.VIEWS)
    assert f"Views `1`–`{n}`" in readme and f"| `1` … `{n}` | switch view |" in readme
    for i, (_, title, _) in enumerate(tui.VIEWS, start=1):
        assert f"| `{i}` | {title} |" in app_md, title
    assert f"| `{n + 1}` |" not in app_md
    assert f"({tui.PREVIEW_MIN} to {tui.PREVIEW_MAX} columns)" in app_md
    assert f"leaves the views at least {tui.VIEWS_MIN}" in app_md
    assert f"from {tui.THREE_PANES} columns" in app_md
    assert f"below {tui.THREE_PANES} columns: in the preview's place" in app_md
    assert f"Below {tui.NARROW} columns the preview goes under the views" in app_md
    assert f"made for {tui.NARROW} columns and up" in app_md
    assert tui.THREE_PANES == tui.VIEWS_MIN + tui.PREVIEW_MIN + tui.CHAT_MIN


def test_the_docs_say_one_thing_of_an_editor_edit() -> None:
    """newuser39 #1: docs/app.md's key table said an `o` edit is journaled and `u` undoes it
    (as the app does: `memtui.tui.app_actions.open_in_editor`), and "What the keys cannot do"
    said it is not journaled and git alone undoes it."""
    import re

    text = re.sub(r"\s+", " ", (ROOT / "docs" / "app.md").read_text(encoding="utf-8"))
    assert "the edit is journaled as an operation (`edit`" in text
    assert not re.search(r"\$EDITOR`?,? and (an|the) edit there is not journaled", text)
