"""newuser31 #24: the header's "N never loaded" counted index lines; past a fold, one
packed line links several memories, and "73 never loaded" understated the 80 memories the
agent never loads. The header now says both when they differ, and its compact form counts
the memories."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import AuditOptions
from memtui.tui.app import open_app
from memtui.tui.widgets.health_header import never_loaded
from tests.tui.test_app import header_text, started

INDEX = ("# Memory\n\n- [User role](memory/user-role.md) — role\n"
         "- Cold: [a](memory/a.md) · [b](memory/b.md) · [helper](memory/helper.md)\n")


async def test_a_packed_line_past_the_limit_counts_its_memories(workspace: Path) -> None:
    (workspace / "MEMORY.md").write_text(INDEX, encoding="utf-8")
    app = open_app(workspace, watch=False,
                   options=AuditOptions(profile="claude-code", max_lines=3))
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        assert "1 line (3 memories) never loaded" in header_text(app)
        _full, compact = never_loaded(app.result, "")
        assert compact is not None and compact.plain == "3 memories never loaded"
