"""newuser39 #5: with a live agent, a refused write's notice was replaced within ~2 s by the
agent's change notice ("feedback_topic_173.md changed"), and nothing read it back. An
operation's outcome stays while it shows (the change notice waits behind it), and the
Notices dialog (palette) lists both, newest first."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.dialogs.new_memory import NewMemoryScreen
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


async def test_a_curation_outcome_outlives_the_agents_change_notice(workspace: Path) -> None:
    app = open_app(workspace, watch=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: "watching for changes" in app.notice)
        await switch(pilot, app, "2")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewMemoryScreen))
        screen = app.screen
        await wait_for(pilot, lambda: isinstance(screen.focused, Input))
        await pilot.press(*"night-shift")
        screen.query_one("#description", Input).value = "the night shift"
        await pilot.press("enter")
        await wait_for(pilot, lambda: "created memory/night-shift.md" in app.notice)
        outcome = app.notice
        audits = app.audits
        # the agent writes another memory
        lonely = workspace / "memory" / "lonely.md"
        lonely.write_text(lonely.read_text(encoding="utf-8") + "More.\n", encoding="utf-8")
        await wait_for(pilot, lambda: app.audits > audits and (
            "lonely.md" in app.notice  # (replaced: as it was)
            or any("lonely.md" in text for _, text, _ in getattr(app, "notices", ()))), 20)
        await pilot.pause(0.3)
        assert app.notice == outcome, app.notice
        said = [text for _, text, _ in reversed(app.notices)]
        assert "lonely.md" in said[0] and said[1] == outcome, said
        await app.run_action("show_notices")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen)
                       and app.screen.heading == "Notices")
