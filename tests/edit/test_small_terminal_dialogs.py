"""newuser40 #13: at 80×24 the words that matter were cut: the repoint dialog's checkbox
read "(one undo puts both bac"."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Checkbox

from memtui.core.workspace import open_workspace
from memtui.tui import curate
from memtui.tui.dialogs.duplicate_entry import DuplicateEntryScreen
from memtui.tui.dialogs.memory_picker import MemoryPickerScreen
from tests.edit.test_curate_tui import Harness, _finish
from tests.edit.test_repoint_picker import GONE_LINE
from tests.tui.conftest import wait_for


async def test_the_duplicate_checkbox_and_its_undo_note_are_whole_at_80x24(ws: Path) -> None:
    index = ws / "MEMORY.md"  # a real index: the dialog is taller than the screen
    index.write_text(index.read_text(encoding="utf-8").replace(
        GONE_LINE, "".join(f"Note {n}: kept as it is.\n" for n in range(12)) + GONE_LINE +
        "".join(f"Note {n}: kept as it is.\n" for n in range(12, 24))), encoding="utf-8")
    w = open_workspace(ws)
    app = Harness(lambda a: curate.run_repoint(a, w, "memory/gone.md", []))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryPickerScreen))
        await pilot.press(*"yield-source", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, DuplicateEntryScreen))
        await pilot.pause(0.2)
        screen = app.screen
        box = screen.query_one(Checkbox)
        label = str(box.label)
        frame = box.parent.content_region  # type: ignore[union-attr]
        # the checkbox, its label whole, lies inside the drawn part of the dialog
        assert box.region.right <= frame.right, (label, box.region, frame)
        assert "one undo puts both back" in screen.warning + label
        await pilot.press("escape")
        await _finish(pilot, app)
