"""newuser42 #18: Devanagari broke the layout at 80 columns — the Hermes Index view's
"Share of limit" column moved right on every Hindi line and a dialog lost its right border.
Rich measured a spacing combining mark (``ा``, ``ि``: Unicode category ``Mc``) as zero cells;
a terminal (``wcwidth``: xterm, VTE, tmux) draws it in one. The app now measures as the
terminal draws (`memtui.tui.cells`)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from rich.cells import cell_len

from memtui.tui.app import open_app
from memtui.tui.widgets.row_table import RowTable
from tests.tui.test_app import started, switch

HINDI = "कल pagos का माइग्रेशन फिर से चलाना है।"


def drawn(text: str) -> int:
    """Cells as a terminal's ``wcwidth`` gives them: non-spacing and enclosing marks and
    format characters none, East Asian wide and full-width two, the rest one."""
    return sum(0 if unicodedata.category(c) in ("Mn", "Me", "Cf")
               else 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def test_a_spacing_mark_is_one_cell_as_drawn() -> None:
    import memtui.tui  # noqa: F401  (installs the measure)

    assert drawn(HINDI) == 34 and cell_len(HINDI) == drawn(HINDI)
    for text in ("खुला है", "கோப்பு", "ಕನ್ನಡ", "facturación", "한국어 메모", "e\u0301"):
        assert cell_len(text) == drawn(text), text


async def test_hindi_entries_keep_the_index_columns_at_80_columns(tmp_path: Path) -> None:
    from memtui.tui.views.index import IndexView

    folder = tmp_path / ".hermes" / "memories"
    folder.mkdir(parents=True)
    entries = ["facturación owns the invoice PDF rendering and the monthly tax export.",
               HINDI, "notificaciones की लॉग फ़ाइलें सात दिन तक रखी जाती हैं और फिर हटाई जाती हैं।",
               "The deploy runs at nine."]
    (folder / "MEMORY.md").write_text("\n§\n".join(entries) + "\n", encoding="utf-8")
    (folder / "USER.md").write_text("Name: Ana\n", encoding="utf-8")
    app = open_app(folder, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        await pilot.pause()
        table = app.query_one(IndexView).query_one(RowTable)
        lines = [table.render_line(y).text for y in range(table.size.height)]
        rows = [ln for ln in lines if "% of 2," in ln]
        assert len(rows) == 4, lines
        # the share column starts at one drawn column on every row, Hindi or not, and
        # every row is drawn as wide as the table
        starts = {drawn(r[:r.index("% of")]) for r in rows}
        assert len(starts) == 1, rows
        assert {drawn(r) for r in rows} == {table.size.width}, rows
