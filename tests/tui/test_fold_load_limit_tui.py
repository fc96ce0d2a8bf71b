"""newuser30 #2, the app's side: ``f`` on entries whose packed line would end past Claude
Code's 25 KB limit asked for the label, confirmed "will fold 2 entries into line 31" and
wrote it; the header then counted the two memories as orphans. It is refused, before the
label is asked, saying why; nothing is written."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.dialogs.choice import ChoiceScreen
from memtui.tui.widgets.audit_table import AuditTable
from tests.edit.test_fold_load_limit import near_byte_limit
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import pick
from tests.tui.test_app import keys, started, switch


async def test_f_refuses_a_fold_that_would_stop_loading_memories(tmp_path: Path) -> None:
    ws = near_byte_limit(tmp_path)
    before = (ws / "MEMORY.md").read_bytes()
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        index = app.query_one("#index-view", AuditTable)
        await wait_for(pilot, lambda: "L32" in keys(index))
        await pick(pilot, index, "L31", "L32")
        await pilot.press("f")
        await wait_for(pilot, lambda: "would stop loading" in app.notice
                       or isinstance(app.screen, ChoiceScreen))
        assert not isinstance(app.screen, ChoiceScreen)
        assert app.notice.startswith(
            "folding 2 entries would stop loading 2 memories loaded now (fact_29.md, "
            "fact_30.md): the packed line 31 would end at byte 25,")
    assert (ws / "MEMORY.md").read_bytes() == before
    assert not (ws / ".memtui" / "journal").exists()
