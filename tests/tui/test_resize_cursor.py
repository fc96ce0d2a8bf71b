"""After a resize the cursor row stays in view (a smaller terminal used to leave it
below the table's last visible row)."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import AuditOptions
from memtui.core.workspace import open_workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.widgets.row_table import RowTable
from tests.core.helpers import memory
from tests.tui.test_app import started
from tests.tui.test_built_ahead import all_built


def in_view(table: RowTable) -> bool:
    top = int(table.scroll_y)
    return top <= table.cursor_row < top + table.visible_rows


def indexed(tmp_path: Path, n: int) -> Path:
    """A workspace of ``n`` memories, each on a line of its index."""
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("".join(f"- [F{i:02}](memory/f{i:02}.md) — hook {i}\n"
                                            for i in range(n)), encoding="utf-8")
    for i in range(n):
        (root / "memory" / f"f{i:02}.md").write_text(memory(f"f{i:02}", f"Fact {i}."),
                                                     encoding="utf-8")
    return root


async def test_cursor_row_stays_in_view_after_a_resize(tmp_path: Path) -> None:
    app = MemtuiApp(open_workspace(indexed(tmp_path, 80)), AuditOptions(), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        table = app.active_view.query_one(RowTable)
        table.focus()
        await pilot.press("G")  # the last row, at the bottom of a tall table
        await pilot.pause()
        assert table.cursor_row == table.row_count - 1 and in_view(table)
        await pilot.resize_terminal(120, 16)
        await pilot.pause(0.2)
        assert in_view(table)
        table.move_cursor(table.row_count // 2)
        await pilot.resize_terminal(120, 40)
        await pilot.pause(0.2)
        await pilot.resize_terminal(100, 14)
        await pilot.pause(0.2)
        assert in_view(table)


async def test_a_resize_redraws_without_sorting_again(tmp_path: Path, monkeypatch) -> None:
    """New widths redraw the table's lines; the rows, their filter and order are the same,
    so they are not sorted again (issue 35: 10,000 rows sorted on the screen's thread when
    a table's scroll bar appeared, inside the counting freeze)."""
    from memtui.tui.widgets import table_rows

    app = MemtuiApp(open_workspace(indexed(tmp_path, 30)), AuditOptions(), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await all_built(pilot, app)  # (the views built ahead sort their own rows)
        view = app.active_view
        table = view.query_one(RowTable)
        order, widths = list(view.shown), list(table.widths)
        sorted_keys = []
        real = table_rows.Row.sort_key
        monkeypatch.setattr(table_rows.Row, "sort_key",
                            lambda self, col: sorted_keys.append(col) or real(self, col))
        await pilot.resize_terminal(90, 40)
        await pilot.pause(0.2)
        assert table.widths != widths
        assert view.shown == order and not sorted_keys
        assert table.render_line(1).cell_length <= 90
