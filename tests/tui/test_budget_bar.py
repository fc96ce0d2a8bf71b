"""The chat's budget bar in a narrow pane: its figures wrap to a second line, never cut."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical

from memtui.agent.prompt import Budget
from memtui.tui.chat.budget_bar import BudgetBar


class Pane(App[None]):
    CSS = "Vertical { width: 56; height: 10; }"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield BudgetBar()


async def test_budget_bar_wraps_in_a_56_column_pane() -> None:
    app = Pane()
    async with app.run_test(size=(100, 20)) as pilot:
        bar = app.query_one(BudgetBar)
        bar.show(Budget(system=1_234, tools=2_345, block=34_567, history=12_345, new=123,
                        window=40_960))
        await pilot.pause()
        width = bar.content_region.width
        lines = bar.render().plain.splitlines()
        assert len(lines) == 3 and bar.region.height == 3  # the bar, then two lines
        assert all(len(line) <= width for line in lines)
        legend = " ".join(lines[1:])
        assert legend.startswith("50,614 / 40,960 (124%) = ")
        for part in ("system 1,234", "tools 2,345", "block 34,567", "history 12,345",
                     "new 123"):
            assert part in legend


async def test_budget_bar_stays_two_lines_when_wide() -> None:
    class Wide(Pane):
        CSS = "Vertical { width: 120; height: 10; }"

    app = Wide()
    async with app.run_test(size=(130, 20)) as pilot:
        bar = app.query_one(BudgetBar)
        bar.show(Budget(system=1_234, tools=2_345, block=34_567, history=12_345, new=123,
                        window=40_960))
        await pilot.pause()
        assert bar.region.height == 2
        assert len(bar.render().plain.splitlines()) == 2
