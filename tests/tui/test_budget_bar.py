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


async def test_one_line_in_a_short_pane_drops_whole_parts_never_cuts_one() -> None:
    """newuser21 #10: at 80×24 the chat's budget line read "… ■ history 153  ■" (the last
    part cut off after its square) — in one line too, a part is shown whole or left out,
    and "…" says some are."""

    class Short(Pane):
        CSS = "Vertical { width: 80; height: 1; } BudgetBar { height: 1; }"

    app = Short()
    async with app.run_test(size=(100, 20)) as pilot:
        bar = app.query_one(BudgetBar)
        bar.show(Budget(system=711, tools=567, block=963, history=153, new=8, window=40_960))
        await pilot.pause()
        assert bar.region.height == 1
        line = bar.render().plain
        assert "\n" not in line and len(line) <= bar.content_region.width, line
        assert line.startswith("2,402 / 40,960 (6%) = ")
        parts = ["system 711", "tools 567", "block 963", "history 153", "new 8"]
        shown = [p for p in parts if p in line]
        assert shown == parts[:len(shown)] and len(shown) >= 3, line
        assert line.count("■") == len(shown), line  # no square without its part
        if len(shown) < len(parts):
            assert line.endswith("…"), line


async def test_a_36_column_pane_leaves_whole_parts_out_with_an_ellipsis() -> None:
    """newuser23 #47: the unfocused chat at 120×40 (36 columns) read
    "■ system 711  ■ tools 567  ■" on its second line: a bare square, and block, history
    and new gone without a mark."""

    class Narrow(Pane):
        CSS = "Vertical { width: 36; height: 10; }"

    app = Narrow()
    async with app.run_test(size=(100, 20)) as pilot:
        bar = app.query_one(BudgetBar)
        bar.show(Budget(system=711, tools=567, block=936, history=133, new=22, window=40_960))
        await pilot.pause()
        width = bar.content_region.width
        lines = bar.render().plain.splitlines()
        assert len(lines) == 3 and all(len(line) <= width for line in lines), lines
        assert not lines[2].rstrip().endswith("■"), lines
        assert lines[2].rstrip().endswith("…"), lines
        shown = [p for p in ("system 711", "tools 567", "block 936", "history 133", "new 22")
                 if p in " ".join(lines[1:])]
        assert shown and shown[0] == "system 711", lines
