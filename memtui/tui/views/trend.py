"""The Trend view (key 8): orphans, unreachable orphans and block tokens at each commit that
touched the workspace, plotted, with the commit under the cursor marked on the plot."""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Static

from memtui.core.audit import AuditResult
from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.wording import plural
from memtui.tui.messages import CommitSelected, displayed
from memtui.tui.views.base import AuditView
from memtui.tui.widgets.list_table import ListTable

#: (point key, label, plot colour, legend colour) of each plotted series.
SERIES = (("orphans", "orphans", "orange", "orange1"),
          ("unreachable", "unreachable", "red", "red"),
          ("block_tokens", "block tokens", "cyan", "cyan"))
#: The plot's rows that are not data: its frame's top and bottom, the x axis's labels.
PLOT_FRAME_ROWS = 3
#: At most this many steps between the labels of an axis.
MOST_STEPS = 6


def axis_ticks(high: float, rows: int) -> list[int]:
    """The labels of a count axis drawn on ``rows`` rows: 0 up to at least ``high`` in even
    steps of 1, 2, 2.5 or 5 times a power of ten (whole numbers), each on a row of its own,
    and on evenly spaced rows when the steps can be (newuser24 #57: plotext's own labels at
    80x24 read 39.0, 32.5, 19.5, 13.0, 0.0, the one at 26.0 lost between two rows). The
    lowest top wins, then three labels or more, then even rows (where a step is a few rows),
    then more labels."""
    gaps = max(1, rows - 1)
    best: tuple[tuple[float, bool, bool, int], list[int]] | None = None
    for n in range(1, min(MOST_STEPS, gaps) + 1):
        need = max(1.0, high / n)
        scale = 1
        while scale * 10 < need:
            scale *= 10
        step = next(s for s in (scale, 2 * scale, 5 * scale // 2, 5 * scale, 10 * scale)
                    if s >= need and s == int(s))
        # (rows a row apart from even show only when a step is a few rows)
        key = (step * n, n < 2, gaps % n != 0 and gaps // n < 4, -n)
        if best is None or key < best[0]:
            best = (key, [step * i for i in range(n + 1)])
    assert best is not None
    return best[1]


def tick_labels(points: list[dict[str, Any]], shown: list[int]) -> list[str]:
    """The x axis's labels at the points ``shown``: their dates, or their commits' short
    hashes, as the table shows them, when two of those dates are the same day (five
    commits of one day all read "2026-12-05": newuser24 #57)."""
    dates = [points[i]["date"][:10] for i in shown]
    return dates if len(set(dates)) == len(dates) else [points[i]["commit"][:8] for i in shown]

#: what the empty state says outside git (after the reason on its first line)
#: (the reason itself, "…: not inside a git repository", is not said twice: newuser22 #12)
#: (one paragraph, wrapped to the pane once: hard breaks in it left single words on lines
#: of their own, newuser23 #4)
OUTSIDE_GIT = ("In a git repository, the Trend view plots orphans, unreachable orphans and "
               "block tokens at each commit that touched the workspace, with the commit under "
               "the cursor in the preview. Put the workspace under git (git init, git commit) "
               "to start its history.")


@cache
def trend_plot_class() -> type[Any]:
    """``TrendPlot``: defined at first use, as the plot library is imported then (it costs
    start-up time; the app imports it ahead in a thread once idle, see ``IDLE_IMPORTS``)."""
    from textual_plotext import PlotextPlot

    class TrendPlot(PlotextPlot):  # type: ignore[misc]
        """The plot, drawn blank until the trend is known (``ready``): an empty plot's
        frame, drawn while the history was read and drawn over as soon as it was, cost a
        whole plotext build and its ANSI decoding (~35 ms of the first switch to the
        view; issue 32 item 17)."""

        ready = False
        #: Called with the plot's rows of data before each build (the axes' labels
        #: depend on them).
        before_build: Any = None

        def render(self) -> Any:
            if not self.ready:
                return ""
            if self.before_build is not None:
                self.before_build(self.size.height - PLOT_FRAME_ROWS)
            return super().render()

    return TrendPlot


class TrendView(AuditView):
    """Health over the workspace's git history (computed once per new HEAD, off the UI
    thread, from git's objects)."""

    DEFAULT_CSS = """
    TrendView { height: 1fr; }
    TrendView > .summary { height: 1; padding: 0 1; color: $text-muted; }
    TrendView > Horizontal { height: 1fr; }
    TrendView .plot { width: 2fr; height: 1fr; }
    TrendView PlotextPlot { height: 1fr; }
    TrendView .legend { height: 1; padding: 0 1; }
    TrendView DataTable { width: 1fr; min-width: 30; height: 1fr; }
    TrendView > .empty {
        height: 1fr; content-align: center middle; text-align: center; display: none;
        padding: 0 4;
    }
    TrendView.-empty > .empty { display: block; }
    TrendView.-empty > Horizontal, TrendView.-empty > .summary { display: none; }
    """



    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.points: list[dict[str, Any]] = []
        self.head: str | None = None  # the HEAD the points were computed at
        #: where a bound cut the history (``memtui.core.git.trend.trend_cut``), or None
        self.stopped: dict[str, Any] | None = None
        self.computing = False
        self._plotted: tuple[list[dict[str, Any]], int] | None = None  # see `_plot`

    def compose(self) -> ComposeResult:
        yield Static("reading the git history …", classes="summary")
        yield Static("", classes="empty")
        with Horizontal():
            with Vertical(classes="plot"):
                yield trend_plot_class()()
                # under the plot, not over its lines (newuser24 #57: plotext's legend sat on
                # the data at 80x24)
                yield Static(Text.assemble(*(
                    (f"━ {label}{' (right)' if key == 'block_tokens' else ''} ", colour)
                    for key, label, _, colour in SERIES)), classes="legend")
            table: DataTable[Any] = ListTable(cursor_type="row", zebra_stripes=True)
            for key, title in (("date", "Date"), ("commit", "Commit"), ("orphans", "Orph."),
                               ("unreachable", "Unr."), ("block_tokens", "Tokens")):
                table.add_column(title, key=key)
            yield table

    def draw(self, result: AuditResult) -> None:
        if not self.computing:
            self.computing = True
            self.compute(result)

    @work(thread=True, exclusive=True, exit_on_error=False)
    def compute(self, result: AuditResult) -> None:
        from memtui.core.git.trend import TrendError, locate, trend_cut
        from memtui.core.git.trend import head as head_of

        ws = result.workspace
        try:
            repo, _ = locate(ws)
            head = head_of(repo) or ""
            points, stopped = (self.points, self.stopped) if head == self.head else trend_cut(
                ws.root, self.app.options,  # type: ignore[attr-defined]
                config=getattr(self.app, "config", None))  # the audit's config
        except (TrendError, OSError) as exc:
            self.app.call_from_thread(self._show_error, str(exc))
            return
        except Exception as exc:  # a fault of memtui's, said in one line
            # (newuser36 #19: the app died ~20 s after the key, printing a traceback whose
            # locals held memory text; what it says here names the kind of fault only)
            self.app.call_from_thread(self._show_error, (
                f"memtui could not read this history ({type(exc).__name__}, a fault of "
                "memtui's: please report it with `memtui trend PATH`)"))
            return
        finally:
            self.computing = False
        self.app.call_from_thread(self._show, head, points, stopped)

    def _show_error(self, message: str) -> None:
        """The empty state: why there is no trend, and what the view would show."""
        self.query_one(".summary", Static).update(
            Text(f"No trend: {printable(message)}.", style=self.palette.muted))
        self.query_one(".empty", Static).update(Text.assemble(
            ("No trend here", "bold"), "\n", (printable(message), self.palette.muted),
            "\n\n", OUTSIDE_GIT))
        self.add_class("-empty")
        self.points, self.head, self.stopped = [], None, None
        self.announce()

    def current_point(self) -> dict[str, Any] | None:
        """The commit the cursor is on (None outside git)."""
        at = self.query_one(DataTable).cursor_row
        return self.points[at] if self.points and 0 <= at < len(self.points) else None

    def announce(self) -> None:
        """Tell the preview which commit the cursor is on (nothing outside git)."""
        point = self.current_point()
        if point is not None:
            self.post_message(CommitSelected(point))
        else:
            super().announce()

    def _show(self, head: str, points: list[dict[str, Any]],
              stopped: dict[str, Any] | None = None) -> None:
        if head == self.head and points is self.points:
            return
        self.head, self.points, self.stopped = head, points, stopped
        self.remove_class("-empty")
        table = self.query_one(DataTable)
        table.clear()
        for i, p in enumerate(points):
            table.add_row(p["date"][:10], p["commit"][:8], f"{p['orphans']:,}",
                          f"{p['unreachable']:,}", f"{p['block_tokens']:,}", key=str(i))
        if points:
            table.move_cursor(row=len(points) - 1, animate=False)
        self._summarize(len(points) - 1)
        self._plot(len(points) - 1)
        if displayed(self):
            self.announce()

    def _summarize(self, at: int) -> None:
        points = self.points
        summary = self.query_one(".summary", Static)
        stopped = self.stopped
        cut = f" · history cut: {printable(stopped['reason'])}" if stopped is not None else ""
        if not points:
            summary.update("No commit touched this workspace yet." if not cut else
                           Text.assemble("No point", (cut, self.palette.muted)))
            return
        p = points[at]
        first = points[0]
        # The cut first, where every width shows it: at its end the plot read as the whole
        # history and "first:" as the first commit ever (newuser27 #9).
        lead = (f"history cut at {stopped.get('date') or str(stopped['commit'])[:12]}, older "
                "commits not shown · " if stopped is not None else "")
        summary.update(Text.assemble(
            (lead, "bold " + self.palette.warning),
            (plural(len(points), "commit"), "bold"),
            f" · at {p['commit'][:8]} {p['date'][:10]}: {plural(p['orphans'], 'orphan')} "
            f"({p['unreachable']:,} unreachable), {plural(p['block_tokens'], 'block token')}",
            (f" · first{' shown' if lead else ''}: {plural(first['orphans'], 'orphan')}, "
             f"{plural(first['block_tokens'], 'token')}", self.palette.muted),
            (f" · {printable(p['subject'])}", self.palette.muted), (cut, self.palette.muted)))

    def _plot(self, at: int) -> None:
        plot: Any = self.query_one("PlotextPlot")
        kept = self._plotted
        if plot.ready and kept is not None and kept[0] is self.points and kept[1] == at:
            # The same points and commit again (the table's cursor lands on the row `_show`
            # plotted): a refresh would build and decode the same plot a second time.
            return
        self._plotted = (self.points, at)
        plot.ready = True
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        plot.before_build = None
        if self.points:
            points = self.points
            xs = list(range(1, len(points) + 1))
            for key, _label, color, _ in SERIES:
                side = "right" if key == "block_tokens" else "left"
                plt.plot(xs, [p[key] for p in points], color=color, yside=side,
                         marker="braille")
            plt.vertical_line(at + 1, color="white")
            step = max(1, len(xs) // 6)
            plt.xticks(xs[::step], tick_labels(points, [i - 1 for i in xs[::step]]))
            left = max(max(p["orphans"], p["unreachable"]) for p in points)
            right = max(p["block_tokens"] for p in points)

            def axes(rows: int) -> None:
                for side, high in (("left", left), ("right", right)):
                    ticks = axis_ticks(high, rows)
                    plt.ylim(0, ticks[-1], yside=side)
                    plt.yticks(ticks, [f"{t:,}" for t in ticks], yside=side)

            plot.before_build = axes
        plot.refresh()

    @on(DataTable.RowHighlighted)
    def _cursor(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        if event.row_key.value is None or not self.points:
            return
        at = int(event.row_key.value)
        self._summarize(at)
        self._plot(at)
        self.post_message(CommitSelected(self.points[at]))
