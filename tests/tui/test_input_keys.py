"""Keys while an input has focus: letters go into it, Esc (and Enter in the filter) lead back
to the view (where Esc clears the filter), and the footer says so."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, TabbedContent

from memtui.tui.app import MemtuiApp, open_app
from memtui.tui.views.base import FilteredView
from memtui.tui.widgets.fitting_footer import FittingFooter
from memtui.tui.widgets.preview import MemoryPreview
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch
from tests.tui.test_narrow_layout import chat_app, open_chat


def footer_keys(app: MemtuiApp) -> dict[str, str]:
    """The keys the footer shows (and that fit): key → description."""
    footer = app.query_one(FittingFooter)
    return {k.key: k.description for k in footer.shown
            if k.x >= 0 and k.x + k.width <= footer.size.width}


def body_has_focus(app: MemtuiApp) -> bool:
    view = app.active_view
    return isinstance(view, FilteredView) and app.focused is view.body


async def focus_filter(pilot: object, app: MemtuiApp) -> Input:
    await pilot.press("slash")  # type: ignore[attr-defined]
    await wait_for(pilot, lambda: isinstance(app.focused, Input)  # type: ignore[arg-type]
                   and app.focused.has_class("filter"))
    await pilot.pause(0.1)  # type: ignore[attr-defined]  (the footer recomposes)
    return app.focused  # type: ignore[return-value]


async def test_escape_and_enter_leave_the_filter_with_the_footer_saying_so(
        workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        for key in "25":  # a table (Files) and a tree (Graph)
            await switch(pilot, app, key)
            view = app.active_view
            assert isinstance(view, FilteredView)
            assert "escape" not in footer_keys(app)
            box = await focus_filter(pilot, app)
            assert footer_keys(app)["escape"] == "Back to view"
            await pilot.press(*"role", "escape")
            await wait_for(pilot, lambda: body_has_focus(app))
            assert view.filter_text == "role" and box.value == "role"  # the filter stays
            await pilot.pause(0.1)
            assert footer_keys(app)["escape"] == "Clear filter"  # Esc again clears it
            await focus_filter(pilot, app)
            await pilot.press("end", "backspace", "enter")  # (focus selects it all)
            await wait_for(pilot, lambda: body_has_focus(app))
            assert view.filter_text == "rol"


async def test_app_keys_typed_into_the_filter_stay_in_the_filter(workspace: Path) -> None:
    app = chat_app(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        box = await focus_filter(pilot, app)
        await pilot.press("question_mark", "c", "3", "p", "t", "s", "q")
        await pilot.pause(0.1)
        assert box.value == "?c3ptsq" and app.focused is box
        assert len(app.screen_stack) == 1  # no help, no theme picker
        assert app.query_one(TabbedContent).active == "files"
        assert not app.query_one("#chat-slot").display
        assert app.query_one(MemoryPreview).display
        assert app.is_running


async def test_escape_in_the_chat_input_goes_back_to_the_view(workspace: Path) -> None:
    app = chat_app(workspace)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "3")
        await open_chat(pilot, app)
        box = app.query_one("#chat-input", Input)
        await pilot.press(*"hello 1?")
        assert box.value == "hello 1?"
        await pilot.pause(0.1)
        assert footer_keys(app)["escape"] == "Back to view"  # no reply to cancel
        await pilot.press("escape")
        await wait_for(pilot, lambda: body_has_focus(app))
        assert app.query_one(TabbedContent).active == "orphans"
        assert app.query_one("#chat-slot").display and box.value == "hello 1?"
        await pilot.press("C")  # from the view, C closes the chat (c would focus it) ...
        await wait_for(pilot, lambda: not app.query_one("#chat-slot").display)
        await open_chat(pilot, app)  # ... and opens it again, focused, text kept
        assert box.value == "hello 1?"


async def test_help_and_dialogs_still_close_with_escape(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: len(app.screen_stack) == 2)
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)
        await pilot.press("n")  # the new-memory dialog, its name input focused
        await wait_for(pilot, lambda: len(app.screen_stack) == 2
                       and isinstance(app.focused, Input))
        await pilot.press("escape")
        await wait_for(pilot, lambda: len(app.screen_stack) == 1)
        await wait_for(pilot, lambda: body_has_focus(app))
