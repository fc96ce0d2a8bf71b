"""newuser40 #13: the Findings view's Kind column read ``Contradicting m…`` even at 120
columns: it widened only from what the Message had beyond 50 cells. The kind names the
finding, so it widens on while the Message keeps ``KIND_LEAVES`` cells."""

from __future__ import annotations

import shutil
from pathlib import Path

from rich.text import Text

import memtui.demo
from memtui.tui.app import open_app
from memtui.tui.views.findings import KIND_LEAVES, FindingsView
from tests.tui.test_app import started, switch


async def test_kinds_whole_at_120_columns(tmp_path: Path) -> None:
    demo = Path(memtui.demo.__file__).parent / "workspace"
    shutil.copytree(demo, tmp_path / "ws")
    app = open_app(tmp_path / "ws", watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "6")
        view = app.query_one("#findings-view", FindingsView)
        widths = view.column_widths(view.width_now())
        kind = max(len(r.cells[0].plain) for r in view.rows if isinstance(r.cells[0], Text))
        assert kind > 16  # a kind the column's 16 cells would cut
        assert widths[0] >= len("Contradicting memories"), (widths, kind)
        assert widths[3] >= KIND_LEAVES  # the Message keeps a readable width
