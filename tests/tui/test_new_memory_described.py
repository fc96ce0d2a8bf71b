"""``n`` does not write a memory its own audit flags at once without a word (newuser23 #9:
Create with the description left empty wrote ``description: ""``, a frontmatter finding,
and the template's empty Why / How to apply lines went unsaid)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from memtui.edit.memory_ops import NO_DESCRIPTION
from memtui.tui.app import open_app
from memtui.tui.dialogs.new_memory import NewMemoryScreen
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


async def test_create_needs_a_description_and_says_the_empty_labels(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewMemoryScreen))
        screen = app.screen
        assert isinstance(screen, NewMemoryScreen)
        await wait_for(pilot, lambda: isinstance(screen.focused, Input))
        await pilot.press(*"night-shift-notes", "enter")
        await pilot.pause(0.3)
        # not created: the form says why, the focus in the description
        assert app.screen is screen
        assert not (workspace / "memory" / "night-shift-notes.md").exists()
        problem = screen.query_one("#description-problem")
        assert problem.display and str(problem.content) == NO_DESCRIPTION
        assert screen.focused is screen.query_one("#description", Input)
        await pilot.press(*"notes from the night shift")
        await pilot.pause(0.1)
        assert not problem.display  # a description typed: the line goes
        await pilot.press("enter")
        await wait_for(pilot, lambda: (workspace / "memory" / "night-shift-notes.md").exists())
        await wait_for(pilot, lambda: "night-shift-notes" in app.notice)
        text = (workspace / "memory" / "night-shift-notes.md").read_text(encoding="utf-8")
        assert 'description: "notes from the night shift"' in text
        assert "its **Why:** and **How to apply:** lines are still empty" in app.notice, \
            app.notice
