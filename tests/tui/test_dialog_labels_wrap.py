"""A dialog's labels wrap at 80 columns (newuser21 #11: the New memory dialog's Name label
read "… the file is named the folder's w", cut mid-word)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Label

from memtui.tui.app import open_app
from memtui.tui.dialogs.new_memory import NewMemoryScreen
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


async def test_the_new_memory_labels_are_whole_at_80x24(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewMemoryScreen))
        await pilot.pause(0.2)
        for label in app.screen.query(Label):
            if not str(label.render()).strip():
                continue
            # the label lies inside the part of the dialog that is drawn (not cut at its
            # right edge), so every word of it shows
            box = label.parent.content_region  # type: ignore[union-attr]
            assert label.region.right <= box.right, (str(label.render()), label.region, box)
