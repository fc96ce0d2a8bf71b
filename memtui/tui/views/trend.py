"""The Trend view (key 8): orphans, unreachable orphans and block tokens at each commit that
touched the workspace, plotted, with the commit under the cursor marked on the plot."""

from __future__ import annotations

from functools import cache
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import DataTable, Static

from memtui.core.audit import AuditResult
from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.wording import plural
from memtui.tui.messages import CommitSelected, displayed
from memtui.tui.views.base import AuditView
from memtui.tui.widgets.list_table import ListTable

#: (point key, label, plot colour) of each plotted series.
SERIES = (("orphans", "orphans", "orange"), ("unreachable", "unreachable", "red"),
          ("block_tokens", "block tokens", "cyan"))

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

        def render(self) -> Any:
            return super().render() if self.ready else ""

    return TrendPlot


class TrendView(AuditView):
    """Health over the workspace's git history (computed once per new HEAD, off the UI
    thread, from git's objects)."""

    DEFAULT_CSS = """
    TrendView { height: 1fr; }
    TrendView > .summary { height: 1; padding: 0 1; color: $text-muted; }
    TrendView > Horizontal { height: 1fr; }
    TrendView PlotextPlot { width: 2fr; height: 1fr; }
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
            yield trend_plot_class()()
            table: DataTable[Any] = ListTable(cursor_type="row", zebra_stripes=True)
            for key, title in (("date", "Date"), ("commit", "Commit"), ("orphans", "Orph."),
                               ("unreachable", "Unr."), ("block_tokens", "Tokens")):
                table.add_column(title, key=key)
            yield table

    def draw(self, result: AuditResult) -> None:
        if not self.computing:
            self.computing = True
            self.compute(result)

    @work(thread=True, exclusive=True)
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
        cut = (f" · history cut: {printable(self.stopped['reason'])}"
               if self.stopped is not None else "")
        if not points:
            summary.update("No commit touched this workspace yet." if not cut else
                           Text.assemble("No point", (cut, self.palette.muted)))
            return
        p = points[at]
        first = points[0]
        summary.update(Text.assemble(
            (plural(len(points), "commit"), "bold"),
            f" · at {p['commit'][:8]} {p['date'][:10]}: {plural(p['orphans'], 'orphan')} "
            f"({p['unreachable']:,} unreachable), {plural(p['block_tokens'], 'block token')}",
            (f" · first: {plural(first['orphans'], 'orphan')}, "
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
        if self.points:
            xs = list(range(1, len(self.points) + 1))
            for key, label, color in SERIES:
                side = "right" if key == "block_tokens" else "left"
                plt.plot(xs, [p[key] for p in self.points], label=label, color=color,
                         yside=side, marker="braille")
            plt.vertical_line(at + 1, color="white")
            step = max(1, len(xs) // 6)
            plt.xticks(xs[::step], [self.points[i - 1]["date"][:10] for i in xs[::step]])
            plt.ylabel("orphans", yside="left")
            plt.ylabel("block tokens", yside="right")
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
