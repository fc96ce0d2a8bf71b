"""Under a filter the Graph view's summary counts the whole graph (only "N of M match"
follows the filter), and each branch says "shown of total" (newuser22 #33: "isolated"
alone followed the filter, next to unfiltered links and components)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static, Tree

from memtui.tui.app import open_app
from tests.tui.conftest import wait_for
from tests.tui.test_app import started, switch


def branches(view: object) -> list[str]:
    tree = view.query_one(Tree)  # type: ignore[attr-defined]
    return [str(n.label) for n in tree.root.children]


async def test_the_graph_summary_counts_the_whole_graph_under_a_filter(
        workspace: Path) -> None:
    app = open_app(workspace, watch=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await started(pilot, app)
        await switch(pilot, app, "5")
        view = app.query_one("#graph-view")
        summary = view.query_one(".summary", Static)
        await wait_for(pilot, lambda: "component" in str(summary.content))
        whole = str(summary.content)
        view.set_filter("yield")  # type: ignore[attr-defined]
        await wait_for(pilot, lambda: "match" in str(summary.content))
        filtered = str(summary.content)
        assert filtered.endswith(whole), (filtered, whole)  # the same totals
        assert filtered.startswith("1 of ")
        labels = branches(view)
        assert all(" of " in label for label in labels if not label.startswith("Dangling")), labels
