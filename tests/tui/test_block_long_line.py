"""newuser25 #40: a MEMORY.md of one long line (links packed on it) is divided into its
wrapped rows once for the Block view's first screen, not once for each row drawn and again
for where the cursor's line starts (on main: ~2 divisions of the whole line a row, ~6 s of
CPU for a 1 MB line's first screen); its rows are the line's text, in order."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import TextArea

from memtui.tui.app import open_app
from tests.tui.conftest import wait_for
from tests.tui.test_app import switch

LINKS = 2_000


@pytest.fixture
def long_line(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "a.md").write_text("---\nname: a\ntype: user\n---\nA fact.\n",
                                          encoding="utf-8")
    links = " ".join(f"[m{i}](memory/{'a' if i % 10 == 0 else f'g{i}'}.md)"
                     for i in range(LINKS))
    (root / "MEMORY.md").write_text(links + "\n", encoding="utf-8")
    return root


async def test_the_first_screen_of_a_long_line_divides_it_once(
        long_line: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    line = (long_line / "MEMORY.md").read_text(encoding="utf-8").rstrip("\n")
    divisions: list[int] = []
    divide = Text.divide

    def counted(text: Text, offsets: Any) -> Any:
        if len(text) >= len(line):
            divisions.append(1)
        return divide(text, offsets)

    app = open_app(long_line, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready, timeout=120)
        monkeypatch.setattr(Text, "divide", counted)
        await switch(pilot, app, "7")
        area = app.query_one("#block-text", TextArea)
        await wait_for(pilot, lambda: area.text != "")
        await pilot.pause(0.3)
        rows = area.scrollable_content_region.height
        assert rows > 20 and area.has_focus
        # main: 2 a row drawn (each row, and where its cursor line starts): ~70
        assert len(divisions) <= 8, len(divisions)
        drawn = [area.render_line(y).text[area.gutter_width:].rstrip() for y in range(rows)]
        assert drawn[0].lstrip().startswith("[m0](memory/a.md) [m1](memory/g1.md)")
        shown = "".join(drawn)
        assert shown.replace(" ", "") == line[:len(shown) * 2].replace(" ", "")[
            :len(shown.replace(" ", ""))]
