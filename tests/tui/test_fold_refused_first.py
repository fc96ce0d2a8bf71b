"""newuser24 #42: ``f`` with a picked memory that has no index entry opened "Fold 2 entries
into one line", asked for the label, and only after Enter said "memory/bias-power-doe.md
has no index entry of its own to fold". The refusal now comes before the form."""

from __future__ import annotations

from pathlib import Path

from memtui.demo import demo_copy
from memtui.tui.app import open_app
from memtui.tui.dialogs.choice import ChoiceScreen
from memtui.tui.widgets.audit_table import AuditTable
from tests.tui.conftest import wait_for
from tests.tui.test_acting_on_selection import pick
from tests.tui.test_app import keys, started, switch


async def test_fold_refuses_before_asking_the_label(tmp_path: Path) -> None:
    ws = demo_copy(tmp_path)
    before = (ws / "MEMORY.md").read_bytes()
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "2")
        files = app.query_one("#files-view", AuditTable)
        await wait_for(pilot, lambda: "memory/bias-power-doe.md" in keys(files))
        await pick(pilot, files, "memory/bias-power-doe.md", "memory/chamber-a-history.md")
        await pilot.press("f")
        await wait_for(pilot, lambda: "no index entry of its own" in app.notice
                       or isinstance(app.screen, ChoiceScreen))
        assert not isinstance(app.screen, ChoiceScreen)  # no label asked first
        assert app.notice == "memory/bias-power-doe.md has no index entry of its own to fold"
    assert (ws / "MEMORY.md").read_bytes() == before


async def test_fold_with_a_packed_line_picked_says_how_to_join_it(tmp_path: Path) -> None:
    """newuser25 #27: picking the packed line 37 and the entry on line 4 in the Index view,
    `f` answered "memory/chamber-a-seasoning.md has no index entry of its own to fold" — a
    memory never picked by name, which is in the index (on the packed line) — and not how
    to join an entry to that line."""
    ws = demo_copy(tmp_path)
    before = (ws / "MEMORY.md").read_bytes()
    app = open_app(ws, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "1")
        index = app.query_one("#index-view", AuditTable)
        await wait_for(pilot, lambda: len(index.shown) > 30)
        await pick(pilot, index, "L37", "L4")
        await pilot.press("f")
        await wait_for(pilot, lambda: "no index entry of its own" in app.notice
                       or isinstance(app.screen, ChoiceScreen))
        assert not isinstance(app.screen, ChoiceScreen)
        assert app.notice == (
            "memory/chamber-a-seasoning.md has no index entry of its own to fold: it is on "
            "the packed line 37 (Cold, spring 2025) already; fold only entries, with the "
            "label 'Cold, spring 2025' to join them to that line")
    assert (ws / "MEMORY.md").read_bytes() == before
