"""The preview moves with the cursor within a frame (issue 20, item 16): after a view switch
it shows the new view's row at once, and while the cursor moves it names the new row and
hides the old file until that row's render comes (it never shows one file under another's
row)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from memtui.tui import widgets
from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from memtui.tui.widgets.preview import MemoryPreview
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


def title(preview: MemoryPreview) -> str:
    return str(preview.query_one("#preview-title", Static).render())


def shows_only(preview: MemoryPreview, path: str) -> bool:
    """The preview names ``path``, and its body is hidden or is ``path``'s."""
    body = preview.body
    shown = preview._shown
    body_is_path = shown is not None and len(shown) > 1 and shown[1] == path
    return title(preview).startswith(path) and (not body.display or body_is_path)


@pytest.fixture(autouse=True)
def _slow_settle(monkeypatch: pytest.MonkeyPatch) -> None:
    # A render that waits for the cursor to rest must not be what the test sees.
    monkeypatch.setattr(widgets.preview, "SETTLE", 5.0)


async def test_a_view_switch_moves_the_preview_at_once(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path is not None)
        before = preview.path
        await pilot.press("3")
        await pilot.pause()
        orphans = app.query_one("#orphans-view", AuditTable)
        await wait_for(pilot, lambda: orphans.current_row() is not None)
        row = orphans.current_row()
        assert row is not None and row.path is not None and row.path != before
        await pilot.pause()
        assert shows_only(preview, row.path), (title(preview), preview._shown)
        # and it renders that row without waiting for the cursor to settle
        await wait_for(pilot, lambda: preview._shown is not None
                       and preview._shown[1:2] == (row.path,), timeout=2.0)


async def test_moving_the_cursor_never_leaves_the_old_file_under_the_new_row(
        workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: files.current_row() is not None
                       and preview.path == files.current_row().path)  # type: ignore[union-attr]
        for _ in range(3):
            await pilot.press("j")
            await pilot.pause()
            row = files.current_row()
            assert row is not None and row.path is not None
            assert shows_only(preview, row.path), (row.path, title(preview))


async def test_the_view_and_its_preview_change_in_the_same_frame(workspace: Path) -> None:
    """When the new view is put on screen (the tabs switch), the preview already names its
    row: no frame shows the new view beside the old view's file."""
    from textual.widgets import TabbedContent

    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        preview = app.query_one(MemoryPreview)
        await wait_for(pilot, lambda: preview.path is not None)
        await switch(pilot, app, "3")  # built once, so its rows are there
        await wait_for(pilot, lambda: app.query_one("#orphans-view", AuditTable)
                       .current_row() is not None)
        await switch(pilot, app, "1")
        await wait_for(pilot, lambda: preview.path == "MEMORY.md")
        orphans = app.query_one("#orphans-view", AuditTable)
        row = orphans.current_row()
        assert row is not None and row.path is not None
        seen: list[str] = []
        tabs = app.query_one(TabbedContent)
        app.watch(tabs, "active", lambda: seen.append(title(preview)), init=False)
        await pilot.press("3")
        await wait_for(pilot, lambda: bool(seen))
        assert seen[0].startswith(row.path), seen
