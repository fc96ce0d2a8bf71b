"""A view switch is one layout (issue 32 item 17): the tab, the view's rows, the footer's
keys and the preview's file are all in place when the screen is first laid out after the
key, not one after the other over several full-screen layouts; and the view comes back
as it was left (its cursor, its scroll), the preview's body for a file shown a moment ago
kept rather than rendered again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Static, TabbedContent

from memtui.core.audit import AuditOptions
from memtui.core.workspace import open_workspace
from memtui.tui.app import MemtuiApp, open_app
from memtui.tui.widgets.audit_table import AuditTable
from memtui.tui.widgets.fitting_footer import FittingFooter
from memtui.tui.widgets.preview import MemoryPreview
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch
from tests.tui.test_built_ahead import all_built
from tests.tui.test_fleet_trend import two_commits


def title(preview: MemoryPreview) -> str:
    return str(preview.query_one("#preview-title", Static).render())


async def test_a_view_switch_is_whole_in_its_first_layout(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")  # built once
        await switch(pilot, app, "1")
        await pilot.pause(0.3)
        files = app.query_one("#files-view", AuditTable)
        picked = files.selection()
        assert picked is not None
        preview = app.query_one(MemoryPreview)
        footer = app.query_one(FittingFooter)
        assert "app.fold" in {k.action for k in footer.shown}
        seen: list[tuple[Any, ...]] = []

        def laid_out(screen: object) -> None:
            if app.query_one(TabbedContent).active == "files" and not seen:
                seen.append((preview.path, title(preview),
                             {k.action for k in footer.shown}))

        app.screen.screen_layout_refresh_signal.subscribe(app, laid_out, immediate=True)
        await pilot.press("2")
        await wait_for(pilot, lambda: bool(seen))
        path, words, actions = seen[0]
        assert path == picked[0] and words.startswith(picked[0])  # rendered, not coming
        assert "app.fold" not in actions and "sort_next" in actions  # the Files view's keys


def many(workspace: Path, n: int = 80) -> Path:
    """``workspace`` with ``n`` more memories: the Files view scrolls."""
    for i in range(n):
        (workspace / "memory" / f"extra_{i:03}.md").write_text(
            f"---\nname: extra {i}\ndescription: one of many\ntype: project\n---\n\n"
            f"Note {i}.\n", encoding="utf-8")
    return workspace


async def test_a_view_comes_back_as_it_was_left(workspace: Path) -> None:
    app = open_app(many(workspace), watch=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: files.table.row_count > 60)
        files.table.move_cursor(60)
        await pilot.pause(0.3)
        row, top = files.table.cursor_row, files.table.scroll_y
        assert row == 60 and top > 0
        key = files.current_key()
        preview = app.query_one(MemoryPreview)
        await switch(pilot, app, "1")
        await wait_for(pilot, lambda: preview.path == "MEMORY.md")
        index_body = preview.body
        await switch(pilot, app, "3")
        await switch(pilot, app, "2")
        await pilot.pause(0.3)
        assert (files.table.cursor_row, files.table.scroll_y, files.current_key()) \
            == (row, top, key)
        assert preview.path == files.selection()[0]  # type: ignore[index]
        await switch(pilot, app, "1")
        await wait_for(pilot, lambda: preview.path == "MEMORY.md")
        assert preview.body is index_body and index_body.display  # kept, shown again
        assert sum(1 for b in preview.query(type(index_body)) if b.display) == 1


async def test_each_view_switch_lays_the_screen_out_once(workspace: Path) -> None:
    """The preview's parts change height with the file shown, and the Graph view's tree is
    shown again: neither asks for a second full-screen layout (and its paint) at once."""
    app = open_app(many(workspace, 20), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        for key in "2345":  # each built once
            await switch(pilot, app, key)
        await switch(pilot, app, "1")
        await all_built(pilot, app)  # (a view built ahead is laid out once, hidden)
        await pilot.pause(0.5)
        layouts: list[str] = []
        app.screen.screen_layout_refresh_signal.subscribe(
            app, lambda screen: layouts.append(app.query_one(TabbedContent).active),
            immediate=True)
        preview = app.query_one(MemoryPreview)
        seen: dict[str, int] = {}
        for key, pid in (("2", "files"), ("5", "graph"), ("3", "orphans"), ("5", "graph"),
                         ("2", "files")):
            layouts.clear()
            await switch(pilot, app, key)
            await pilot.pause(0.4)  # anything the switch left for later too
            seen[f"{key} {pid} {preview.path}"] = len(layouts)
        assert set(seen.values()) == {1}, seen


async def test_a_tables_rows_outlast_a_focus_change_not_a_new_theme(workspace: Path) -> None:
    """A switch moves the focus out of a table and back in: the rows it drew are kept (a
    focus change restyles no row); a theme draws them again in its colours."""
    app = open_app(many(workspace, 20), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        table = app.query_one("#files-view", AuditTable).table
        await wait_for(pilot, lambda: table.row_count > 10)
        await pilot.pause(0.3)
        y = 3 + table.cursor_row - round(table.scroll_y)  # two under the cursor's row
        drawn = table.render_line(y)
        assert drawn.text.strip()  # a memory's row
        await switch(pilot, app, "3")
        await switch(pilot, app, "2")
        await pilot.pause(0.3)
        assert table.render_line(y) is drawn
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause(0.3)
        again = table.render_line(y)
        assert again is not drawn and again.text == drawn.text
        assert [s.style for s in again] != [s.style for s in drawn]


async def test_a_switch_to_trend_shows_its_commit_in_its_first_layout(tmp_path: Path) -> None:
    """The Trend view's commit is in the preview when the switch is first laid out (it
    came a frame later: two more layouts), and shown once (not again on its announce)."""
    repo = two_commits(tmp_path)
    app = MemtuiApp(open_workspace(repo), AuditOptions(), watch=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "8")
        view: Any = app.query_one("#trend-view")
        await wait_for(pilot, lambda: len(view.points) == 2, timeout=30)
        await switch(pilot, app, "1")
        await all_built(pilot, app)  # (the views laid out ahead meanwhile: not the key's)
        await pilot.pause(0.4)
        preview = app.query_one(MemoryPreview)
        seen: list[str] = []

        def laid_out(screen: object) -> None:
            if app.query_one(TabbedContent).active == "trend":
                seen.append(title(preview))

        app.screen.screen_layout_refresh_signal.subscribe(app, laid_out, immediate=True)
        await switch(pilot, app, "8")
        await pilot.pause(0.4)
        assert seen and seen[0].startswith("commit ")
        assert len(seen) <= 2, seen  # one layout (a second if the scrollbar goes)
