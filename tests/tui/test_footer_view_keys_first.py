"""A narrow footer gives up the app-wide keys (Theme, Chat, Re-audit, Preview) before the
keys that act on the view's rows (newuser23 #1: at 120 columns the Orphans footer showed
`q Quit  t Theme` but not `a Index it` nor `u Undo`, the view's main keys; the README's
tour says "On one, press `a`")."""

from __future__ import annotations

from pathlib import Path

from memtui.demo import demo_copy
from memtui.tui.app import open_app
from memtui.tui.widgets.fitting_footer import FittingFooter
from tests.tui.conftest import journaled, wait_for
from tests.tui.test_app import started, switch


def offered(footer: FittingFooter) -> list[str]:
    return [k.action.removeprefix("app.") for k in footer.shown]


async def test_the_orphans_footer_at_120_columns_offers_a_and_u(tmp_path: Path) -> None:
    app = open_app(journaled(demo_copy(tmp_path / "demo")), watch=False)  # u: to undo
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot, app)
        footer = app.query_one(FittingFooter)
        await switch(pilot, app, "3")
        await wait_for(pilot, lambda: "add_unreachable" in offered(footer))
        await pilot.pause(0.2)
        keys = offered(footer)
        assert {"add_to_index", "undo", "add_unreachable"} <= set(keys), keys
        assert {"help", "quit"} <= set(keys), keys  # the way to the rest, and out
        # the app-wide keys come after the view's: the first to go when narrow
        later = [keys.index(a) for a in ("toggle_preview", "reaudit", "toggle_chat",
                                          "choose_theme") if a in keys]
        assert all(i > keys.index("undo") for i in later), keys
        # at 200 columns every key is there still
        await pilot.resize_terminal(200, 50)
        await wait_for(pilot, lambda: "choose_theme" in offered(footer))
        assert {"add_to_index", "undo", "open_editor", "toggle_preview", "reaudit"} \
            <= set(offered(footer)), offered(footer)
