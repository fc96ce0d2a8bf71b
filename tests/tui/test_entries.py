"""One definition of "entries" (an index line linking one memory, loaded or not): the
header, the text report and JSON ``index.entries`` say the same number, and lines past the
claude-code load limit are named, not added."""

from __future__ import annotations

import json
from pathlib import Path

from memtui.core.audit import AuditOptions
from memtui.core.report import to_json
from memtui.tui.app import open_app
from tests.test_cli_audit import memtui

from .test_app import header_text, started


async def test_header_text_and_json_count_entries_alike(workspace: Path) -> None:
    app = open_app(workspace, watch=False,
                   options=AuditOptions(profile="claude-code", max_lines=4))
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        n = to_json(app.result)["index"]["entries"]
        assert n == 3
        assert "index 3 entries (1 packed, 1 past the load limit)" in header_text(app)
    doc = json.loads(memtui("audit", str(workspace), "--json").stdout)
    assert doc["index"]["entries"] == 3
    text = memtui("audit", str(workspace)).stdout
    assert "3 entries (" in text


async def test_the_load_limit_that_binds_comes_first(workspace: Path) -> None:
    app = open_app(workspace, watch=False,
                   options=AuditOptions(profile="claude-code", max_lines=200, max_bytes=300))
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        size = (workspace / "MEMORY.md").stat().st_size
        assert f" {size:,}/300 B · 6/200 lines" in header_text(app)
