"""newuser26 #24: after a filter left the cursor's row out, the cursor stayed at its index
(clamped: the last match) on a row the table did not show, and keys acted on it ("delete
memory/m8899.md" while the table showed m88.md at its top). It goes to the first match,
in view; a row the filter keeps keeps the cursor."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import switch


def many(root: Path, n: int) -> Path:
    (root / "memory").mkdir(parents=True)
    lines = []
    for i in range(n):
        (root / "memory" / f"m{i}.md").write_text(
            f"---\nname: m{i}\ndescription: d{i}\ntype: user\n---\nb{i}\n", encoding="utf-8")
        lines.append(f"- [m{i}](memory/m{i}.md) — d{i}")
    (root / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


async def test_a_filter_that_leaves_the_cursor_row_out_moves_it_to_the_first_match(
        tmp_path: Path) -> None:
    app = open_app(many(tmp_path / "ws", 150), watch=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready, timeout=90)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        table = files.table
        table.move_cursor(80)
        await pilot.pause(0.3)
        before = files.current_row()
        assert before is not None and not before.key.startswith("memory/m1")
        await pilot.press("/", "m", "1", "enter")
        await wait_for(pilot, lambda: table.row_count < 150)
        await pilot.pause(0.3)
        assert table.cursor_row == 0
        top = int(table.scroll_y)
        assert top <= table.cursor_row < top + table.visible_rows
        first = files.current_row()
        assert first is not None and first.key == files.shown[0].key
        # a row the filter keeps keeps the cursor
        table.move_cursor(5)
        await pilot.pause(0.3)
        kept = files.current_row()
        assert kept is not None
        await pilot.press("/", "end", "backspace", "enter")  # "m": every row matches
        await wait_for(pilot, lambda: table.row_count == 150)
        await pilot.pause(0.3)
        now = files.current_row()
        assert now is not None and now.key == kept.key
        top = int(table.scroll_y)
        assert top <= table.cursor_row < top + table.visible_rows
