"""A count is never cut (newuser24 #11, #30): the number columns of the Files and Index
views are as wide as their widest value, the text column giving way — "112,…" for a
112,519-token memory, "400…" for every line past 9,999 told nothing."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for

from .test_app import started, switch

BIG = "yield lot wafer 12345 " * 6_000  # ~132,000 bytes: a count of five figures


def drawn(view: AuditTable) -> list[str]:
    table = view.table
    return ["".join(seg.text for seg in table.render_line(y))
            for y in range(table.size.height)]


async def test_files_view_shows_big_counts_whole(workspace: Path) -> None:
    (workspace / "memory" / "huge-line.md").write_text(
        f"---\nname: huge-line\ndescription: big\nmetadata:\n  type: project\n---\n{BIG}\n",
        encoding="utf-8")
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None
        tokenizer = app.result.block.tokenizer

        def counted() -> int | None:
            assert app.result is not None
            f = next(f for f in app.result.files if f.path == "memory/huge-line.md")
            return f.tokens.get(tokenizer)

        await wait_for(pilot, lambda: counted() is not None, timeout=30)
        await switch(pilot, app, "2")
        view = app.query_one("#files-view", AuditTable)
        await pilot.pause(0.1)
        f = next(f for f in app.result.files if f.path == "memory/huge-line.md")
        tokens = counted()
        assert tokens is not None and tokens >= 10_000 and f.bytes >= 100_000
        row = next(line for line in drawn(view) if "huge-line.md" in line)
        assert f"{tokens:,}" in row, row
        assert f"{f.bytes:,}" in row, row
        assert "…" not in row.replace("huge-line.md", ""), row


async def test_index_view_shows_five_digit_line_numbers_whole(workspace: Path) -> None:
    index = workspace / "MEMORY.md"
    index.write_text(index.read_text(encoding="utf-8")
                     + "".join(f"- prose line {i}\n" for i in range(10_050)), encoding="utf-8")
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        view = app.query_one("#index-view", AuditTable)
        await wait_for(pilot, lambda: view.table.row_count > 10_000)
        await pilot.press("G")
        await pilot.pause(0.1)
        last = len(index.read_text(encoding="utf-8").splitlines())
        rows = [line for line in drawn(view) if "prose line" in line]
        assert rows, drawn(view)
        assert any(line.split()[0] == str(last) for line in rows), rows[-3:]
        assert not any(line.split()[0].endswith("…") for line in rows), rows[-3:]
