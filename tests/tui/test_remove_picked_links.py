"""newuser31 #6: ``X`` in the Broken view with several rows picked removed only the first
picked link, and dropped the other picks without a word. Every picked broken link is now
offered in one diff, written as one operation and undone as one."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import dialog, messages
from tests.tui.test_app import started, switch
from tests.tui.test_keys_dialogs import OLD_LINK, with_memory_link


async def test_x_removes_every_picked_broken_link_in_one_undoable_step(
        workspace: Path) -> None:
    with_memory_link(workspace)
    index_before = (workspace / "MEMORY.md").read_bytes()
    role_before = (workspace / "memory" / "user-role.md").read_bytes()
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "4")
        broken = app.query_one("#broken-view", AuditTable)
        await wait_for(pilot, lambda: broken.table.row_count == 2)
        await pilot.press("g", "space", "space")
        await wait_for(pilot, lambda: len(broken.table.picks) == 2)
        await pilot.press("X")
        screen = await dialog(pilot, app, ConfirmScreen)
        shown = "\n".join(screen.lines)
        assert "memory/gone.md" in shown and "old-notes.md" in shown, shown
        assert "memory/gone.md" in screen.diff and "old-notes.md" in screen.diff
        assert screen.focused is not None and screen.focused.id == "cancel"
        audits = app.audits
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        assert "memory/gone.md" not in (workspace / "MEMORY.md").read_text()
        role = (workspace / "memory" / "user-role.md").read_text()
        assert "Older notes: old notes." in role and OLD_LINK not in role
        await wait_for(pilot, lambda: broken.table.row_count == 0)
        await pilot.press("u")  # one undo puts both back
        await dialog(pilot, app, ConfirmScreen)
        audits = app.audits
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
        assert (workspace / "MEMORY.md").read_bytes() == index_before
        assert (workspace / "memory" / "user-role.md").read_bytes() == role_before


async def test_e_with_picks_of_several_targets_says_it_takes_one(workspace: Path) -> None:
    """newuser31 #6 addendum: ``e`` with two picked rows repointed the first one's target
    and ignored the second without a word; it now says it takes one target."""
    with_memory_link(workspace)
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "4")
        broken = app.query_one("#broken-view", AuditTable)
        await wait_for(pilot, lambda: broken.table.row_count == 2)
        await pilot.press("g", "space", "space")
        await wait_for(pilot, lambda: len(broken.table.picks) == 2)
        await pilot.press("e")
        await wait_for(pilot, lambda: any("one target: 2 are picked" in m
                                          for m in messages(app)))
        assert len(app.screen_stack) == 1
