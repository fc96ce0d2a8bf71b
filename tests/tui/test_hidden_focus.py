"""A widget's restyle for the focus it loses while hidden, put off until it is shown again
(issue 32 item 17: a switch away from the Trend view restyled its table, hidden, for the
blur, and the switch back restyled it again for the focus, to the styles it had; the same
for the Graph view's tree)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Input, TabbedContent

from memtui.core.audit import AuditOptions
from memtui.core.workspace import open_workspace
from memtui.tui.app import MemtuiApp, open_app
from memtui.tui.views.graph import GraphTree
from memtui.tui.widgets.blank import ViewPane
from memtui.tui.widgets.list_table import ListTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch
from tests.tui.test_fleet_trend import two_commits
from tests.tui.test_switch_redraws import region_cells


def count_restyles(monkeypatch: pytest.MonkeyPatch, widget: Any) -> list[bool]:
    """The focus each restyle of ``widget`` (Textual's ``notify_style_update``) saw."""
    seen: list[bool] = []
    update = widget.notify_style_update

    def counted() -> None:
        seen.append(widget.has_focus)
        update()

    monkeypatch.setattr(widget, "notify_style_update", counted)
    return seen


async def test_a_switch_away_and_back_restyles_the_trend_table_not_at_all(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = MemtuiApp(open_workspace(two_commits(tmp_path)), AuditOptions(), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "8")
        view = app.query_one("#trend-view")
        await wait_for(pilot, lambda: len(view.points) == 2, timeout=30)
        table = view.query_one(ListTable)
        await pilot.pause(0.3)
        focused = region_cells(app, table)
        restyles = count_restyles(monkeypatch, table)
        for _ in range(2):
            await switch(pilot, app, "1")
            assert not table.has_focus
            await switch(pilot, app, "8")
            await wait_for(pilot, lambda: table.has_focus)
            await pilot.pause(0.2)
            assert region_cells(app, table) == focused  # as it was drawn with the focus
        assert restyles == []  # main: [False, True] each round trip


async def test_a_switch_away_and_back_restyles_the_graph_tree_not_at_all(
        workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "5")
        tree = app.query_one(GraphTree)
        await pilot.pause(0.3)
        focused = region_cells(app, tree)
        restyles = count_restyles(monkeypatch, tree)
        await switch(pilot, app, "6")
        await switch(pilot, app, "5")
        await pilot.pause(0.2)
        assert tree.has_focus and region_cells(app, tree) == focused
        assert restyles == []


class TwoPanes(App[None]):
    """A table in a view's pane, a field outside the panes to take the focus."""

    def compose(self) -> ComposeResult:
        yield Input()
        with TabbedContent():
            with ViewPane("one", id="one"):
                table = ListTable(cursor_type="row", zebra_stripes=True)
                table.add_columns("Date", "Commit")
                for i in range(20):
                    table.add_row(f"2026-12-{i + 1:02}", f"{i:07x}")
                yield table
            with ViewPane("two", id="two"):
                yield Input(id="other")


async def test_a_table_shown_again_without_the_focus_looks_blurred(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = TwoPanes()
    async with app.run_test(size=(60, 30)) as pilot:
        table = app.query_one(ListTable)
        field = app.query_one(Input)
        tabs = app.query_one(TabbedContent)
        table.move_cursor(row=2)
        field.focus()
        await pilot.pause(0.2)
        blurred = region_cells(app, table)
        table.focus()
        await pilot.pause(0.2)
        focused = region_cells(app, table)
        assert focused != blurred  # Textual's `DataTable:focus` rules
        restyles = count_restyles(monkeypatch, table)
        tabs.active = "two"  # hidden first, then the focus goes: put off
        await pilot.pause(0.1)
        field.focus()
        await pilot.pause(0.2)
        assert restyles == [] and not table.has_focus
        tabs.active = "one"  # shown without the focus: restyled before it is drawn
        await pilot.pause(0.2)
        assert restyles == [False]
        assert region_cells(app, table) == blurred
        table.focus()  # shown, focused: Textual's restyle
        await pilot.pause(0.2)
        assert restyles == [False, True] and region_cells(app, table) == focused


async def test_a_restyle_while_hidden_leaves_nothing_owed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = TwoPanes()
    async with app.run_test(size=(60, 30)) as pilot:
        table = app.query_one(ListTable)
        field = app.query_one(Input)
        tabs = app.query_one(TabbedContent)
        table.focus()
        await pilot.pause(0.2)
        focused = region_cells(app, table)
        tabs.active = "two"
        await pilot.pause(0.1)
        field.focus()
        await pilot.pause(0.2)
        restyles = count_restyles(monkeypatch, table)
        app.add_class("-other")  # a restyle of everything, the table blurred: its looks
        await pilot.pause(0.2)
        assert restyles == [False]
        table.focus()  # so the focus coming back restyles it again
        tabs.active = "one"
        await pilot.pause(0.3)
        assert restyles == [False, True] and region_cells(app, table) == focused
