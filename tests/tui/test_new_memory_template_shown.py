"""newuser39 #9: ``n`` at 80×24 — the Body editor showed one row, hiding its prefilled empty
"**Why:**" / "**How to apply:**" lines; the Why and How typed above them left the file with
a second, empty pair. The editor comes into view whole (its template visible), and a label
the body already holds with words after it is not appended again empty."""

from __future__ import annotations

from pathlib import Path

from textual.containers import VerticalScroll
from textual.widgets import Input, TextArea

from memtui.tui.app import open_app
from memtui.tui.dialogs.new_memory import NewMemoryScreen
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


async def test_the_template_is_in_sight_and_never_doubled(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewMemoryScreen))
        screen = app.screen
        await wait_for(pilot, lambda: isinstance(screen.focused, Input))
        await pilot.press(*"release-freeze", "tab", "tab", *"the release freeze", "tab")
        body = screen.query_one("#body", TextArea)
        await wait_for(pilot, lambda: screen.focused is body)
        await pilot.pause(0.2)
        form = screen.query_one(VerticalScroll)
        shown, area = form.content_region, body.region
        # every line of the template in sight: the editor whole inside the form's view
        assert shown.y <= area.y and area.bottom <= shown.bottom, (shown, area)
        assert body.size.height >= 3, body.size
        await pilot.press(*"Freeze from 2026-12-15 to 2027-01-05.", "enter",
                          *"**Why:** holidays.", "enter", *"**How to apply:** no deploys.")
        await pilot.press("tab", "enter")
        made = workspace / "memory" / "release-freeze.md"
        await wait_for(pilot, lambda: made.exists())
        text = made.read_text(encoding="utf-8")
        assert text.count("**Why:**") == 1 and text.count("**How to apply:**") == 1, text
        assert "**Why:** holidays." in text and "**How to apply:** no deploys." in text
