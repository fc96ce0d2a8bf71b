"""The keys on offer (issue 32 §21): the Trend footer offers no key its rows cannot take,
the help lists memtui's keys once each (no Textual scrolling keys, no bare ``^c``), and the
fleet screen has a footer that shows Enter, ? and q at 80 columns."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region

from memtui.core.audit import AuditOptions
from memtui.tui.app import open_app
from memtui.tui.fleet.app import FleetApp
from memtui.tui.widgets.fitting_footer import FittingFooter
from tests.test_cli_fleet import fleet
from tests.tui.conftest import journaled, wait_for
from tests.tui.test_app import started, switch
from tests.tui.test_help_keys import help_text


def offered(footer: FittingFooter) -> set[str]:
    return {k.action for k in footer.shown}


async def test_the_trend_footer_offers_no_index_and_no_undo(workspace: Path) -> None:
    app = open_app(journaled(workspace), watch=False)  # u offered: something to undo
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        footer = app.query_one(FittingFooter)
        await switch(pilot, app, "3")  # Orphans: every row a memory the index lacks
        await wait_for(pilot, lambda: {"add_to_index", "undo"} <= offered(footer))
        await pilot.press("8")  # outside git: the view says so, and holds no focus
        await wait_for(pilot, lambda: app._shown_pid == "trend")
        await wait_for(pilot, lambda: not {"add_to_index", "undo"} & offered(footer))
        assert {"help", "quit", "reaudit"} <= offered(footer)
        await pilot.press("a")  # not taken there either: no dialog, no notice
        await pilot.pause(0.2)
        assert app.screen is app.screen_stack[0] and not app._notifications
        await switch(pilot, app, "3")
        await wait_for(pilot, lambda: {"add_to_index", "undo"} <= offered(footer))
        await switch(pilot, app, "2")  # Files, its first row indexed: a could only say so
        await wait_for(pilot, lambda: "undo" in offered(footer)
                       and "add_to_index" not in offered(footer))


async def test_the_help_lists_memtuis_keys_once_each(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(200, 60)) as pilot:
        await started(pilot, app)
        await pilot.press("question_mark")
        await pilot.pause(0.2)
        text = help_text(app)
        keys = text.split("\nKeys", 1)[1].split("In the chat (c)", 1)[0]
        rows = [line.strip() for line in keys.splitlines() if line.strip()]
        assert not any("Scroll" in r or "Page Left" in r or "Page Right" in r for r in rows)
        assert "^c" not in [r.split("  ", 1)[0] for r in rows]  # no key without words
        firsts = [r.split("  ", 1)[0].strip() for r in rows if "  " in r]
        assert firsts.count("/") == 1 and firsts.count("esc") == 1, firsts
        esc = next(r for r in rows if r.startswith("esc "))
        assert "back to the view" in esc and "clear the picks, else the filter" in esc
        slash = next(r for r in rows if r.startswith("/ "))
        assert "filter the view" in slash and "search it" in slash
        assert all(len(r.split("  ", 1)) == 2 for r in rows[:-2]), rows  # each says what


async def test_the_fleet_screen_has_a_footer_at_80_columns(tmp_path: Path) -> None:
    fleet(tmp_path)
    app = FleetApp(tmp_path, AuditOptions(), watch=False, jobs=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: len(app.state.rows) == 4, timeout=90)
        await pilot.pause(0.3)
        footer = app.query_one(FittingFooter)
        shown = footer.shown
        assert {"open", "help", "quit_fleet"} <= {k.action for k in shown}
        regions = [Region(k.x, 0, k.width, 1) for k in shown]
        assert all(footer.region.reset_offset.contains_region(r) for r in regions)
        for a, b in combinations(regions, 2):
            assert not a.overlaps(b)
        await pilot.press("slash")  # in the filter, Enter leaves it: Open is not offered
        await wait_for(pilot, lambda: "open" not in offered(footer))
        await pilot.press("enter")
        await wait_for(pilot, lambda: "open" in offered(footer))
        assert app.return_value is None and app.is_running


async def test_keys_that_cannot_act_in_a_view_are_not_offered_but_still_say_why(
        workspace: Path) -> None:
    """newuser21 #3: the Block footer offered "a Index it" (the view shows the injected
    text, not a memory) and the Trend footer "o Edit" (its rows are commits)."""
    app = open_app(journaled(workspace), watch=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        footer = app.query_one(FittingFooter)
        await switch(pilot, app, "3")
        await wait_for(pilot, lambda: {"add_to_index", "open_editor"} <= offered(footer))
        await pilot.press("7")
        await wait_for(pilot, lambda: app._shown_pid == "block")
        await wait_for(pilot, lambda: "add_to_index" not in offered(footer))
        assert {"open_editor", "undo", "help"} <= offered(footer)
        await pilot.press("a")  # still taken: it says why
        await wait_for(pilot, lambda: "Block view" in " ".join(
            str(n.message) for n in app._notifications))
        await pilot.press("8")
        await wait_for(pilot, lambda: app._shown_pid == "trend")
        await wait_for(pilot, lambda: "open_editor" not in offered(footer))
        await switch(pilot, app, "3")
        await wait_for(pilot, lambda: {"add_to_index", "open_editor"} <= offered(footer))


async def test_operations_the_profile_does_not_offer_are_not_in_the_footer(
        tmp_path: Path) -> None:
    """newuser21 #19: under hermes the Index footer offered "f Fold  F Unfold" and Files
    "R Rename", each answering only "not offered under the hermes profile"."""
    mem = tmp_path / "memories"
    mem.mkdir()
    (mem / "MEMORY.md").write_text("one fact\n§\nanother fact\n", encoding="utf-8")
    (mem / "USER.md").write_text("the user\n", encoding="utf-8")
    app = open_app(mem, watch=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        assert app.result is not None and app.result.profile == "hermes"
        footer = app.query_one(FittingFooter)
        await switch(pilot, app, "1")
        await wait_for(pilot, lambda: {"help", "quit"} <= offered(footer))
        assert not {"fold", "unfold", "add_to_index"} & offered(footer), offered(footer)
        await switch(pilot, app, "2")
        # hermes' own d (the repeated entries) stays; R and a go (the view binds app.*)
        await wait_for(pilot, lambda: "app.delete" in offered(footer))
        assert not {"app.rename", "rename", "add_to_index"} & offered(footer), offered(footer)
        await pilot.press("R")  # still says why
        await wait_for(pilot, lambda: "not offered under the hermes profile" in " ".join(
            str(n.message) for n in app._notifications))


async def test_the_footer_reads_the_profile_from_the_audit_not_the_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the first audit the footer asked the folder's files for its profile (its
    config, its layout) for every row of every render: an 85-112 ms freeze while a
    10,000-memory workspace opened (bench/tui.py, session 21). It takes the audit's."""
    import memtui.edit.agent_ops as agent_ops

    asked: list[object] = []
    real = agent_ops.profile_for
    monkeypatch.setattr(agent_ops, "profile_for",
                        lambda *a, **k: asked.append(a) or real(*a, **k))
    mem = tmp_path / "memories"
    mem.mkdir()
    (mem / "MEMORY.md").write_text("one fact\n§\nanother fact\n", encoding="utf-8")
    (mem / "USER.md").write_text("the user\n", encoding="utf-8")
    app = open_app(mem, watch=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        footer = app.query_one(FittingFooter)
        await switch(pilot, app, "1")
        await wait_for(pilot, lambda: {"help", "quit"} <= offered(footer))
        assert not {"fold", "unfold"} & offered(footer), offered(footer)
    assert asked == []


async def test_a_is_offered_on_the_broken_rows_of_a_memory_not_on_memory_md(
        workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """newuser21: the Broken view's footer offered ``a`` on a MEMORY.md row, where it could
    only say "the row under the cursor is not a memory file"; newuser22 #9: and on rows
    whose memories the index links already ("already in the index"). Offered by row: on a
    memory the index lacks, not on MEMORY.md's row nor an indexed memory's; the key is still
    taken there and says why. The footer is asked for its keys only when the cursor crosses
    between such rows, not at every move."""
    for name in ("lonely.md", "a.md"):  # an unreachable orphan, an indexed memory
        path = workspace / "memory" / name
        path.write_text(path.read_text(encoding="utf-8") + "See [x](missing.md).\n",
                        encoding="utf-8")
    asked: list[int] = []
    specs = FittingFooter._specs

    def counted(self: FittingFooter) -> list[Any]:
        asked.append(1)
        return specs(self)

    monkeypatch.setattr(FittingFooter, "_specs", counted)
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await started(pilot, app)
        footer = app.query_one(FittingFooter)
        await switch(pilot, app, "3")  # every row a memory to index: moves never ask
        await pilot.press("down")  # (the first look at the cursor's row may)
        await pilot.pause(0.3)
        asked.clear()
        for key in ("up", "down", "up"):
            await pilot.press(key)
        await pilot.pause(0.3)
        assert app.active_view.table.cursor_row == 0 and not asked
        await switch(pilot, app, "4")
        view = app.active_view
        assert [r.path for r in view.shown] == ["MEMORY.md", "memory/a.md", "memory/lonely.md"]
        table = view.table
        await wait_for(pilot, lambda: table.cursor_row == 0)
        await wait_for(pilot, lambda: "add_to_index" not in offered(footer))
        assert {"app.repoint", "app.remove_link", "help"} <= offered(footer)
        await pilot.press("down")  # memory/a.md: indexed already
        await pilot.pause(0.3)
        assert "add_to_index" not in offered(footer)
        await pilot.press("down")  # memory/lonely.md: a adds it
        await wait_for(pilot, lambda: "add_to_index" in offered(footer))
        await pilot.press("up", "up")
        await wait_for(pilot, lambda: "add_to_index" not in offered(footer))
        await pilot.press("a")  # still taken: it says why
        await wait_for(pilot, lambda: "not a memory file" in " ".join(
            str(n.message) for n in app._notifications))
        assert app.screen is app.screen_stack[0]
        # Picked rows decide, not the cursor: lonely.md picked, a is offered anywhere.
        await pilot.press("down", "down", "space")
        await wait_for(pilot, lambda: "add_to_index" in offered(footer))
        await pilot.press("up", "up")
        await pilot.pause(0.2)
        assert "add_to_index" in offered(footer)
