"""What a first use would build or import on the screen's thread is made ahead while the
app is idle (issue 32 item 17): the views not shown yet (their rows and first lines drawn,
the Trend view's history not read), the modules a first key imports (in a thread), and the
New memory form, made once and shown again cleared."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from textual.widgets import Checkbox, DataTable, Input, Select, TabPane, TextArea

import memtui.tui.audit_worker as worker
from memtui.edit import memory_ops
from memtui.tui.app import open_app
from memtui.tui.dialogs.new_memory import NewMemoryScreen
from memtui.tui.views.trend import TrendView
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import dialog
from tests.tui.test_app import started, switch
from tests.tui.test_fleet_trend import two_commits


def built(app: Any) -> list[str]:
    return [str(p.id) for p in app.query(TabPane) if p.children]


async def all_built(pilot: Any, app: Any) -> None:
    """Wait until every view is built (ahead, while idle, or shown) and laid out: a test
    counting what a key does (layouts, sorts, plot builds) then counts that key's work
    alone."""
    await wait_for(pilot, lambda: len(built(app)) == 8 and app.ahead_done)
    await pilot.pause(0.2)


async def test_views_are_built_while_idle_and_a_first_switch_builds_nothing(
        tmp_path: Path) -> None:
    app = open_app(two_commits(tmp_path), watch=False)  # (a history: the Trend focuses)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: len(built(app)) == 8)
        assert not app.query_one("#files", TabPane).display  # built, never shown
        files = app.query_one("#files-view", AuditTable)
        # its rows are in, and the lines its first frame shows drawn
        assert sorted(r.key for r in files.shown) == sorted(app.result.scans)
        assert files.table._strips  # (RowTable's own cache of drawn rows)
        trend = app.query_one("#trend-view", TrendView)
        assert trend.head is None and not trend.computing  # its history waits for a show
        kept = {pid: app.query_one(f"#{pid}-view") for pid in ("files", "graph", "trend")}
        await switch(pilot, app, "2")
        await switch(pilot, app, "5")
        await switch(pilot, app, "8")
        await wait_for(pilot, lambda: trend.head is not None)  # read once shown
        for pid, view in kept.items():
            assert app.query_one(f"#{pid}-view") is view  # the same, not built again


async def test_the_trend_plot_is_built_once_for_its_points_and_commit(
        tmp_path: Path, monkeypatch: Any) -> None:
    from textual_plotext.plot import Plot

    app = open_app(two_commits(tmp_path), watch=False)
    points_at_build: list[int] = []
    build = Plot.build

    def counted(self: Plot) -> str:
        points_at_build.append(len(app.query_one("#trend-view", TrendView).points))
        return build(self)

    monkeypatch.setattr(Plot, "build", counted)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await all_built(pilot, app)
        await switch(pilot, app, "8")
        trend = app.query_one("#trend-view", TrendView)
        await wait_for(pilot, lambda: len(trend.points) == 2)
        await wait_for(pilot, lambda: bool(points_at_build))
        # no empty plot built first (it was drawn over as soon as the history was read)
        assert set(points_at_build) == {2}, points_at_build
        plot = trend.query_one("PlotextPlot")
        refreshed: list[int] = []
        monkeypatch.setattr(plot, "refresh", lambda *a, **k: refreshed.append(1))
        at = trend.query_one(DataTable).cursor_row
        trend._plot(at)  # the same points and commit: not built again
        assert not refreshed
        trend._plot(1 - at)  # another commit: drawn again
        assert refreshed


async def test_nothing_is_built_ahead_while_a_dialog_is_up(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app.views_ready)
        await pilot.press("question_mark")  # up before the first audit is complete
        await wait_for(pilot, lambda: app.audits >= 1)
        await pilot.pause(0.3)
        assert built(app) == ["index"]
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(built(app)) == 8)


async def test_first_use_imports_are_made_in_a_thread_after_the_first_audit(
        workspace: Path, monkeypatch: Any) -> None:
    seen: list[tuple[str, bool, int]] = []
    real = worker.importlib.import_module
    app = open_app(workspace, watch=False)

    def import_module(name: str, package: str | None = None) -> Any:
        seen.append((name, threading.current_thread() is threading.main_thread(),
                     app.audits))
        return real(name, package)

    monkeypatch.setattr(worker.importlib, "import_module", import_module)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: {n for n, _, _ in seen} >= set(worker.IDLE_IMPORTS))
    ahead = [(on_main, audits) for name, on_main, audits in seen
             if name in worker.IDLE_IMPORTS]
    assert ahead and all(not on_main and audits >= 1 for on_main, audits in ahead)
    assert "textual_plotext" in worker.IDLE_IMPORTS and "memtui.tui.curate" in \
        worker.IDLE_IMPORTS


async def test_the_new_memory_form_is_made_once_and_shown_again_cleared(
        workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await pilot.press("n")
        first = await dialog(pilot, app, NewMemoryScreen)
        await pilot.press(*"Night Shift")
        first.query_one("#description", Input).value = "typed"
        first.query_one("#type", Select).value = "feedback"
        first.query_one("#body", TextArea).text = "a body"
        first.query_one("#index", Checkbox).value = False
        first.set_focus(first.query_one("#body", TextArea))
        await pilot.pause()
        assert "not a slug" in str(first.query_one("#problem").render())
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)
        await pilot.press("n")
        again = await dialog(pilot, app, NewMemoryScreen)
        assert again is first  # not composed again
        assert again.query_one("#name", Input).value == ""
        assert app.focused is again.query_one("#name", Input)
        assert again.query_one("#description", Input).value == ""
        assert again.query_one("#type", Select).value == "project"
        area = again.query_one("#body", TextArea)
        assert area.text == memory_ops.template_body("project")
        assert again.query_one("#index", Checkbox).value is True
        assert str(again.query_one("#problem").render()) == ""
        again.set_focus(area)
        await pilot.press("ctrl+z")  # what was typed before cannot come back
        await pilot.pause()
        assert area.text == memory_ops.template_body("project")
        again.set_focus(again.query_one("#name", Input))
        await pilot.pause()
        await pilot.press(*"night-shift")
        await pilot.pause()
        assert again.query_one("#name", Input).value == "night-shift"
        assert "night-shift" in str(again.query_one("#file").render())
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)


async def test_the_new_memory_forms_widget_css_is_parsed_ahead(workspace: Path) -> None:
    """Once the views are built ahead, the first ``n`` parses no widget class's default CSS
    (main: Label, Select and its parts, the checkbox's and the buttons'); only the dialog
    screens' own, which come with the screen. Nothing is left mounted for it."""
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await all_built(pilot, app)
        assert not app.screen.query(Select) and not app.screen.query(Checkbox)
        before = set(app.stylesheet.source)
        await pilot.press("n")
        await dialog(pilot, app, NewMemoryScreen)
        added = {name for _, name in set(app.stylesheet.source) - before}
        assert added <= {"NewMemoryScreen.DEFAULT_CSS", "CurateScreen.DEFAULT_CSS",
                         "ModalScreen.DEFAULT_CSS"}, added


async def test_the_new_memory_form_shown_again_is_laid_out_once(workspace: Path) -> None:
    """Each field says its value when shown (an Input's change): the same empty problem and
    file lines are not set again, each a layout of the screen of its own (main: two)."""
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await pilot.press("n")
        form = await dialog(pilot, app, NewMemoryScreen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)
        await pilot.pause(0.3)
        layouts: list[int] = []
        form.screen_layout_refresh_signal.subscribe(app, lambda _: layouts.append(1),
                                                    immediate=True)
        await pilot.press("n")
        assert await dialog(pilot, app, NewMemoryScreen) is form
        await pilot.pause(0.5)
        assert len(layouts) == 1
        assert not form.query_one("#problem").display and not form.query_one("#file").display
        await pilot.press(*"Bad Name")
        await pilot.pause()
        assert form.query_one("#problem").display  # said when it changes


async def test_nothing_is_made_ahead_past_the_bound(workspace: Path, monkeypatch: Any) -> None:
    import memtui.tui.build_ahead as ahead

    monkeypatch.setattr(ahead, "AHEAD_MAX_FILES", 3)  # the workspace has 6 memories
    imported: list[str] = []
    real = worker.importlib.import_module
    monkeypatch.setattr(worker.importlib, "import_module",
                        lambda name, package=None: imported.append(name) or real(name, package))
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await pilot.pause(1.5)
        assert built(app) == ["index"]
        assert not set(imported) & set(worker.IDLE_IMPORTS)
        await switch(pilot, app, "2")  # built when shown, as before
        assert built(app) == ["index", "files"]
