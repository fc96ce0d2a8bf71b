"""newuser35 #6: after each write of memtui's own the header kept the old numbers for
seconds. Part of it: the write was audited twice — once as memtui asked (`own_write`), and
again when the watcher reported the same write — each audit rebuilding the rows, the views
and the preview. The watcher's report of a file memtui wrote, unchanged since, now audits
nothing; an outside write after it is audited as ever."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import header_text, keys, started, switch


async def test_a_write_of_memtuis_own_is_audited_once(workspace: Path) -> None:
    app = open_app(workspace, watch=True)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await wait_for(pilot, lambda: app.watching and "watching for changes" in app.notice)
        await switch(pilot, app, "3")
        orphans = app.query_one("#orphans-view", AuditTable)
        await wait_for(pilot, lambda: keys(orphans)[:1] == ["memory/lonely.md"])
        await pilot.pause(1.0)
        audits = app.audits
        await pilot.press("a")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "AddToIndexScreen")
        await pilot.click("#confirm")
        await wait_for(pilot, lambda: "1 orphan (0 unreachable)" in header_text(app))
        await pilot.pause(2.5)  # the watcher's report of the write has come and gone
        assert app.audits == audits + 1
        # an outside write after it: audited, as ever
        with (workspace / "MEMORY.md").open("a", encoding="utf-8") as out:
            out.write("- [Helper](memory/helper.md) — helper\n")
        await wait_for(pilot, lambda: "0 orphans" in header_text(app), timeout=15)
        assert app.audits == audits + 2
