"""In the app, `X` on a broken Gemini pointer written on another machine (the agent's own
home, ``/home/ana/.gemini/tmp/<p>/memory/gone.md``) said "no pointer line in MEMORY.md
points at gone.md", the name the audit shows (newuser42 #1): no key fixed a broken Gemini
pointer in a checkout."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.dialogs.confirm import ConfirmScreen
from memtui.tui.widgets.audit_table import AuditTable
from tests.core.helpers import make_ws
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import dialog
from tests.tui.test_app import started, switch

HOME = "/home/ana-elsewhere/.gemini/tmp/proj/memory"


async def test_x_removes_a_pointer_written_on_another_machine(tmp_path: Path) -> None:
    folder = tmp_path / "checkout" / ".gemini" / "tmp" / "proj" / "memory"
    make_ws(folder, {"g1.md": "# g1\nFact.\n",
                     "MEMORY.md": f"- See {HOME}/g1.md for g1 notes.\n"
                                  f"- See {HOME}/gone.md for gone notes.\n"})
    app = open_app(folder, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "4")
        broken = app.query_one("#broken-view", AuditTable)
        await wait_for(pilot, lambda: broken.table.row_count == 1)
        await pilot.press("X")
        await dialog(pilot, app, ConfirmScreen)
        audits = app.audits
        await pilot.press("tab", "enter")
        await wait_for(pilot, lambda: app.audits > audits and len(app.screen_stack) == 1)
    assert (folder / "MEMORY.md").read_text() == f"- See {HOME}/g1.md for g1 notes.\n"
