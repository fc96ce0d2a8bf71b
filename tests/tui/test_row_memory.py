"""A table view of thousands of memories keeps no styled cells for its rows: each row's
cells are made when the table draws that row (issue 35: the app's peak at 10,000)."""

from __future__ import annotations

import tracemalloc
from pathlib import Path
from typing import ClassVar

from textual.app import App, ComposeResult

from memtui.core.audit import Auditor
from memtui.core.workspace import open_workspace
from memtui.tui.audit_worker import prepare_rows
from memtui.tui.palette import Palette
from memtui.tui.widgets.row_table import RowTable
from memtui.tui.widgets.table_rows import Row, RowCells

N = 400


def _workspace(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    lines = []
    for i in range(N):
        (root / "memory" / f"note-{i:04}.md").write_text(
            f"---\nname: note {i}\ndescription: the fact number {i}\nmetadata:\n"
            f"  type: project\n---\nFact {i}, see [[note-{(i + 1) % N:04}]].\n",
            encoding="utf-8")
        if i % 2:
            lines.append(f"- [note {i}](memory/note-{i:04}.md) — fact {i}\n")
    (root / "MEMORY.md").write_text("".join(lines), encoding="utf-8")
    return root


def test_the_files_and_index_rows_keep_no_cells(tmp_path: Path) -> None:
    result = Auditor(open_workspace(str(_workspace(tmp_path / "ws")))).run()
    palette = Palette()
    prepare_rows(result, palette)  # imports and first-use caches out of the count
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        rows = prepare_rows(result, palette, only={"files", "index"})
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    count = len(rows["files"]) + len(rows["index"])
    assert count == N + N // 2
    # Each kept its cells (9 or 7 styled Texts) at ~4,000 bytes a row; now its sort values,
    # filter text and how to make the cells.
    assert kept / count < 1_500, kept / count
    files = rows["files"][0]
    assert files.cells[-1].plain == "note-0000.md" and files.digest  # type: ignore[union-attr]


async def test_the_table_asks_only_the_rows_it_draws_for_their_cells() -> None:
    asked: set[int] = set()

    def cells(i: int) -> tuple[str, str]:
        asked.add(i)
        return (f"row {i}", "text")

    rows = [Row(str(i), lambda i=i: cells(i), sort=(i,)) for i in range(5_000)]
    asked.clear()  # each row made its cells once, for its digest and filter text

    class Table(App[None]):
        CSS: ClassVar[str] = "RowTable { height: 1fr; }"

        def compose(self) -> ComposeResult:
            yield RowTable()

    app = Table()
    async with app.run_test(size=(40, 12)) as pilot:
        table = app.query_one(RowTable)
        table.set_columns(["Name", "Text"], [10, 10])
        table.set_rows(RowCells(rows))
        await pilot.pause()
        assert table.row_count == 5_000
        assert asked and max(asked) < 20, sorted(asked)  # the screen's rows alone
        await pilot.press("end")
        await pilot.pause()
        assert 4_999 in asked and len(asked) < 40
