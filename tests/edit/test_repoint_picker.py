"""Repoint picks the new target from every memory, fuzzy-filtered as typed, the audit's
suggestions first (issue 20, 22); onto a file the index links already, its dialog offers
to remove the duplicate entry in the same, undoable operation (issue 20, 14)."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Checkbox, Input, OptionList, Static

from memtui.core.workspace import open_workspace
from memtui.edit.journal import undo
from memtui.tui import curate
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.dialogs.duplicate_entry import DuplicateEntryScreen
from memtui.tui.dialogs.memory_picker import MemoryPickerScreen
from tests.edit.conftest import INDEX, read, tree
from tests.edit.test_curate_tui import Harness, _finish
from tests.tui.conftest import wait_for

GONE_LINE = "- [Gone](memory/gone.md) — broken link\n"


def listed(screen: Any) -> list[str]:
    return [c.path for c in screen.shown]


async def typed(pilot: Any, screen: Any, *keys: str) -> None:
    """Press ``keys`` in the picker and let its list catch up with the field."""
    await pilot.press(*keys)
    await wait_for(pilot, lambda: screen.ranked_for == screen.query_one("#query", Input).value)


def highlighted(screen: Any) -> str:
    at = screen.query_one("#matches", OptionList).highlighted
    return screen.shown[at].path


async def test_the_picker_lists_every_memory_suggestions_first_and_filters(ws: Path) -> None:
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_repoint(a, w, "memory/gone.md",
                                               ["memory/line-b.md", "memory/line-a.md"]))
    async with app.run_test(size=(120, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryPickerScreen))
        await pilot.pause()
        screen = app.screen
        assert listed(screen) == ["memory/line-b.md", "memory/line-a.md", "memory/creds.md",
                                  "memory/lonely_note.md", "memory/user-role.md",
                                  "memory/yield-source.md"]
        assert highlighted(screen) == "memory/line-b.md"
        assert "6 memories" in str(screen.query_one("#count", Static).render())
        await typed(pilot, screen, *"lonly")  # a misspelt file name
        assert listed(screen)[0] == "memory/lonely_note.md"
        # what was typed comes last only for a file that exists (newuser23 #28): no "lonly"
        assert "lonly" not in listed(screen)
        await typed(pilot, screen, *["backspace"] * 5, *"process engineer")  # a description
        assert listed(screen)[0] == "memory/user-role.md"
        await typed(pilot, screen, *["backspace"] * 16, *"Yield source")  # a title
        assert listed(screen)[0] == "memory/yield-source.md"
        await typed(pilot, screen, *["backspace"] * 12)
        await pilot.press("down", "down", "up")  # arrows move in the list from the input
        assert highlighted(screen) == "memory/line-a.md"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "+- [Gone](memory/line-a.md)" in app.screen.diff  # the diff before writing
        await pilot.press("enter")
        await _finish(pilot, app)
    assert app.outcome is True
    assert read(ws, "MEMORY.md") == INDEX.replace("memory/gone.md", "memory/line-a.md")


async def test_repoint_onto_an_indexed_file_offers_to_remove_the_duplicate(ws: Path) -> None:
    w = open_workspace(ws)
    start = tree(ws)
    app = Harness(lambda a: curate.run_repoint(a, w, "memory/gone.md", []))
    async with app.run_test(size=(120, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryPickerScreen))
        await pilot.press(*"yield-source", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, DuplicateEntryScreen))
        await pilot.pause()
        screen = app.screen
        assert "MEMORY.md:7 already links memory/yield-source.md" in screen.warning
        assert screen.query_one(Checkbox).value is True
        assert f"-{GONE_LINE}" in screen.diffs[True]
        await pilot.press("enter")
        await _finish(pilot, app)
    assert app.outcome is True
    assert read(ws, "MEMORY.md") == INDEX.replace(GONE_LINE, "")
    records = sorted((ws / ".memtui" / "journal").glob("*.json"))
    assert [json.loads(r.read_text())["op"] for r in records] == ["repoint"]  # one operation
    undo(w)
    assert tree(ws) == start


async def test_space_keeps_the_duplicate_when_the_operator_wants_both(ws: Path) -> None:
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_repoint(a, w, "memory/gone.md", []))
    async with app.run_test(size=(120, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryPickerScreen))
        await pilot.press(*"yield-source", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, DuplicateEntryScreen))
        await pilot.pause()
        await pilot.press("space")
        assert app.screen.query_one(Checkbox).value is False
        await pilot.press("enter")
        await _finish(pilot, app)
    assert read(ws, "MEMORY.md") == INDEX.replace("memory/gone.md", "memory/yield-source.md")


async def test_typing_fast_ranks_off_the_ui_thread_and_the_final_query_wins(
        ws: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow ranking (a few thousand memories) never holds the UI: while the first
    keystroke's ranking is stuck, the field takes the rest of the query, the arrows move,
    and the final query's list arrives; the stale ranking, once done, is dropped."""
    from memtui.tui.dialogs import memory_picker

    real = memory_picker.rank
    stuck, started, finished = threading.Event(), threading.Event(), threading.Event()
    on_ui_thread: list[str] = []

    def slow(query: str, *args: Any) -> Any:
        if query and threading.current_thread() is threading.main_thread():
            on_ui_thread.append(query)
        if query == "y":
            started.set()
            stuck.wait(2)
            try:
                return real(query, *args)
            finally:
                finished.set()
        return real(query, *args)

    monkeypatch.setattr(memory_picker, "rank", slow)
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_repoint(a, w, "memory/gone.md", []))
    async with app.run_test(size=(120, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryPickerScreen))
        screen = app.screen
        first = listed(screen)
        await pilot.press("y")
        await wait_for(pilot, started.is_set)
        await pilot.press("down")  # while "y" is still being ranked
        assert highlighted(screen) == first[1]  # the arrows move in the list shown
        await pilot.press(*"ield source")
        assert screen.query_one("#query", Input).value == "yield source"
        await wait_for(pilot, lambda: screen.ranked_for == "yield source")
        assert not finished.is_set()  # the final list came while "y" was stuck
        final = listed(screen)
        stuck.set()
        await wait_for(pilot, finished.is_set)
        await pilot.pause()
        assert screen.ranked_for == "yield source" and listed(screen) == final
        assert final[0] == "memory/yield-source.md"
        # (no file is named "yield source": it is not offered as typed, newuser23 #28)
        assert final == [c.path for c, _ in real("yield source", screen.candidates, [])]
        await pilot.press("escape")
        await _finish(pilot, app)
    assert on_ui_thread == []


def test_names_in_the_picker_are_text_never_markup() -> None:
    from memtui.tui.dialogs.memory_picker import Candidate, rank

    found = rank("yld", [Candidate("memory/[b]yield[/b].md", "[i]Yield", "d\x1b[2J")], [])
    ((_, line),) = found
    assert str(line) == "memory/[b]yield[/b].md  [i]Yield — d\\x1b[2J"


async def test_the_filter_lists_only_the_memories_holding_what_is_typed(tmp_path: Path) -> None:
    """newuser22 #24: 'detect' listed vendor-contacts.md ('… service Desk and ThE … buCkeT'),
    scattered letters; when some memories hold the word as typed, only those are listed."""
    from tests.core.helpers import memory

    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [Gone](memory/gone.md) — broken link\n", encoding="utf-8")
    (root / "memory/endpoint-detector.md").write_text(
        memory("endpoint-detector", description="when the etch stops"), encoding="utf-8")
    (root / "memory/vendor-contacts.md").write_text(memory(
        "vendor-contacts", description="RF generator vendor: field service desk and the "
        "shared log bucket"), encoding="utf-8")
    w = open_workspace(root)
    app = Harness(lambda a: curate.run_repoint(a, w, "memory/gone.md", []))
    async with app.run_test(size=(120, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryPickerScreen))
        await pilot.pause()
        screen = app.screen
        await typed(pilot, screen, *"detect")
        assert listed(screen) == ["memory/endpoint-detector.md"]  # no file "detect": alone
        await typed(pilot, screen, *["backspace"] * 6, *"dsk bckt")  # no word as typed:
        assert "memory/vendor-contacts.md" in listed(screen)  # scattered letters still match


async def test_a_typed_target_no_file_has_is_refused_in_the_picker(ws: Path) -> None:
    """newuser23 #28: "no memory matches: Enter takes 'zzz-nothing.md' as typed", then Enter
    closed the picker and only the status line said the file does not exist. The picker
    says so as it is typed and stays open; an existing file that is no memory is still
    taken as typed."""
    (ws / "notes.txt").write_text("not a memory\n", encoding="utf-8")
    before = tree(ws)
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_repoint(a, w, "memory/gone.md", []))
    async with app.run_test(size=(120, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryPickerScreen))
        await pilot.pause()
        screen = app.screen
        await typed(pilot, screen, *"zzz-nothing.md")
        count = str(screen.query_one("#count", Static).render())
        assert "does not exist" in count and "Enter takes" not in count, count
        assert "zzz-nothing.md" not in listed(screen)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert app.screen is screen  # still open, nothing written
        assert tree(ws) == before
        await typed(pilot, screen, *["backspace"] * 14, *"notes.txt")
        count = str(screen.query_one("#count", Static).render())  # an existing file
        assert "Enter takes 'notes.txt' as typed" in count or listed(screen)[0] == \
            "notes.txt", (count, listed(screen))
        await pilot.press("escape")
        await _finish(pilot, app)
    assert tree(ws) == before


async def test_an_existing_file_typed_in_full_comes_first(ws: Path) -> None:
    """newuser27 #32: ``MEMORY.md`` typed in full, then Enter, repointed onto the top fuzzy
    match (a memory the index links, so the duplicate's line went too): what was typed
    came last. A name an existing file has, typed in full, comes first; a part of one
    still ranks the memories first. The index itself is no target any more (#43)."""
    (ws / "line-a.md").write_text("notes\n")  # a file that is no memory
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_repoint(a, w, "memory/gone.md", []))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryPickerScreen))
        await pilot.pause()
        screen = app.screen
        await typed(pilot, screen, *"MEMORY.md")  # the index is no target (newuser29 #43)
        assert "MEMORY.md" not in listed(screen)
        for _ in "MEMORY.md":
            await pilot.press("backspace")
        await typed(pilot, screen, *"line-a.m")
        assert "line-a.m" not in listed(screen)
        await typed(pilot, screen, "d")
        assert len(listed(screen)) > 1 and highlighted(screen) == "line-a.md"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "+- [Gone](line-a.md)" in app.screen.diff
        await pilot.press("escape")
        await _finish(pilot, app)


async def test_the_duplicate_dialog_opens_at_its_title_at_80x24(ws: Path) -> None:
    """newuser27 #32: at 80×24 the duplicate dialog opened scrolled down to its checkbox and
    diff (the focus on the diff scrolled it into view): the title naming the old and new
    targets was above the screen. It opens at its first line."""
    index = ws / "MEMORY.md"  # a real index: lines around the one repointed
    index.write_text(index.read_text(encoding="utf-8").replace(
        GONE_LINE, "".join(f"Note {n}: kept as it is.\n" for n in range(6)) + GONE_LINE +
        "".join(f"Note {n}: kept as it is.\n" for n in range(6, 12))), encoding="utf-8")
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_repoint(a, w, "memory/gone.md", []))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryPickerScreen))
        await pilot.press(*"yield-source", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, DuplicateEntryScreen))
        await pilot.pause(0.2)
        screen = app.screen
        frame = screen.query_one("Vertical")
        assert frame.max_scroll_y > 0  # taller than the screen
        assert frame.scroll_y == 0  # at its first line, the title
        assert "onto memory/yield-source.md" in str(screen.query_one(".title").render())
        await pilot.press("escape")
        await _finish(pilot, app)
