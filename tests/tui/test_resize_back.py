"""A terminal made wider and then narrower again lays the panes out as a fresh start at
that width (newuser23 #2: back at 120 columns the preview kept its wide width, 64 columns,
and the views got 56, below their least width)."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import AuditOptions
from memtui.core.workspace import open_workspace
from memtui.tui.app import MemtuiApp
from memtui.tui.layout import VIEWS_MIN
from memtui.tui.widgets.preview import MemoryPreview
from tests.tui.test_app import started
from tests.tui.test_resize_cursor import indexed


async def widths(app: MemtuiApp) -> tuple[int, int]:
    return app.query_one("#views").size.width, app.query_one(MemoryPreview).size.width


async def test_wider_then_narrower_again_is_a_fresh_start(tmp_path: Path) -> None:
    root = indexed(tmp_path, 5)
    fresh = MemtuiApp(open_workspace(root), AuditOptions(), watch=False)
    async with fresh.run_test(size=(120, 40)) as pilot:
        await started(pilot, fresh)
        want = await widths(fresh)
    assert want[0] >= VIEWS_MIN
    app = MemtuiApp(open_workspace(root), AuditOptions(), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        assert await widths(app) == want
        for w, h in ((200, 50), (120, 40), (160, 50), (120, 40)):
            await pilot.resize_terminal(w, h)
            await pilot.pause(0.2)
        assert await widths(app) == want
