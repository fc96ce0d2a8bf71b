"""The app's add-to-index form drafts no credential into its Hook field (newuser32 #38
addendum: the field showed a flagged GitHub token in clear, Enter wrote it into MEMORY.md)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from memtui.tui.app import open_app
from memtui.tui.dialogs.add_to_index import AddToIndexScreen
from tests.edit.test_hook_no_credential import TOKEN, leaky
from tests.tui.test_acting_on_selection import dialog
from tests.tui.test_app import started
from tests.tui.test_keys_dialogs import to_row


async def test_the_add_form_drafts_no_credential(workspace: Path) -> None:
    app = open_app(leaky(workspace), watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await to_row(pilot, app, "3", "#orphans-view", "memory/ci.md")
        await pilot.press("a")
        screen = await dialog(pilot, app, AddToIndexScreen)
        values = [w.value for w in screen.query(Input)]
        assert not any(TOKEN[:8] in v for v in values), values
        assert "holds a credential" in str(screen.clashes.get("memory/ci.md")), screen.clashes
