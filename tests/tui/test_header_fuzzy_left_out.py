"""A header count line too long for the width says when it leaves the fuzzy-wikilink count
out (newuser23 #44: at 120 columns a demo with 300 more memories ended "1 dangling [[ ]]",
reading as no fuzzy wikilink, where 160 columns showed "1 dangling · 1 fuzzy [[ ]]"; here
at 128 columns, where the line is as long: 112 before the header named the demo's credential,
newuser27 #35)."""

from __future__ import annotations

from pathlib import Path

from memtui.demo import demo_copy
from memtui.tui.app import open_app
from tests.core.helpers import memory
from tests.tui.test_app import started
from tests.tui.test_widths import screen_text


async def test_the_fuzzy_count_left_out_is_marked(tmp_path: Path) -> None:
    root = demo_copy(tmp_path / "bulk")
    for i in range(1, 301):
        (root / "memory" / f"n{i}.md").write_text(memory(f"n{i}"), encoding="utf-8")
    for size in ((160, 40), (128, 40)):
        app = open_app(root, watch=False)
        async with app.run_test(size=size) as pilot:
            await started(pilot, app)
            assert app.result is not None
            assert sum(w.state == "fuzzy" for w in app.result.wikirefs) == 1
            counts = screen_text(app).splitlines()[1].rstrip()  # as drawn
            assert "fuzzy" in counts or counts.endswith("…"), (size, counts)
            if size == (128, 40):
                assert "dangling" in counts, counts  # the count that fits stays
