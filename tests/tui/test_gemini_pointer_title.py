"""The app's ``a`` under the gemini profile names the file it writes (newuser32 #3
addendum): with no MEMORY.md the pointer line goes into GEMINI.md, under a dialog titled
"Add pointer lines to MEMORY.md"."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.widgets.audit_table import AuditTable
from tests.core.helpers import make_ws
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import dialog
from tests.tui.test_app import keys, started, switch


async def test_the_pointer_dialog_names_gemini_md(tmp_path: Path) -> None:
    folder = tmp_path / ".gemini" / "tmp" / "proj" / "memory"
    make_ws(folder, {"GEMINI.md": "# Project Memory\n", "vpn.md": "# vpn\nDrops.\n"})
    app = open_app(folder, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "3")
        view = app.query_one("#orphans-view", AuditTable)
        await wait_for(pilot, lambda: "vpn.md" in keys(view))
        view.table.move_cursor(row=keys(view).index("vpn.md"))
        await pilot.press("a")
        screen = await dialog(pilot, app, ConfirmScreen)
        assert screen.heading == "Add pointer lines to GEMINI.md"
        await pilot.press("escape")
    assert (folder / "GEMINI.md").read_text() == "# Project Memory\n"
