"""On a grouped row of the Findings view (``Orphans (8 files)``) the preview lists the files
the row gathers (newuser23 #21: it kept showing the file of the row before, whichever side
the cursor came from); o and y, which act on one file, still have none there."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from textual.widgets import Static

from memtui.core.workspace import open_workspace
from memtui.demo import demo_copy
from memtui.tui.app import MemtuiApp
from memtui.tui.views.findings import FindingsView
from memtui.tui.widgets.preview import MemoryPreview
from tests.tui.conftest import wait_for
from tests.tui.test_app import keys, started, switch


def _text(widget: Static) -> str:
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(widget.content)
    return console.export_text()


async def test_the_preview_lists_a_grouped_row_s_files(tmp_path: Path) -> None:
    app = MemtuiApp(open_workspace(demo_copy(tmp_path / "demo")), watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "6")
        view = app.query_one(FindingsView)
        await wait_for(pilot, lambda: any(k.startswith("group:orphan") for k in keys(view)))
        at = next(i for i, k in enumerate(keys(view)) if k.startswith("group:orphan"))
        group = view.shown[at].data
        preview = app.query_one(MemoryPreview)
        for before in (at - 1, at + 1):  # coming from above, and from below
            view.table.move_cursor(before)
            await wait_for(pilot, lambda b=before: preview.path == view.shown[b].path)
            view.table.move_cursor(at)
            await wait_for(pilot, lambda: preview.path == view.shown[at].path, timeout=5)
            title = _text(preview.query_one("#preview-title", Static))
            meta = _text(preview.query_one("#preview-meta", Static))
            assert "Orphans" in title and f"{len(group.files)} files" in title, title
            assert all(rel in meta for rel in group.files), meta
        assert view.selection() is None  # o / y: no one file here
