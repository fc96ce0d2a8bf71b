"""The layout at 80×24 and 160×50, with and without the chat pane: nothing overlaps, the views
keep a usable number of rows, the chat keeps its input and some transcript."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Footer, Input

from memtui.agent.settings import AgentSettings
from memtui.tui.app import MemtuiApp, open_app
from memtui.tui.widgets.fitting_footer import FittingFooter
from memtui.tui.widgets.health_header import HealthHeader
from memtui.tui.widgets.preview import MemoryPreview
from tests.agent.fake_ollama import FakeOllama, chatter
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch

#: nothing listens here, so the chat pane shows its "not running" banner and stays idle
OFFLINE = AgentSettings(model="qwen3:14b", host="http://127.0.0.1:9", num_ctx=8192)


def chat_app(workspace: Path) -> MemtuiApp:
    return open_app(workspace, watch=False, settings=OFFLINE)


def body_rows(app: MemtuiApp) -> int:
    """Lines of content the active view's main widget shows (a table's header excluded)."""
    widget = app._view_widget(app.active_view.id.removesuffix("-view"))  # type: ignore[union-attr]
    height = widget.size.height
    return height - 1 if type(widget).__name__ == "RowTable" else height


def shown_regions(app: MemtuiApp) -> dict[str, Region]:
    """The screen regions of the app's top-level parts that are on screen."""
    parts: dict[str, Widget] = {
        "header": app.query_one(HealthHeader), "views": app.query_one("#views"),
        "preview": app.query_one(MemoryPreview), "chat": app.query_one("#chat-slot"),
        "notice": app.query_one("#notice"), "footer": app.query_one(Footer)}
    return {name: w.region for name, w in parts.items() if w.display and w.region}


def assert_no_overlap(app: MemtuiApp) -> None:
    regions = shown_regions(app)
    screen = Region(0, 0, *app.size)
    for name, region in regions.items():
        assert screen.contains_region(region), (name, region)
    for (a, ra), (b, rb) in combinations(regions.items(), 2):
        assert not ra.overlaps(rb), (a, ra, b, rb)


async def open_chat(pilot: object, app: MemtuiApp) -> None:
    await pilot.press("c")  # type: ignore[attr-defined]
    await wait_for(pilot, lambda: isinstance(app.focused, Input)  # type: ignore[arg-type]
                   and app.focused.id == "chat-input")
    await pilot.pause(0.1)  # type: ignore[attr-defined]


async def test_at_80x24_the_chat_replaces_the_preview_and_every_view_keeps_rows(
        workspace: Path) -> None:
    app = chat_app(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        preview = app.query_one(MemoryPreview)
        assert preview.display
        assert body_rows(app) >= 5
        await open_chat(pilot, app)
        assert not preview.display  # the chat took its place
        await pilot.press("escape")  # back to the table, the chat stays open
        chat_input = app.query_one("#chat-input", Input)
        log = app.query_one("#chat-log", VerticalScroll)
        for key in "1234567":
            await switch(pilot, app, key)
            await pilot.pause(0.05)
            assert body_rows(app) >= 5, key
            assert chat_input.region.height == 1
            assert Region(0, 0, 80, 24).contains_region(chat_input.region)
            assert log.region.height >= 2, key
            assert_no_overlap(app)
            await pilot.press("C")  # closed: the preview is back under the view
            await pilot.pause(0.05)
            assert preview.display and not app.query_one("#chat-slot").display
            assert body_rows(app) >= 5, key
            assert_no_overlap(app)
            await open_chat(pilot, app)
            await pilot.press("escape")


async def test_at_80x24_p_and_jumps_bring_the_preview_back_in_place_of_the_chat(
        workspace: Path) -> None:
    app = chat_app(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await open_chat(pilot, app)
        slot = app.query_one("#chat-slot")
        preview = app.query_one(MemoryPreview)
        await pilot.press("escape")  # out of the chat input, back to the table
        await pilot.press("p")
        await pilot.pause(0.05)
        assert preview.display and not slot.display
        await pilot.press("c")
        await wait_for(pilot, lambda: slot.display and not preview.display)
        await pilot.press("escape")
        await switch(pilot, app, "6")
        await pilot.press("enter")  # jump to a finding: shown in the preview
        await wait_for(pilot, lambda: preview.display and preview.path is not None)
        assert not slot.display
        assert_no_overlap(app)


async def test_at_180x50_chat_preview_and_views_sit_side_by_side(workspace: Path) -> None:
    app = chat_app(workspace)
    async with app.run_test(size=(180, 50)) as pilot:
        await started(pilot, app)
        await open_chat(pilot, app)
        await pilot.press("escape")
        preview = app.query_one(MemoryPreview)
        assert preview.display
        for key in "1234567":
            await switch(pilot, app, key)
            await pilot.pause(0.05)
            assert body_rows(app) >= 30, key
            assert_no_overlap(app)
        views, chat = app.query_one("#views").region, app.query_one("#chat-slot").region
        assert preview.region.x >= views.right and chat.x >= preview.region.right
        assert views.width >= 84 and chat.width >= 56  # the views keep their promise
        assert app.query_one("#chat-input", Input).region.bottom <= chat.bottom


async def test_the_80_column_footer_shows_whole_keys_that_do_not_overlap(
        workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        for key in "1257":
            await switch(pilot, app, key)
            await pilot.pause(0.2)
            footer = app.query_one(FittingFooter)
            shown = footer.shown
            regions = [Region(k.x, 0, k.width, 1) for k in shown]
            assert all(footer.region.reset_offset.contains_region(r) for r in regions), key
            for a, b in combinations(regions, 2):
                assert not a.overlaps(b), (key, a, b)
            assert {"question_mark", "q", "ctrl+p"} <= {k.key for k in shown}, key


@pytest.mark.parametrize("width", [120, 160])
async def test_from_120_columns_the_chat_takes_the_preview_s_place(
        workspace: Path, width: int) -> None:
    """Issue 20, item 18: the open chat leaves the views at least 84 columns while a view
    has the focus: it sits where the preview sat, as wide; p brings the preview back
    there, c the chat. Issue 32, item 20: while the chat has the focus it takes all but 56
    columns (a tool call's arguments fit on a line)."""
    app = chat_app(workspace)
    async with app.run_test(size=(width, 40)) as pilot:
        await started(pilot, app)
        preview = app.query_one(MemoryPreview)
        before = preview.region
        await open_chat(pilot, app)
        slot = app.query_one("#chat-slot")
        await wait_for(pilot, lambda: slot.region.width == width - 56)
        assert not preview.display
        assert_no_overlap(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: slot.region.width == before.width)
        views = app.query_one("#views").region
        assert views.width >= 84, views
        assert slot.region.x == before.x
        assert_no_overlap(app)
        await pilot.press("p")
        await wait_for(pilot, lambda: preview.display and not slot.display)
        assert preview.region == before
        await pilot.press("c")
        await wait_for(pilot, lambda: slot.display and not preview.display)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.query_one("#views").region.width >= 84)


async def test_at_80x24_the_chat_log_gets_a_usable_height(workspace: Path) -> None:
    """Issue 20, item 18: while the chat has the focus it gets two thirds of the rows
    (the views keep three table rows); back in a view, the views get theirs again."""
    server = FakeOllama().start()
    try:
        server.add(chatter("talk"))
        app = open_app(workspace, watch=False,
                       settings=AgentSettings(model="talk", host=server.url))
        async with app.run_test(size=(80, 24)) as pilot:
            await started(pilot, app)
            await open_chat(pilot, app)
            log = app.query_one("#chat-log", VerticalScroll)
            await pilot.pause(0.2)
            assert log.region.height >= 8, log.region
            assert body_rows(app) >= 3
            assert_no_overlap(app)
            await pilot.press("escape")  # the view has the focus: it gets its rows back
            await pilot.pause(0.1)
            assert body_rows(app) >= 5
            assert log.region.height >= 2
            assert_no_overlap(app)
    finally:
        server.stop()
