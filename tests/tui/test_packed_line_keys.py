"""A packed index line (one MEMORY.md line linking several memories, issue 32 §9): the
row is the line itself (the preview, ``o`` and ``y`` show it in MEMORY.md), and every key
acting on a memory asks which one first, "all of them" among the choices where a key can
act on several (``d``, ``a``); it never acts on the first memory alone, nor on all six
without asking."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import OptionList

from memtui.tui.app import MemtuiApp, open_app
from memtui.tui.dialogs.choice import ChoiceScreen
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.dialogs.which_memory import WhichMemoryScreen
from memtui.tui.widgets.preview import MemoryPreview
from tests.tui.conftest import wait_for
from tests.tui.test_app import started
from tests.tui.test_keys_dialogs import dialog, to_row

PACKED = ["memory/a.md", "memory/b.md"]


def choices(screen: WhichMemoryScreen) -> list[str]:
    listed = screen.query_one("#memories", OptionList)
    return [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]


TO = {"R": "to rename", "d": "to delete", "x": "to redact", "w": "to fix the wikilinks of"}


async def which(pilot: Any, app: MemtuiApp, key: str) -> WhichMemoryScreen:
    await pilot.press(key)
    screen = await dialog(pilot, app, WhichMemoryScreen)
    assert screen.prompt == f"MEMORY.md line 5 links 2 memories: which one {TO[key]}?"
    return screen


async def test_every_key_on_a_packed_line_asks_which_memory(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "1", "#index-view", "L5")
        # The row is the line: the preview shows MEMORY.md there, not memory/a.md.
        assert app.selected_path() == ("MEMORY.md", 5)
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path == "MEMORY.md")
        # R: which one (no "all": one file is renamed at a time); the second is renamed.
        screen = await which(pilot, app, "R")
        assert choices(screen) == PACKED
        await pilot.press("down", "enter")
        rename = await dialog(pilot, app, ChoiceScreen)
        assert rename.heading == "Rename memory/b.md"
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)
        # d: one of them, or all of them, named as such.
        screen = await which(pilot, app, "d")
        assert choices(screen) == [*PACKED, "all 2 memories"]
        await pilot.press("enter")
        confirm = await dialog(pilot, app, ConfirmScreen)
        assert [ln for ln in confirm.lines if ln.startswith("delete")] == ["delete memory/a.md"]
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)
        screen = await which(pilot, app, "d")
        await pilot.press("down", "down", "enter")
        confirm = await dialog(pilot, app, ConfirmScreen)
        assert [ln for ln in confirm.lines if ln.startswith("delete")] == [
            f"delete {p}" for p in PACKED]
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)
        # x and w ask the same way; Esc asks nothing more and writes nothing.
        for key in ("x", "w"):
            screen = await which(pilot, app, key)
            assert choices(screen) == PACKED
            await pilot.press("escape")
            await wait_for(pilot, lambda: len(app.screen_stack) == 1)
        assert (workspace / "memory" / "a.md").exists()
        assert (workspace / "memory" / "b.md").exists()
        # A line with one memory asks nothing: R goes straight to its rename.
        await to_row(pilot, app, "1", "#index-view", "L3")
        await pilot.press("R")
        rename = await dialog(pilot, app, ChoiceScreen)
        assert rename.heading == "Rename memory/user-role.md"
        await pilot.press("escape")


async def test_a_on_a_packed_line_past_the_limit_asks_and_offers_all(workspace: Path) -> None:
    """Past the load limit a packed line's memories are not indexed: ``a`` asks which of
    them to add, all of them a choice; since a line already links them (past the limit),
    no form opens: the notice names the limit and what helps (newuser22 #28: the form
    opened, then its Apply refused bare)."""
    from memtui.core.audit import AuditOptions
    from memtui.tui.dialogs.add_to_index import AddToIndexScreen

    app = open_app(workspace, watch=False,
                   options=AuditOptions(profile="claude-code", max_lines=4))
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "1", "#index-view", "L5")
        await pilot.press("a")
        screen = await dialog(pilot, app, WhichMemoryScreen)
        assert screen.prompt == "MEMORY.md line 5 links 2 memories: which one to add?"
        assert choices(screen) == [*PACKED, "all 2 memories"]
        app.notice = ""
        await pilot.press("end", "enter")
        await wait_for(pilot, lambda: "past the load limit" in app.notice
                       or isinstance(app.screen, AddToIndexScreen))
        assert not isinstance(app.screen, AddToIndexScreen)
        assert "line 5, past the load limit" in app.notice, app.notice
