"""newuser34 #18: the app's preview of a Hermes store drew its §-separated entries as one
markdown paragraph ("Project A deploys … § Project B deploys … § …"), unreadable; each
entry is now a block of its own, parted by a rule, line for line with the file — MEMORY.md
(the Index view's file) and USER.md (the Files view's) alike."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from memtui.tui.widgets.preview import MemoryPreview
from tests.core.helpers import make_ws
from tests.tui.conftest import wait_for
from tests.tui.test_app import keys, started, switch

STORE = ("Project A deploys on Fridays from the staging runner.\n§\n"
         "Project B deploys on Mondays after the review.\n§\n"
         "Project C has no deploy window.\n")
USER = "Prefers short answers.\n§\nWorks in Berlin, CET.\n"


async def test_a_store_preview_shows_each_entry_apart(tmp_path: Path) -> None:
    folder = tmp_path / ".hermes" / "memories"
    make_ws(folder, {"MEMORY.md": STORE, "USER.md": USER})
    app = open_app(folder, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        preview = app.query_one(MemoryPreview)
        preview.request("MEMORY.md", now=True)
        await wait_for(pilot, lambda: preview.path == "MEMORY.md"
                       and "Project C" in preview.body.source)
        await pilot.pause(0.3)
        blocks = preview.body.blocks
        assert [b.tokens[0].type for b in blocks] == [
            "paragraph_open", "hr", "paragraph_open", "hr", "paragraph_open"]
        # each block starts on its line of the file (a jump or the search finds it)
        assert [b.source_range[0] for b in blocks] == [0, 1, 2, 3, 4]
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: "USER.md" in keys(files))
        files.table.move_cursor(row=keys(files).index("USER.md"))
        await wait_for(pilot, lambda: preview.path == "USER.md"
                       and "Berlin" in preview.body.source)
        await pilot.pause(0.3)
        assert [b.tokens[0].type for b in preview.body.blocks] == [
            "paragraph_open", "hr", "paragraph_open"]
