"""newuser41 #9: with the chat pane open at 120 columns the views' tab bar was narrower than
its labels and scrolled to the shown tab: ``rphans  4 Broken  5 Graph …``, the first views'
tabs gone. The labels now fit the bar: whole when they can, else the shown view's whole and
the others shorter, every view's number always on screen."""

from __future__ import annotations

from pathlib import Path

from memtui.tui.app import open_app
from memtui.tui.widgets.blank import ViewTabs
from tests.tui.test_app import started, switch


def _all_on_screen(tabs: ViewTabs) -> list[str]:
    labels = []
    for i, pid in enumerate(("index", "files", "orphans", "broken", "graph", "findings",
                             "block", "trend"), start=1):
        tab = tabs.get_tab(pid)
        label = str(tab.label_text)
        assert label.startswith(str(i)), label
        assert tab.region.x >= tabs.region.x and tab.region.right <= tabs.region.right, \
            (pid, tab.region, tabs.region)
        labels.append(label)
    return labels


async def test_every_tab_stays_on_screen_in_a_narrow_bar(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(60, 30)) as pilot:
        await started(pilot, app)
        tabs = app.query_one(ViewTabs)
        labels = _all_on_screen(tabs)
        assert labels[0] == "1 Index"  # the shown view's whole name
        await switch(pilot, app, "7")
        await pilot.pause()
        labels = _all_on_screen(tabs)
        assert labels[6] == "7 Block" and labels[0] != "1 Index"


async def test_whole_labels_where_they_fit(workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 40)) as pilot:
        await started(pilot, app)
        labels = _all_on_screen(app.query_one(ViewTabs))
        assert labels == ["1 Index", "2 Files", "3 Orphans", "4 Broken", "5 Graph",
                          "6 Findings", "7 Block", "8 Trend"]
