"""newuser40 #13: at 80×24 the words that matter were cut: the repoint dialog's checkbox
read "(one undo puts both bac"."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
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


async def test_the_redaction_status_line_says_rotate_within_its_lines_at_80x24(
        ws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The status line (3 lines at most) stopped at "… and 4 older": the advice, rotate
    the credential, comes first."""
    from memtui.tui.app import open_app
    from memtui.tui.dialogs.confirm import ConfirmScreen
    from tests.edit.conftest import read
    from tests.edit.test_redact_git_history import SECRET, committed
    from tests.tui.test_app import started
    from tests.tui.test_keys_dialogs import to_row

    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))
    committed(ws)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "2", "#files-view", "memory/creds.md")
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.click("#confirm")
        await wait_for(pilot, lambda: SECRET not in read(ws, "memory/creds.md"))
        await wait_for(pilot, lambda: "rotate the credential" in app.notice)
        await pilot.pause(0.1)
        notice = app.query_one("#notice")
        lines = Text(app.notice).wrap(app.console, notice.content_size.width)
        shown = " ".join(line.plain for line in lines[:3])
        assert "rotate the credential" in shown, (shown, app.notice)


async def test_the_redaction_dialog_opens_with_its_first_changed_line_in_view_at_80x24(
        ws: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The diff showed its headers and the frontmatter; the changed lines were below."""
    from textual.containers import VerticalScroll
    from textual.widgets import Static

    from memtui.tui.app import open_app
    from memtui.tui.dialogs.confirm import ConfirmScreen
    from tests.edit.test_redact_git_history import committed
    from tests.tui.test_app import started
    from tests.tui.test_keys_dialogs import to_row

    monkeypatch.setenv("MEMTUI_CONFIG_DIR", str(tmp_path / "config"))
    creds = ws / "memory" / "creds.md"
    text = creds.read_text(encoding="utf-8")
    at = text.index("The db password")  # three long lines of context above the change
    long = "".join(f"Context {n}: " + "the staging hosts rotate weekly, " * 6 + "\n"
                   for n in range(3))
    creds.write_text(text[:at] + long + text[at:], encoding="utf-8")
    committed(ws)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "2", "#files-view", "memory/creds.md")
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.pause(0.3)
        screen = app.screen
        diff = screen.query_one("#diff", Static)
        frame = screen.query_one(VerticalScroll)
        rows = [diff.render_line(y).text for y in range(diff.content_size.height)]
        first = next(y for y, row in enumerate(rows)
                     if row[:1] in "+-" and not row.startswith(("+ ++", "- --")))
        assert rows[first].startswith("-") and "[REDACTED]" not in rows[first]
        y = diff.content_region.y + first
        assert frame.region.y <= y < frame.region.bottom, (rows, first, frame.region,
                                                            diff.content_region)
        await pilot.press("escape")
