"""``n`` and ``a`` in the app follow the folder's own format, as ``fix new`` does: the file
name spelt the folder's way (shown as it is typed), ``type:`` where the folder puts it, the
title without the type prefix, the entry under the section of its type (issue 20, 4)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select, Static

from memtui.core.workspace import open_workspace
from memtui.tui import curate
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from memtui.tui.dialogs.new_memory import NewMemoryScreen
from tests.edit.conftest import write_tree
from tests.edit.test_curate_tui import Harness, _finish, _type
from tests.edit.test_new_follows_folder import CLAUDE, memory
from tests.tui.conftest import wait_for


async def test_n_writes_a_claude_code_memory_under_its_section(tmp_path: Path) -> None:
    ws = write_tree(tmp_path / "ws", CLAUDE)
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_new_memory(a, w))
    async with app.run_test(size=(120, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NewMemoryScreen))
        screen = app.screen
        screen.query_one("#type", Select).value = "feedback"
        await _type(pilot, "#name", "keep-changelog")
        await _type(pilot, "#description", "keep the changelog current")
        await pilot.pause()
        shown = str(screen.query_one("#file", Static).render())
        assert shown == "file: feedback_keep_changelog.md"
        await pilot.click("#confirm")
        await _finish(pilot, app)
    assert app.outcome is True
    text = (ws / "feedback_keep_changelog.md").read_text()
    assert "\ntype: feedback\n" in text and "metadata:" not in text
    assert text.startswith("---\nname: keep-changelog\n")  # as typed (issue 32 item 25)
    lines = (ws / "MEMORY.md").read_text().splitlines()
    at = lines.index("- [Keep changelog](feedback_keep_changelog.md) — keep the changelog "
                     "current")
    assert lines[at - 1].startswith("- [Terse]") and lines.index("## Project") > at


async def test_a_drafts_the_title_without_the_prefix_under_the_type_s_section(
        tmp_path: Path) -> None:
    ws = write_tree(tmp_path / "ws", {**CLAUDE, "feedback_keep_changelog.md":
                                      memory("feedback_keep_changelog", "feedback")})
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_add_to_index(a, w, ["feedback_keep_changelog.md"]))
    async with app.run_test(size=(120, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, AddToIndexScreen))
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#title-0").value == "Keep changelog"
        assert screen.query_one("#under", Select).value == "Feedback"
        await pilot.click("#confirm")
        await _finish(pilot, app)
    lines = (ws / "MEMORY.md").read_text().splitlines()
    at = lines.index("- [Keep changelog](feedback_keep_changelog.md) — about "
                     "feedback_keep_changelog")
    assert lines[at - 1].startswith("- [Terse]")
