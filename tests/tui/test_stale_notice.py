"""A notice is about the action that caused it: it leaves the status line when the
operator moves on (the next key or click), or after ``NOTICE_SECONDS`` (issue 20, 13)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

import memtui.tui.app as app_module
from memtui.tui.app import MemtuiApp, open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import dialog
from tests.tui.test_app import keys, started, switch
from tests.tui.test_keys_dialogs import to_row


def shown(app: MemtuiApp) -> str:
    return str(app.query_one("#notice", Static).content)


async def test_a_blocked_undo_notice_goes_with_the_next_key(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "3", "#orphans-view", "memory/lonely.md")
        await pilot.press("a")
        await dialog(pilot, app, AddToIndexScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.notice.endswith("(u to undo #1)"))
        index = workspace / "MEMORY.md"
        # the agent wrote since, memtui's own line too (else undo takes back that line
        # alone: newuser39 #3)
        index.write_text(index.read_text().replace("lonely.md)", "lonely.md) (agent)")
                         + "- agent's line\n")
        await pilot.press("u")
        blocked = "cannot undo #1 (add-to-index): MEMORY.md changed since"
        # (the refusal then names the way out: newuser31 #18)
        await wait_for(pilot, lambda: app.notice.startswith(blocked + "; to undo #1, put"))
        assert shown(app).startswith(blocked)
        await switch(pilot, app, "2")  # the operator moves on
        assert app.notice == "" and shown(app) == ""
        assert not app.query_one("#notice").has_class("-error")


async def test_a_notice_expires_on_its_own(workspace: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "NOTICE_SECONDS", 0.2)
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        orphans = await to_row(pilot, app, "3", "#orphans-view", "memory/lonely.md")
        assert keys(orphans)[0] == "memory/lonely.md"
        app.set_notice("something went wrong", error=True)
        assert shown(app) == "something went wrong"
        await pilot.pause(0.4)
        assert app.notice == "" and shown(app) == ""
        assert not app.query_one("#notice").has_class("-on")
