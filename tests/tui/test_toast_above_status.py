"""newuser42 #19: at 80×24 a toast (after `o`: "opened at its top: line 4 is passed only to
an editor known to take one …") covered the status line saying the edit landed. Toasts now
stand above the status line and the footer, however many lines the notice wraps to."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from memtui.tui.app import open_app
from memtui.tui.widgets.fitting_footer import FittingFooter
from tests.core.helpers import memory
from tests.tui.test_app import started


async def test_a_toast_leaves_the_status_line_and_footer_seen(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "a.md").write_text(memory("a", "Body.\n"), encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text("- [A](memory/a.md) — a\n", encoding="utf-8")
    app = open_app(tmp_path, watch=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await started(pilot, app)
        for said in ("memory_summary.md: edited in $EDITOR (+1 −1 lines); u undoes it",
                     "memory_summary.md: edited in $EDITOR (+1 −1 lines) — " * 3):
            app.set_notice(said)
            app.notify("opened at its top: line 4 is passed only to an editor known to take "
                       "one (vi, nano, emacs, VS Code…; docs/app.md)", timeout=30)
            for _ in range(4):
                await pilot.pause()
            notice = app.query_one("#notice", Static)
            footer = app.query_one(FittingFooter)
            toasts = [t for t in app.screen.query("Toast") if t.region.area]
            assert toasts
            for toast in toasts:
                for status in (notice, footer):
                    assert not toast.region.overlaps(status.region), (
                        said, toast.region, status.region)
            app.clear_notifications()
