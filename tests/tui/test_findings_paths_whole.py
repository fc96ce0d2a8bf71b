"""newuser32 #22: at 200×50 the Findings view cut every path and kind (``memory/cha…story.md:10``,
``Instruction-lik…``) while its Message column had room: Kind and Where stayed at 16 and 22
cells. They widen to their widest cell from what the Message has beyond 50 cells."""

from __future__ import annotations

import shutil
from pathlib import Path

from rich.text import Text

import memtui.demo
from memtui.tui.app import open_app
from memtui.tui.views.findings import MESSAGE_KEEPS, FindingsView
from tests.tui.test_app import started, switch


async def test_paths_and_kinds_whole_at_200x50(tmp_path: Path) -> None:
    demo = Path(memtui.demo.__file__).parent / "workspace"
    shutil.copytree(demo, tmp_path / "ws")
    app = open_app(tmp_path / "ws", watch=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "6")
        view = app.query_one("#findings-view", FindingsView)
        widths = view.column_widths(view.width_now())
        cells = [(r.cells[0], r.cells[2]) for r in view.rows]
        kind = max(len(k.plain) for k, _ in cells if isinstance(k, Text))
        where = max(len(w.plain) for _, w in cells if isinstance(w, Text))
        assert any(w.plain == "memory/chamber-a-history.md:10" for _, w in cells
                   if isinstance(w, Text))
        assert (widths[0], widths[2]) == (kind, where), (widths, kind, where)
        assert widths[3] >= MESSAGE_KEEPS
