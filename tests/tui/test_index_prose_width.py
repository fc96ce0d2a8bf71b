"""newuser26 #5: on a prose index (OpenClaw's MEMORY.md: no link, no hook on any line) the
Index view cut every line's text to ~14 cells while the empty Targets and Hook columns kept
~40; they now give their width to the text. An index with entries keeps both."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.views.index import IndexView
from tests.core.helpers import make_ws
from tests.tui.test_app import started, switch

KEYS = [c.key for c in IndexView.COLUMNS]


async def test_a_prose_index_gives_the_empty_columns_width_to_the_text(tmp_path: Path) -> None:
    ws = tmp_path / ".openclaw" / "workspace"
    prose = "".join(f"- **Profil {n} :** une longue phrase de notes sur le projet {n}\n"
                    for n in range(30))
    make_ws(ws, {"AGENTS.md": "# AGENTS.md\n", "MEMORY.md": "# MEMORY.md\n\n" + prose,
                 "memory/2026-07-20.md": "# 2026-07-20\n\nMet Ann.\n"})
    app = open_app(ws, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        view = app.query_one(IndexView)
        widths = dict(zip(KEYS, view.column_widths(view.size.width), strict=True))
        assert widths["targets"] == widths["hook"] == 0, widths
        assert widths["title"] >= 40, widths  # was 14
        row = next(r for r in view.shown if r.key == "L3")
        assert "une longue phrase de notes" in row.cells[KEYS.index("title")].plain


async def test_an_index_with_entries_keeps_targets_and_hook(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        widths = dict(zip(KEYS, app.query_one(IndexView).column_widths(
            app.query_one(IndexView).size.width), strict=True))
        assert widths["targets"] > 0 and widths["hook"] > 0, widths
