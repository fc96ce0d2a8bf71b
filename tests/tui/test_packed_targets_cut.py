"""A packed index line's Targets cell, too wide for its column, shows the whole targets
that fit and how many more (``chamber-a-seasoning.md +5``), never the list cut in the
middle into what reads as one file (newuser26 #3: the demo's line 36 of six memories read
``chamber-…aining.md``, chamber-a-seasoning.md and operator-training.md glued). One path
still loses its middle, its distinct end kept."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from memtui.demo import demo_copy
from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from memtui.tui.widgets.cell_cut import ListText, list_cut
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


def items(*names: str) -> ListText:
    cell = ListText()
    for name in names:
        cell.add(name, style="green")
    return cell


def test_a_list_keeps_whole_items_and_counts_the_rest() -> None:
    six = items("chamber-a-seasoning.md", "chamber-b.md", "pm-schedule.md", "rf-match.md",
                "spares.md", "operator-training.md")
    assert list_cut(six, 200).plain == six.plain
    assert list_cut(six, 19).plain == "chamber…oning.md +5"  # the first alone is too wide
    assert list_cut(six, 25).plain == "chamber-a-seasoning.md +5"
    assert list_cut(six, 40).plain == "chamber-a-seasoning.md chamber-b.md +4"
    assert list_cut(six, 6).plain == "+6"
    cut = list_cut(six, 25)
    assert cut.spans and cut.spans[0].style == "green"  # the targets' colours stay
    one = items("superseded/cpk-target-2025.md")
    # (the file name whole when it fits: newuser40 #23)
    assert list_cut(one, 20).plain == "s…cpk-target-2025.md"
    for width in range(1, 60):
        assert Text.assemble(list_cut(six, width)).cell_len <= max(width, 2), width


async def test_the_demo_packed_line_names_real_files(tmp_path: Path) -> None:
    root = demo_copy(tmp_path / "demo")
    app = open_app(root, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        view = app.active_view
        assert isinstance(view, AuditTable)
        table = view.table
        await pilot.press("G")
        await wait_for(pilot, lambda: table.cursor_row == table.row_count - 1)
        await pilot.pause()
        packed = next(r for r in view.rows if r.data.kind == "packed")
        texts = [table.render_line(y).text for y in range(table.size.height)]
        line = next(t for t in texts if t.split()[:2] == [packed.key[1:], "packed"])
        shown = [w for w in line.split() if w.endswith(".md")]
        assert shown, line
        names = {p.name for p in (root / "memory").rglob("*.md")}
        for word in shown:  # a whole file name, or one cut in the middle
            head, _, tail = word.partition("…")
            assert [n for n in names if n == word or (tail and n.startswith(head)
                    and n.endswith(tail))], (word, line)
        assert f"+{len(packed.about) - 1 - len(shown)}" in line, line
