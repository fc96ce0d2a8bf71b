"""The ● changed marker lights only the rows whose content changed, not every row after a
change to MEMORY.md."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable

from .conftest import INDEX, wait_for
from .test_app import started


async def test_only_the_changed_index_lines_are_marked(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        index = app.query_one("#index-view", AuditTable)
        assert not index.marked
        text = INDEX.replace("where yield numbers come from", "where yield comes from")
        text = text.replace("# Memory\n", "# Memory\n\nRead me first.\n")
        (workspace / "MEMORY.md").write_text(text, encoding="utf-8")
        done = app.audits
        app.start_audit({"MEMORY.md"})
        await wait_for(pilot, lambda: app.audits > done)
        await pilot.pause(0.1)
        lines = {f"L{n}": t for n, t in enumerate(text.splitlines(), start=1)}
        marked = {lines[k] for k in index.marked}
        assert marked == {"Read me first.",
                          "- [Yield source](memory/yield-source.md) — where yield comes from"}
