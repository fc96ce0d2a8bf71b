"""newuser33 #13: under the hermes profile the Index view was line-based: every ``§``
separator a "prose" row, and the summary "57 lines · 0 with links (0 hot, 0 packed)" for a
store of 29 entries. It is one row per entry now, with its characters and share of the
store's limit, an exact repeat marked, and no link vocabulary."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.views.index import IndexView
from memtui.tui.widgets.audit_table import AuditTable
from tests.core.helpers import make_ws
from tests.tui.conftest import wait_for
from tests.tui.test_app import keys, started, switch


async def test_one_row_per_entry_with_its_share_of_the_limit(tmp_path: Path) -> None:
    folder = tmp_path / ".hermes" / "memories"
    entries = [f"User's project {i} uses Python 3.{i % 5 + 9} and deploys with Ansible."
               for i in range(4)]
    entries.insert(2, entries[0])  # an exact copy, on line 5
    make_ws(folder, {"MEMORY.md": "\n§\n".join(entries) + "\n",
                     "USER.md": "Prefers short answers.\n"})
    app = open_app(folder, watch=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        view = app.query_one("#index-view", AuditTable)
        await wait_for(pilot, lambda: view.table.row_count == 5)
        assert keys(view) == ["L1", "L3", "L5", "L7", "L9"]  # no row for a § line
        cells = [[str(getattr(c, "plain", c)) for c in row.cells] for row in view.rows]
        assert [c[1] for c in cells] == ["entry", "entry", "repeat", "entry", "entry"]
        chars = len(entries[1])
        assert cells[1][3] == str(chars)
        assert cells[1][6] == f"{chars / 2200:.1%} of 2,200"
        assert cells[2][6] == "not counted"  # Hermes drops the copy at load
        summary = str(app.query_one(IndexView).summary(app.result, app.palette))
        assert summary.startswith("5 entries (1 repeated) separated by § · ")
        assert "with links" not in summary and "hot" not in summary
        labels = [t.plain for t in view._labels()]
        assert "Share of limit" in labels and "Entry" in labels
