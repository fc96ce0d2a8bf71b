"""newuser39 #6: the Orphans filter "nothing links" kept the rows of memories linked only
from MEMORY.md past its load limit, whose Linked-from cell read "MEMORY.md:204 (past t…":
their hidden end said "nothing links it", and ``*`` then picked them all. Those rows say
what links them (the index, past its limit) and no words they do not show; the filter keeps
the orphans nothing links."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch
from tests.tui.test_new_memory_loaded import flat_index


async def test_nothing_links_keeps_only_what_nothing_links(tmp_path: Path) -> None:
    ws = flat_index(tmp_path)  # entries on lines 201-209: past the 200-line limit
    for name in ("alone_a", "alone_b"):
        (ws / f"{name}.md").write_text(f"---\nname: {name}\ndescription: {name}\ntype: user\n"
                                       "---\nNobody links me.\n", encoding="utf-8")
    app = open_app(ws, watch=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "3")
        view = app.query_one("#orphans-view", AuditTable)
        assert len(view.rows) == 11, [r.key for r in view.rows]
        past = next(r for r in view.rows if r.data.past_limit is not None)
        assert "(past the load limit) only" in past.search, past.search
        await pilot.press("/", *"nothing links", "enter")
        await wait_for(pilot, lambda: len(view.shown) < 11)
        assert sorted(r.key for r in view.shown) == ["alone_a.md", "alone_b.md"]
