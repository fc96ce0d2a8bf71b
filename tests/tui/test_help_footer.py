"""newuser40 #16: the help screen at 80×24 had an empty last line; how to close it was the
last sentence after ~80 lines. Its footer says it, as every other screen's does."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.dialogs.help import HelpScreen
from memtui.tui.widgets.fitting_footer import FittingFooter
from tests.tui.conftest import wait_for
from tests.tui.test_app import started


async def test_the_help_says_on_its_last_line_how_to_close_it(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        footer = app.screen.query_one(FittingFooter)
        shown = {k.key: k.description for k in footer.shown if k.x >= 0}
        assert shown.get("escape") == "Close", shown
        assert footer.region.y == 23  # the screen's last line
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, HelpScreen))
