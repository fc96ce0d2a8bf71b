"""newuser27 #28: the Block view (7) had no search: ``/`` did nothing there, and the next
letters typed ran as commands (``t`` of "truncated" opened the theme picker). ``/`` opens a
search of the block's text: typing selects the first place that holds it, Enter the next,
Esc closes it."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static, TextArea

from memtui.tui.app import open_app
from tests.tui.conftest import wait_for
from tests.tui.test_app import switch


async def test_slash_searches_the_block_text(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "a.md").write_text("---\nname: a\ntype: user\n---\nA fact.\n",
                                          encoding="utf-8")
    lines = [f"Note {n}: kept." for n in range(80)]
    lines[50] = "Note 50: the block is Truncated here."
    lines[70] = "Note 70: truncated again."
    (root / "MEMORY.md").write_text("- [a](memory/a.md) — a\n" + "\n".join(lines) + "\n",
                                    encoding="utf-8")
    app = open_app(root, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready, timeout=120)
        await switch(pilot, app, "7")
        area = app.query_one("#block-text", TextArea)
        await wait_for(pilot, lambda: area.text != "")
        screens = len(app.screen_stack)
        await pilot.press("slash", *"truncated")
        await pilot.pause()
        assert len(app.screen_stack) == screens  # no theme picker: the letters were words
        assert app.query_one("#block-search", Input).value == "truncated"
        assert area.selection.start == (51, 22) and area.selected_text == "Truncated"
        assert "match 1 of 2" in str(app.query_one("#block-matches", Static).render())
        await pilot.press("enter")
        await pilot.pause()
        assert area.selection.start[0] == 71
        assert "match 2 of 2" in str(app.query_one("#block-matches", Static).render())
        await pilot.press("q")
