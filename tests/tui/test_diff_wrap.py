"""In a confirmation diff a long line's continuation rows stay under its text, with its
colour, never at column 0 where they read as unchanged lines (newuser22 #23)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.dialogs.curate_screen import ask
from tests.tui.test_app import started

LONG = "- Cold: " + " · ".join(f"[Memory {i}](memory/m{i}.md) — a hook {i}" for i in range(8))
DIFF = f"--- a/MEMORY.md\n+++ b/MEMORY.md\n@@ -1,2 +1,2 @@\n context\n-old line\n+{LONG}\n"


async def test_a_wrapped_diff_line_keeps_its_marker_column_and_colour(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(80, 40)) as pilot:
        await started(pilot, app)
        app.run_worker(ask(app, ConfirmScreen("Fold?", ["planned"], diff=DIFF)))
        await pilot.pause(0.5)
        assert isinstance(app.screen, ConfirmScreen)
        diff = app.screen.query_one("#diff", Static)
        rows = diff.render_lines(diff.region.reset_offset)
        texts = ["".join(seg.text for seg in row).rstrip() for row in rows]
        start = next(i for i, t in enumerate(texts) if t.startswith("+ - Cold:"))
        continued = [t for t in texts[start + 1:] if t.strip()]
        assert len(continued) >= 2, texts  # it wraps
        for i, text in enumerate(continued):
            # its marker, continued (newuser37 #30: a blank gutter read as a context line)
            assert text.startswith("+↪") and not text.startswith("+↪ "), text
            row = rows[start + 1 + i]
            colours = {seg.style.color for seg in row if seg.text.strip() and seg.style}
            head = {seg.style.color for seg in rows[start] if seg.text.strip() and seg.style}
            assert colours and colours <= head, (text, colours, head)


async def test_a_wrapped_removed_line_reads_as_removed_without_colour(workspace: Path) -> None:
    """newuser37 #30: a wrapped ``-`` line continued on a row starting with a space, like a
    context line; only colour told them apart."""
    removed = "-" + LONG
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(80, 40)) as pilot:
        await started(pilot, app)
        diff_text = f"--- a/MEMORY.md\n+++ b/MEMORY.md\n@@ -1,2 +1,1 @@\n context\n{removed}\n"
        app.run_worker(ask(app, ConfirmScreen("Archive?", ["planned"], diff=diff_text)))
        await pilot.pause(0.5)
        assert isinstance(app.screen, ConfirmScreen)
        diff = app.screen.query_one("#diff", Static)
        rows = diff.render_lines(diff.region.reset_offset)
        texts = ["".join(seg.text for seg in row).rstrip() for row in rows]
        start = next(i for i, t in enumerate(texts) if t.startswith("- - Cold:"))
        assert texts[start - 1].startswith("  context")
        rest = [t for t in texts[start + 1:] if t.strip()]
        assert rest and all(t.startswith("-↪") for t in rest), texts
