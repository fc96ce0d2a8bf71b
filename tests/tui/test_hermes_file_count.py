"""newuser34 #14: a Hermes store folder (MEMORY.md and USER.md) — the app said "audited 1
memory file" and its Files view "1 memory file", while ``memtui audit`` counts both stores
(docs/formats.md, Hermes: "Memory files counts both stores"). One count everywhere; the
Files view says where the store MEMORY.md is shown."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


async def test_the_app_counts_both_hermes_stores(tmp_path: Path) -> None:
    ws = tmp_path / "memories"
    ws.mkdir()
    (ws / "MEMORY.md").write_text("alpha fact one\n§\nbeta fact two\n", encoding="utf-8")
    (ws / "USER.md").write_text("Name: Ola\n", encoding="utf-8")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(140, 40)) as pilot:
        await started(pilot, app)
        assert app.result is not None and app.result.profile == "hermes"
        await wait_for(pilot, lambda: app.notice.startswith("audited "))
        assert app.notice.startswith("audited 2 memory files"), app.notice
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        assert str(files.summary(app.result, app.palette)).startswith(
            "2 memory files — MEMORY.md is a store")
