"""newuser23 #40: ``A`` / ``fix add-to-index --all-unreachable`` on the demo drafted
``- [Cpk target](memory/superseded/cpk-target-2025.md)``, a second entry titled exactly like
line 25's ``- [Cpk target](memory/cpk-target.md)`` (the two memories share the name
``cpk-target``), without a word. A drafted title now differs from every index title (the
file's stem: ``Cpk target 2025``) and the CLI and the form say why."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Label

from memtui.demo import demo_copy
from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from tests.edit.conftest import cli
from tests.tui.conftest import wait_for
from tests.tui.test_app import started

SUPERSEDED = "memory/superseded/cpk-target-2025.md"
NOTE = "titled 'Cpk target 2025': the index's line 25 is titled 'Cpk target' already"


def test_the_cli_drafts_a_title_the_index_has_not_used(tmp_path: Path) -> None:
    ws = demo_copy(tmp_path)
    proc = cli("fix", "add-to-index", ws, "--all-unreachable")
    assert proc.returncode == 0, proc.stderr
    text = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert f"- [Cpk target 2025]({SUPERSEDED}) — " in text
    assert text.count("- [Cpk target](") == 1
    assert f"{SUPERSEDED}: {NOTE}" in proc.stdout + proc.stderr


def test_two_new_memories_of_one_name_get_two_titles(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    for rel in ("memory/a/plan.md", "memory/b/plan.md"):
        (ws / rel).parent.mkdir(parents=True)
        (ws / rel).write_text("---\nname: plan\ndescription: a plan\n---\nx\n", encoding="utf-8")
    (ws / "MEMORY.md").write_text("# M\n", encoding="utf-8")
    proc = cli("fix", "add-to-index", ws, "memory/a/plan.md", "memory/b/plan.md")
    assert proc.returncode == 0, proc.stderr
    assert (ws / "MEMORY.md").read_text(encoding="utf-8") == (
        "# M\n- [Plan](memory/a/plan.md) — a plan\n- [Plan (b)](memory/b/plan.md) — a plan\n")
    assert "memory/b/plan.md: titled 'Plan (b)': another new entry is titled 'Plan' already" \
        in proc.stdout + proc.stderr


async def test_the_A_form_drafts_the_distinct_title_and_says_why(tmp_path: Path) -> None:
    app = open_app(demo_copy(tmp_path), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await pilot.press("A")
        await wait_for(pilot, lambda: isinstance(app.screen, AddToIndexScreen))
        screen = app.screen
        assert isinstance(screen, AddToIndexScreen)
        i = [rel for rel, _, _ in screen.drafts].index(SUPERSEDED)
        assert screen.query_one(f"#title-{i}", Input).value == "Cpk target 2025"
        labels = [str(lb.content) for lb in screen.query(Label).filter(".file")]
        assert labels[i] == f"{SUPERSEDED}  ({NOTE})"
