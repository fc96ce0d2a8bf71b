"""Every key acts on what the active view's cursor (or its picks) shows, never on a row a
fold renumbered or a file the preview last showed; destructive dialogs start on Cancel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Input

from memtui.tui.app import MemtuiApp, open_app
from memtui.tui.dialogs.choice import ChoiceScreen
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.dialogs.which_memory import WhichMemoryScreen
from memtui.tui.widgets.audit_table import AuditTable
from memtui.tui.widgets.preview import NOTHING, MemoryPreview
from tests.tui.conftest import wait_for
from tests.tui.test_app import keys, started, switch
from tests.tui.test_input_keys import footer_keys


def messages(app: MemtuiApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def pick(pilot: Any, view: AuditTable, *row_keys: str) -> None:
    for key in row_keys:
        view.table.move_cursor(keys(view).index(key))
        await pilot.press("space")
    await pilot.pause()


async def dialog(pilot: Any, app: MemtuiApp, kind: type) -> Any:
    await wait_for(pilot, lambda: isinstance(app.screen, kind))
    await pilot.pause()
    return app.screen


async def test_picks_follow_entries_and_are_cleared_by_a_fold(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        index = app.query_one("#index-view", AuditTable)
        await pick(pilot, index, "L3", "L4")  # user-role, yield-source
        assert index.table.picks == {1, 2}
        assert footer_keys(app)["escape"] == "clear 2 picked"
        # An outside writer shifts every line down: the picks stay on the same entries.
        text = (workspace / "MEMORY.md").read_text()
        (workspace / "MEMORY.md").write_text("<!-- agent note -->\n" + text)
        audits = app.audits
        app.start_audit({"MEMORY.md"})
        await wait_for(pilot, lambda: app.audits > audits)
        await pilot.pause()
        picked = [index.shown[i].key for i in sorted(index.table.picks)]
        assert picked == ["L4", "L5"]
        assert [index.shown[i].data.targets for i in sorted(index.table.picks)] == [
            ["memory/user-role.md"], ["memory/yield-source.md"]]
        # Fold them (f, Enter, Enter on the diff): afterwards nothing is picked, and d acts
        # on the cursor.
        await pilot.press("f")
        await dialog(pilot, app, ChoiceScreen)
        audits = app.audits
        await pilot.press("enter")
        await dialog(pilot, app, ConfirmScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        await pilot.pause()
        assert "· [Yield source](memory/yield-source.md)" in (workspace / "MEMORY.md").read_text()
        assert index.picked == set() and index.table.picks == set()
        assert "escape" not in footer_keys(app)
        row = index.current_row()
        assert row is not None
        await pilot.press("d")
        wanted = list(row.data.targets) or [row.path]
        if len(set(wanted)) > 1:  # a packed line: which memory first (issue 32 §9)
            await dialog(pilot, app, WhichMemoryScreen)
            await pilot.press("end", "enter")  # all of them
        screen = await dialog(pilot, app, ConfirmScreen)
        assert screen.lines[:len(wanted)] == [f"delete {p}" for p in wanted]
        assert not any("user-role" in ln or "yield-source" in ln
                       for ln in screen.lines if ln.startswith("delete"))
        await pilot.press("escape")


async def test_escape_clears_the_picks_then_the_filter(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: files.table.row_count == 6)
        await pick(pilot, files, "memory/a.md", "memory/b.md", "memory/helper.md")
        assert footer_keys(app)["escape"] == "clear 3 picked"
        assert next(iter(footer_keys(app))) == "escape"  # first: the narrow footer shows it
        await pilot.press("slash", *"lo", "enter")
        await wait_for(pilot, lambda: app.focused is files.table)
        assert files.filter_text == "lo"
        await pilot.press("escape")
        await pilot.pause()
        assert files.picked == set() and files.filter_text == "lo"
        await pilot.pause(0.1)
        assert footer_keys(app)["escape"] == "Clear filter"
        await pilot.press("escape")
        await pilot.pause()
        assert files.filter_text == "" and files.query_one(Input).value == ""
        assert files.table.row_count == 6
        assert "escape" not in footer_keys(app)


async def test_keys_in_the_block_view_do_nothing_but_say_why(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: files.table.row_count == 6)
        files.table.move_cursor(keys(files).index("memory/lonely.md"))
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path == "memory/lonely.md")
        before = {p.name: p.read_bytes() for p in (workspace / "memory").iterdir()}
        await switch(pilot, app, "7")
        await wait_for(pilot, lambda: preview.path == "MEMORY.md")  # not the stale file
        for key in "daRx":
            await pilot.press(key)
            await pilot.pause()
            assert len(app.screen_stack) == 1, key  # no dialog opened
        said = messages(app)
        assert len(said) == 4
        assert all(m.endswith("— the Block view shows the injected text, not one memory")
                   for m in said), said
        assert said[0].startswith("select a memory (or pick several with space) to delete")
        assert {p.name: p.read_bytes() for p in (workspace / "memory").iterdir()} == before
        assert not (workspace / ".memtui" / "journal").exists()


async def test_the_preview_follows_the_view_shown(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        preview = app.query_one(MemoryPreview)
        await switch(pilot, app, "3")  # Orphans: the cursor is on the first row
        orphans = app.query_one("#orphans-view", AuditTable)
        await wait_for(pilot, lambda: preview.path == orphans.shown[0].path)
        await switch(pilot, app, "4")
        broken = app.query_one("#broken-view", AuditTable)
        await wait_for(pilot, lambda: preview.path == broken.shown[0].path == "MEMORY.md")
        await switch(pilot, app, "3")
        await wait_for(pilot, lambda: preview.path == orphans.shown[0].path)
        orphans.set_filter("no such words")  # an empty view: nothing to preview
        await wait_for(pilot, lambda: preview.path is None)
        await pilot.pause(0.1)
        assert str(preview.query_one("#preview-title").render()) == NOTHING
        await pilot.press("o")
        await pilot.pause()
        assert messages(app)[-1] == ("nothing to open: no row matches the filter (Esc in the "
                                     "list clears it)")


async def test_a_destructive_dialog_starts_on_cancel(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: files.table.row_count == 6)
        files.table.move_cursor(keys(files).index("memory/lonely.md"))
        await pilot.pause()
        await pilot.press("d")
        screen = await dialog(pilot, app, ConfirmScreen)
        assert screen.focused is not None and screen.focused.id == "cancel"
        await pilot.press("enter")  # a bare Enter cancels
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)
        assert (workspace / "memory/lonely.md").exists()
        await pilot.press("d")
        screen = await dialog(pilot, app, ConfirmScreen)
        await pilot.press("tab")  # to the Delete button
        assert screen.focused is not None and screen.focused.id == "confirm"
        audits = app.audits
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.audits > audits)
        assert not (workspace / "memory/lonely.md").exists()
        await pilot.press("u")  # undo is destructive too: it starts on Cancel
        screen = await dialog(pilot, app, ConfirmScreen)
        assert screen.focused is not None and screen.focused.id == "cancel"
        screen.query_one("VerticalScroll").focus()
        await pilot.press("enter")  # Enter outside the buttons does nothing
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)
        assert not (workspace / "memory/lonely.md").exists()
