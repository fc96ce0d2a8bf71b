"""newuser30 #13: at 80 columns the header's counts line dropped the demo's "2 broken links"
(errors) and "1 dangling" behind "…" while it kept "index 27 entries". The index's size
gives way first now; the counts of something after it stay."""

from __future__ import annotations

from pathlib import Path

from memtui.demo import demo_copy
from memtui.tui.app import open_app
from memtui.tui.widgets.health_header import HealthHeader
from tests.tui.test_app import started


async def test_at_80_columns_the_broken_links_stay_in_the_header(tmp_path: Path) -> None:
    ws = demo_copy(tmp_path)
    app = open_app(ws, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        text = HealthHeader.render_text(app.result, app.palette, width=78)
        counts = text.plain.splitlines()[1]
        assert "2 broken links" in counts, counts
        assert "8 orphans" in counts and "1 credential" in counts, counts
        wide = HealthHeader.render_text(app.result, app.palette, width=200).plain
        assert "index 27 entries" in wide.splitlines()[1]
