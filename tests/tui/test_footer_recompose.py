"""The footer recomposes only when the keys it shows would change (issue 21, freezes):
Textual's footer recomposes on every change of bindings, which at start-up came to 15
times in a second."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.fitting_footer import FittingFooter
from memtui.tui.widgets.footer_key import FooterKey
from tests.tui.conftest import wait_for


async def test_a_recompose_that_would_give_the_same_keys_keeps_them(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: app.audits >= 1 and app.views_ready)
        await pilot.pause()
        footer = app.query_one(FittingFooter)
        before = list(footer.query_children(FooterKey))
        await footer.recompose()
        assert list(footer.query_children(FooterKey)) == before  # the same widgets
        words = [k.description for k in before]
        await pilot.press("2")  # another view: other keys
        await wait_for(pilot, lambda: [k.description for k in
                                       footer.query_children(FooterKey)] != words)
        assert footer.query_children(FooterKey).first() is not before[0]
