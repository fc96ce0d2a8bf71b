"""newuser26 #31: a MEMORY.md of one 5 MB line froze the app (``q`` not taken for over a
minute): Textual's text area wraps every line it holds, whole, at its load, its first size
and its scrollbar. The Block view holds at most ``LINE_SHOWN`` characters of a line and
says how many more there are."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import TextArea

from memtui.tui.app import open_app
from memtui.tui.views.block import LINE_SHOWN, cut_long_lines
from tests.tui.conftest import wait_for
from tests.tui.test_app import switch

WORDS = 60_000  # 300,000 characters on one line


async def test_a_huge_line_is_shown_cut_with_what_is_left_out_said(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "a.md").write_text("---\nname: a\ntype: user\n---\nA fact.\n",
                                          encoding="utf-8")
    line = "- " + "word " * WORDS
    (root / "MEMORY.md").write_text(line + "\n[a](memory/a.md)\n", encoding="utf-8")
    app = open_app(root, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready, timeout=120)
        await switch(pilot, app, "7")
        area = app.query_one("#block-text", TextArea)
        await wait_for(pilot, lambda: area.text != "")
        first = area.document.get_line(0)
        assert first.startswith(line[:LINE_SHOWN])
        more = len(line) - LINE_SHOWN
        assert first.endswith(f"… [{more:,} more characters of this line not shown here: "
                              "it is in the file whole]")
        assert area.document.get_line(1) == "[a](memory/a.md)"  # the next line whole
        await pilot.press("q")


def test_short_lines_are_left_alone() -> None:
    text = "a\n" + "b" * LINE_SHOWN + "\nc"
    assert cut_long_lines(text) == text
