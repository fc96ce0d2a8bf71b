"""A status-line notice longer than the terminal is wide wraps instead of being cut at
the width (newuser22 #3: "… links rewritten in 1 file (u to" — the undo hint, the most
useful part, fell off); a short one stays one line."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from memtui.tui.app import open_app
from tests.tui.test_app import started

LONG = ("#5 redact is not undone: the credential was not kept (memtui never stores a "
        "secret), so memory/vendor-contacts.md stays redacted; the next undo takes #4 "
        "(rename memory/tool-matching.md) (u to undo #4)")


def lines(notice: Static) -> list[str]:
    strips = notice.render_lines(notice.region.reset_offset)
    return ["".join(seg.text for seg in strip).strip() for strip in strips]


async def test_a_long_notice_wraps_and_keeps_its_end(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        notice = app.query_one("#notice", Static)
        app.set_notice(LONG)
        await pilot.pause(0.1)
        assert notice.region.height == 2
        shown = " ".join(lines(notice))
        assert shown.endswith("(u to undo #4)"), shown
        app.set_notice("short")
        await pilot.pause(0.1)
        assert notice.region.height == 1
