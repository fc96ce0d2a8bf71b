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


async def test_a_changed_index_line_lights_no_finding_about_another(workspace: Path) -> None:
    """Every finding about MEMORY.md was lit by any change to it; a hook reworded (no line
    moves) changes no finding's row, so none is marked."""
    from .test_app import switch

    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "6")
        findings = app.query_one("#findings-view", AuditTable)
        assert any("MEMORY.md" in r.touches for r in findings.rows)  # some are about it
        text = INDEX.replace("where yield numbers come from", "where yield comes from")
        (workspace / "MEMORY.md").write_text(text, encoding="utf-8")
        done = app.audits
        app.start_audit({"MEMORY.md"})
        await wait_for(pilot, lambda: app.audits > done)
        await pilot.pause(0.1)
        assert findings.marked == set()
