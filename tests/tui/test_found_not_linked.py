"""A file the agent reaches its own way, not by the index, is not said to be "linked from
the index" (newuser26 #6: every OpenClaw daily note, found by memory_search, read
"linked" in the Files view and "linked from the index" in the preview while the header
said the index has 0 entries). The Files view says "found", the preview the profile's way
("found by memory_search"); a note MEMORY.md does link stays "linked"."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.edit.test_agent_ops import openclaw
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


def reach_cells(view: AuditTable) -> dict[str, str]:
    return {row.key: (row.cells() if callable(row.cells) else row.cells)[0].plain
            for row in view.rows}


async def test_openclaw_notes_are_found_not_linked(tmp_path: Path) -> None:
    root = openclaw(tmp_path)
    app = open_app(root, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None and app.result.profile == "openclaw"
        await switch(pilot, app, "2")
        view = app.active_view
        assert isinstance(view, AuditTable)
        cells = reach_cells(view)
        assert cells["memory/nas.md"] == "linked"  # MEMORY.md links it
        assert cells["memory/2026-07-20.md"] == "found"
        assert cells["memory/projects.md"] == "found"
        assert app.result.reach("memory/2026-07-20.md") == "found by memory_search"
        assert app.result.reach("memory/nas.md") == "linked from the index"
        row = [r.key for r in view.rows].index("memory/2026-07-20.md")
        view.table.move_cursor(row)
        title = app.query_one("#preview-title", Static)
        await wait_for(pilot, lambda: "2026-07-20.md" in str(title.content))
        assert str(title.content).endswith("  found by memory_search"), title.content


async def test_a_claude_code_index_link_is_still_linked(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        view = app.active_view
        assert isinstance(view, AuditTable)
        cells = reach_cells(view)
        assert cells["memory/user-role.md"] == "linked"
        assert cells["memory/lonely.md"] == "unreachable"
