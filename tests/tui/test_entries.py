"""One definition of "entries" (an index line linking one memory, loaded or not): the
header, the text report and JSON ``index.entries`` say the same number, and lines past the
claude-code load limit are named, not added."""

from __future__ import annotations

import json
from pathlib import Path

from memtui.core.audit import AuditOptions
from memtui.core.reporting.json_report import to_json
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


async def test_at_120_columns_the_binding_byte_limit_is_on_screen(tmp_path: Path) -> None:
    """#20 item 11: 110/200 lines and past 25 KB; at 120 columns the header showed a full
    bar beside the lines and cut off the bytes, the limit that binds."""
    from tests.core.helpers import memory

    from .test_widths import screen_text

    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    hook = "where the numbers of this line come from and who to ask " * 4
    (root / "MEMORY.md").write_text("".join(f"- [Fact {i}](memory/f{i}.md) — {hook}\n"
                                            for i in range(110)), encoding="utf-8")
    for i in range(110):
        (root / "memory" / f"f{i}.md").write_text(memory(f"f{i}", f"Fact {i}."),
                                                  encoding="utf-8")
    size = (root / "MEMORY.md").stat().st_size
    assert size > 25_000
    app = open_app(root, watch=False, options=AuditOptions(profile="claude-code"))
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await pilot.pause(0.2)
        shown = screen_text(app)
        assert f"{size:,}/25,000 B" in shown, shown[:600]
