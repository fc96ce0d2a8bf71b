"""A view of audit rows: a filter box over a sortable table that updates in place.

Subclasses say what the columns are and how an ``AuditResult`` becomes rows. The table keeps
the cursor on the same row (by key), the filter and the sort order across re-audits, and
marks the rows that changed for a few seconds.

The module is past 500 lines: the filter, the sort, the picks, the change marks and the
column widths all act on the one table's rows and cursor.
"""

from __future__ import annotations

import time
from collections.abc import Container
from typing import ClassVar

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Input, Static

from memtui.core.audit import AuditResult
from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.wording import plural
from memtui.core.scanner.index import IndexLine
from memtui.core.workspace import INDEX_NAME, MEMORY_DIR
from memtui.tui.messages import JumpTo, MemorySelected, displayed, grouped_of
from memtui.tui.palette import Palette
from memtui.tui.views.base import FilteredView
from memtui.tui.widgets.columns import Column, fit_widths
from memtui.tui.widgets.row_table import GAP, MARK_WIDTH, SCROLLBAR, RowTable
from memtui.tui.widgets.still_loading import StillLoading, covered_width
from memtui.tui.widgets.summary_line import SummaryLine
from memtui.tui.widgets.table_rows import (
    Row,
    RowCache,
    RowCells,
    ShownRows,
    data_text,
    printable_cell,
)

MARK_SECONDS = 4.0
#: Rows past which typing into the filter waits for a pause (``FILTER_PAUSE`` seconds)
#: before it filters: at 40,000 rows each pass costs ~0.1 s of CPU (newuser24 #31); fewer
#: are filtered at each key.
FILTER_NOW, FILTER_PAUSE = 2_000, 0.25


def memory_prefix(result: AuditResult) -> str:
    """The folder every memory path of an item workspace starts with (``memory/``): the
    tables leave it out (their headers say so), so the file names get the room."""
    return MEMORY_DIR + "/" if result.workspace.layout == "item" else ""


#: Each view class's last result and the columns it hides (`AuditTable.hidden_columns`).
_HIDDEN: dict[type, tuple[AuditResult, frozenset[str]]] = {}


def short_path(path: str, prefix: str) -> str:
    """``path`` without ``prefix`` (``memory/user-role.md`` → ``user-role.md``)."""
    return path[len(prefix):] if prefix and path.startswith(prefix) else path


def stem(path: str) -> str:
    """A memory's file name without its folder and its suffix (``.md``); string work
    only, as ``PurePosixPath.stem`` would be (10,000 memories: 3 ms, not 27)."""
    base = path.rpartition("/")[2]
    name, dot, _ = base.rpartition(".")
    return name if dot and name else base


def repeats_stem(name: str | None, path: str) -> bool:
    """Whether a memory's ``name`` says no more than its file name does (Claude Code's
    ``feedback_keep_changelog`` in ``feedback_keep_changelog.md``)."""
    if not name:
        return False
    base = stem(path)
    return name == base or str(name).casefold() == base.casefold()


def name_cell(name: str | None, path: str, palette: Palette) -> Text:
    """A Name cell: ``=`` (muted) when the name is the file's stem, so that the eye finds
    the names that differ; ``—`` when there is none."""
    if not name:
        return Text("—", style=palette.muted)
    if repeats_stem(name, path):
        return Text("=", style=palette.muted)
    return data_text(name)


class AuditTable(FilteredView):
    """Base class of the tabular views."""

    COLUMNS: ClassVar[tuple[Column, ...]] = ()
    DEFAULT_SORT: ClassVar[int | None] = None  # index into COLUMNS; None: as built
    EMPTY: ClassVar[str] = "nothing to show"
    #: Columns whose text the line under the table shows whole, for the cursor's row, when
    #: a cell cuts it (`cursor_moved`); ``DETAIL_HEAD``'s cell leads it, in bold.
    DETAIL: ClassVar[tuple[str, ...]] = ()
    DETAIL_HEAD: ClassVar[str | None] = None
    #: The filter box's placeholder: what it matches, when a view says (`FilesView`).
    FILTER_HINT: ClassVar[str] = "filter: type words, Esc to leave  (/)"

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("s", "sort_next", "Sort"),
        Binding("S", "sort_reverse", "Reverse", show=False),
        Binding("space", "pick", "Pick", show=False),
    ]

    DEFAULT_CSS = """
    AuditTable > RowTable { height: 1fr; }
    AuditTable > .empty { padding: 1 2; color: $text-muted; display: none; }
    AuditTable > .detail { height: auto; max-height: 4; padding: 0 1; display: none; }
    AuditTable > .detail.-cut { display: block; }
    AuditTable.-empty > .empty { display: block; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[Row] = []
        self.shown: list[Row] = []
        self.sort_column: int | None = self.DEFAULT_SORT
        self.sort_reverse = False
        self._order = ShownRows()
        self._digests: dict[str, str] | None = None
        self._marked: dict[str, float] = {}
        self._prepared: list[Row] | None = None
        self._pending_changed: set[str] = set()  # files re-read since the last draw
        self.picked: set[str] = set()  # ``Row.pick`` of the rows picked with space
        self._summary: RenderableType = ""
        self._hidden: frozenset[str] = frozenset()  # columns that repeat another
        self._widest: dict[str, int] = {}  # number columns' widest values
        #: Whether the cursor's row was about a memory when last looked at (None: not yet):
        #: the footer's keys are asked for again only when that changes (`_offer_check`).
        self._on_memory: bool | None = None

    # -- composition -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield SummaryLine(classes="summary")
        yield Input(placeholder=self.FILTER_HINT, classes="filter")
        yield Static(self.EMPTY, classes="empty")
        yield RowTable()
        if self.DETAIL:
            yield Static("", classes="detail", markup=False)

    def on_mount(self) -> None:
        self._widths: list[int] = []
        if self.query_children(RowTable):  # (none: taken down as it mounted, the app closing)
            self._add_columns(self.width_now())

    def width_now(self) -> int:
        """The view's width, or the width it will have when next laid out: a view mounted
        while the views were covered (the app's first audit runs under a loading cover) or
        in a pane not yet shown has no size until the frame that shows it. Its columns were
        fit to 80 cells, drawn, and fit and drawn again when its size came a frame later
        (a second draw of every visible row: part of the counting freeze, issue 35). The
        first ancestor laid out (or its loading cover) gives it, less the margins and
        gutters in between; the view's ``Resize`` corrects any difference."""
        if self.size.width:
            return self.size.width
        inset = 0
        node: Widget = self
        while True:
            inset += node.styles.gutter.width + node.styles.margin.width
            parent = node.parent
            if not isinstance(parent, Widget):
                return 80
            width = parent.size.width or covered_width(parent)
            if width:
                return max(width - inset, 1)
            node = parent

    def column_widths(self, total: int) -> list[int]:
        """Widths for ``total`` cells, by the app's one rule (``fit_widths``): columns
        that do not fit, or keep the text from its width, give way; a column that repeats
        another in every row (``repeating``) is not shown; a count is never cut (``widest``)."""
        return fit_widths(self.COLUMNS, total, gap=GAP, overhead=MARK_WIDTH + SCROLLBAR,
                          hidden=self._hidden, widest=self._widest)

    @classmethod
    def repeating(cls, result: AuditResult) -> frozenset[str]:
        """Keys of the columns that say nothing another column does not, in every row of
        ``result`` (a name that is each file's stem): they are not shown."""
        return frozenset()

    @classmethod
    def widest(cls, result: AuditResult) -> dict[str, int]:
        """Cells of each number column's widest value in ``result``, by key (one pass)."""
        return {}

    @classmethod
    def hidden_columns(cls, result: AuditResult) -> frozenset[str]:
        """``repeating(result)``, kept for the last result of each view class: the rows'
        worker asks first, so the screen does not walk 10,000 memories again (25 ms)."""
        kept = _HIDDEN.get(cls)
        if kept is not None and kept[0] is result:
            return kept[1]
        hidden = cls.repeating(result)
        _HIDDEN[cls] = (result, hidden)
        return hidden

    def _add_columns(self, total: int) -> bool:
        widths = self.column_widths(total)
        if widths == self._widths:
            return False
        self._widths = list(widths)
        self.table.set_columns(self._labels(), widths,
                               ["right" if c.numeric else "left" for c in self.COLUMNS])
        self.cursor_moved()
        return True

    def on_resize(self, event: events.Resize) -> None:
        # New widths: the table redraws its lines (`RowTable.set_columns`). The rows shown,
        # their filter and order do not depend on widths: not sorted again (a view's first
        # size comes just after its first rows; sorting 10,000 rows again on the screen's
        # thread was part of the counting freeze, issue 35).
        self._add_columns(event.size.width)

    @property
    def table(self) -> RowTable:
        return self.query_one(RowTable)

    @property
    def body(self) -> RowTable:
        return self.table

    def refilter(self) -> None:
        self.render_rows(filtered=True)

    def filter_pause(self) -> float:
        return FILTER_PAUSE if len(self.rows) > FILTER_NOW else 0.0

    # -- what subclasses provide -----------------------------------------------------------

    @classmethod
    def build_rows(cls, result: AuditResult, palette: Palette,
                   cache: RowCache | None = None) -> list[Row]:
        """The rows for ``result``; pure, so the app may call it in a worker thread.
        ``cache`` hands back rows built before from the same values."""
        cache = cache or RowCache()
        cache.begin(palette)
        rows = cls.cached_rows(result, palette, cache)
        cache.end()
        return rows

    @classmethod
    def cached_rows(cls, result: AuditResult, palette: Palette,
                    cache: RowCache) -> list[Row]:
        """Each row through ``cache.row(inputs, make, item)``."""
        raise NotImplementedError

    def summary(self, result: AuditResult, palette: Palette) -> RenderableType:
        return ""

    def empty_text(self, result: AuditResult) -> str:
        """What the view says when ``result`` gives it no row."""
        return self.EMPTY

    # -- updates ---------------------------------------------------------------------------

    def set_result(self, result: AuditResult, palette: Palette,
                   changed: set[str] | None = None, rows: list[Row] | None = None) -> None:
        self._prepared = rows
        self._pending_changed |= changed or set()
        super().set_result(result, palette, changed, rows)

    def draw(self, result: AuditResult) -> None:
        prepared, self._prepared = self._prepared, None
        self.rows = prepared if prepared is not None else self.build_rows(result, self.palette)
        self._hidden = self.hidden_columns(result)
        self._widest = self.widest(result)
        # (fit again to the width it has now, or will have in the frame that shows these
        # rows: none of it since mounting under the first audit's loading cover)
        self._add_columns(self.width_now())
        summary = self.summary(result, self.palette)  # may name types, files: data
        self._empty = self.empty_text(result)
        self._summary = Text(printable(summary)) if isinstance(summary, str) \
            else printable_cell(summary)
        changed, self._pending_changed = self._pending_changed, set()
        # MEMORY.md is what every index row is about: that it changed says nothing of a
        # row; the row's own content does (a line moved down by an insert is not new).
        changed -= {INDEX_NAME}
        digests = {r.key: r.digest for r in self.rows}
        if self._digests is not None:
            now = time.monotonic()
            before = self._digests
            seen = set(before.values())
            for r in self.rows:
                if (before.get(r.key) != r.digest and r.digest not in seen) or \
                        (changed and not changed.isdisjoint(r.touches)):
                    self._marked[r.key] = now + MARK_SECONDS
            if self._marked:
                self.set_timer(MARK_SECONDS + 0.1, self._unmark)
        self._digests = digests
        self.render_rows()
        if displayed(self):
            # Not laid out yet (under the first audit's loading cover): its visible rows
            # drawn here, not in the frame that uncovers them with every other widget.
            self.draw_ahead()

    def draw_ahead(self) -> None:
        """Draw the rows the table's first layout will show, when it has had none yet (a
        view under the first audit's cover, or built ahead in its hidden pane)."""
        table = self.table
        if not table.size.width:
            gutter = table.styles.gutter.width + table.styles.margin.width
            table.draw_ahead(self.width_now() - gutter, self.app.size.height)

    def _unmark(self) -> None:
        now = time.monotonic()
        expired = [k for k, until in self._marked.items() if until <= now]
        for key in expired:
            del self._marked[key]
        if expired:
            marked = self.marked
            self.table.set_marks({i for i, r in enumerate(self.shown) if r.key in marked})

    @property
    def marked(self) -> set[str]:
        now = time.monotonic()
        return {k for k, until in self._marked.items() if until > now}

    def render_rows(self, filtered: bool = False) -> None:
        """Fill the table from ``self.rows`` with the filter and sort applied; the cursor
        stays on the row it was on (by key) and the scroll position is kept. ``filtered``
        (the filter's words changed): a cursor whose row the filter left out goes to the
        first match, and the table scrolls to it; it stayed at its index, on a row off the
        screen, that keys then acted on (newuser26 #24: "delete memory/m8899.md" while
        the table showed m88.md at its top)."""
        table = self.table
        before = self.shown if table.row_count == len(self.shown) else []
        words = self.filter_text.casefold().split()
        rows = self._order.of(self.rows, self.sort_column, self.sort_reverse, words)
        self.shown = rows
        marked = self.marked
        cursor = _followed(rows, before, table.cursor_row)
        if filtered and cursor is None:
            cursor = 0
        if self.picked:
            picks = len(self.picked)
            self.picked &= {r.pick for r in self.rows}
            if len(self.picked) != picks:
                self.refresh_bindings()
        table.set_rows(RowCells(rows), _positions(rows, marked), cursor,
                       _picked(rows, self.picked))
        if filtered:  # (once the new height is laid out)
            table.call_after_refresh(lambda: table.scroll_to_row(table.cursor_row))
        if not rows and displayed(self):
            self.post_message(MemorySelected(None))
        summary = self._summary
        if words:  # how much of the view the filter lets through, first
            summary = Text.assemble(f"{len(rows):,} of {len(self.rows):,} match · ",
                                    summary if isinstance(summary, Text) else str(summary))
        # one line, full width: no layout (issue 35, the counting freeze)
        self.query_one(".summary", SummaryLine).update(summary, layout=False)
        self.set_class(not rows, "-empty")
        self.query_one(".empty", Static).update(
            "no row matches the filter" if self.rows and not rows
            else getattr(self, "_empty", self.EMPTY))
        self._refresh_labels()
        self._offer_check()
        self.cursor_moved()

    def cursor_moved(self) -> None:
        """The cursor's row, or the columns' widths, may have changed: the line under the
        table shows the ``DETAIL`` cells of the cursor's row whole when a cell cuts one
        (newuser40 #13: at 80 columns a finding's message read ``link to memory/endp…`` and
        an index line of prose ``- note 222: r…``), and hides when every one fits."""
        if not self.DETAIL:
            return
        details = self.query_children(".detail")
        if not details:
            return
        detail = details.first(Static)
        row = self.current_row()
        keys = [c.key for c in self.COLUMNS]
        cells = row.cells if row is not None else ()
        parts: list[str] = []
        cut = False
        for key in self.DETAIL:
            at = keys.index(key)
            cell = cells[at] if at < len(cells) else None
            plain = cell.plain if isinstance(cell, Text) else ""
            width = self._widths[at] if at < len(self._widths) else 0
            if plain:
                parts.append(plain)
                cut = cut or cell_len(plain) > width
        detail.set_class(cut, "-cut")
        if cut:
            head = cells[keys.index(self.DETAIL_HEAD)] if self.DETAIL_HEAD else None
            detail.update(Text.assemble(
                (head.plain + "  ", "bold") if isinstance(head, Text) and head.plain else "",
                " — ".join(parts)))

    def selection(self) -> tuple[str, int | None] | None:
        row = self.current_row()
        return (row.path, row.line) if row is not None and row.path else None

    def announce(self) -> None:
        """Tell the preview what the cursor row is about (as moving onto it does), even a
        row no key acts on (a finding about the whole workspace)."""
        row = self.current_row()
        self.post_message(MemorySelected(row.path, row.line, now=True)
                          if row is not None and row.path else MemorySelected(None, now=True))

    def get_loading_widget(self) -> Widget:
        """The cover while this view's rows are built after the audit was shown: it says
        so (newuser28 #33: with 20,000 memories the Files view read "auditing …" for half
        a minute under a header that had its counts, and looked blank); during the first
        audit, the views' own cover ("auditing …")."""
        result = getattr(self.app, "result", None)
        if not isinstance(result, AuditResult):
            return super().get_loading_widget()
        return StillLoading(f"building this view's rows ({plural(len(result.files), 'memory file')}"
                            " audited) …")

    def why_nothing(self) -> str:
        if not self.rows:
            return "this view is empty"
        if not self.shown:
            return "no row matches the filter (Esc in the list clears it)"
        return "the row under the cursor is not a memory file"

    def current_key(self) -> str | None:
        row = self.current_row()
        return row.key if row is not None else None

    def current_row(self) -> Row | None:
        index = self.table.cursor_row
        if 0 <= index < len(self.shown) and self.table.row_count == len(self.shown):
            return self.shown[index]
        return None

    def action_pick(self) -> None:
        """Pick or unpick the row under the cursor (operations then act on all picked)."""
        row = self.current_row()
        if row is None:
            return
        self.picked ^= {row.pick}
        self._show_picks()
        self.table.action_cursor_down()

    def action_pick_all(self) -> int:
        """Pick every row shown (the filter's), or unpick them when all are picked already
        (newuser35 #7: a thousand rows to archive, one space each); how many are picked."""
        picks = {r.pick for r in self.shown if r.pick}
        if picks and picks <= self.picked:
            self.picked -= picks
        else:
            self.picked |= picks
        self._show_picks()
        return len(self.picked)

    def _show_picks(self) -> None:
        self.table.set_picks(_picked(self.shown, self.picked))
        self.refresh_bindings()

    def picked_count(self) -> int:
        return len(self.picked)

    def clear_picks(self) -> None:
        if self.picked:
            self.picked = set()
            self._show_picks()

    def picked_rows(self) -> list[Row]:
        """The picked rows, else the row under the cursor."""
        rows = [r for r in self.rows if r.pick in self.picked] if self.picked else []
        if rows:
            return rows
        row = self.current_row()
        return [row] if row is not None else []

    def memory_paths(self, scans: Container[str]) -> list[str]:
        """The memory files (those in ``scans``) the picked rows, else the cursor's, are
        about: an index line's targets, a row's own file (never MEMORY.md)."""
        paths = [p for row in self.picked_rows() for p in row_memories(row)]
        return list(dict.fromkeys(p for p in paths if p in scans))

    def unindexed(self, result: AuditResult) -> list[str]:
        """`memory_paths` the index does not link yet: what ``a`` would add (a row whose
        memories are all indexed could only say "already in the index"; newuser22 #9)."""
        linked = result.index_linked
        return [p for p in self.memory_paths(result.scans) if p not in linked]

    def _offer_check(self) -> None:
        """Ask the footer for its keys again when the cursor's row has become, or stopped
        being, about a memory (``a`` is offered only on one: newuser21's MEMORY.md row of
        the Broken view). A bool per cursor move; the footer's walk only at a change.
        With rows picked, the picks decide (`_show_picks` asks)."""
        result = self.result
        if result is None or self.picked:
            return
        now = bool(self.unindexed(result))
        if now != self._on_memory:
            self._on_memory = now
            self.refresh_bindings()

    # -- sorting and filtering -------------------------------------------------------------

    def _labels(self) -> list[Text]:
        out = []
        prefix = memory_prefix(self.result) if self.result is not None else ""
        for i, col in enumerate(self.COLUMNS):
            arrow = ""
            if i == self.sort_column:
                arrow = " ▼" if self.sort_reverse else " ▲"
            label = f"{col.label} ({prefix})" if col.paths and prefix else col.label
            width = self._widths[i] if i < len(self._widths) else 0
            if arrow and width and Text(label + arrow).cell_len > width:
                arrow = arrow.strip()  # "!▼", not "!…": the arrow is what says the order
            out.append(Text(label + arrow, no_wrap=True))
        return out

    def _refresh_labels(self) -> None:
        table = self.table
        table.labels = self._labels()
        table.refresh()

    def sort_by(self, index: int) -> None:
        if index == self.sort_column:
            self.sort_reverse = not self.sort_reverse
        else:
            self.sort_column = index
            self.sort_reverse = self.COLUMNS[index].numeric
        self.render_rows()

    def action_sort_next(self) -> None:
        """Sort by the next column shown (a column dropped for room is skipped)."""
        shown = [i for i, w in enumerate(self._widths) if w] or list(range(len(self.COLUMNS)))
        if not shown:
            return
        nxt = next((i for i in shown if self.sort_column is None or i > self.sort_column),
                   shown[0])
        self.sort_column = nxt
        self.sort_reverse = self.COLUMNS[nxt].numeric
        self.render_rows()

    def action_sort_reverse(self) -> None:
        if self.sort_column is None:
            self.sort_column = 0
        self.sort_reverse = not self.sort_reverse
        self.render_rows()

    @on(RowTable.HeaderClicked)
    def _header(self, event: RowTable.HeaderClicked) -> None:
        event.stop()
        self.sort_by(event.column)

    # -- selection -------------------------------------------------------------------------

    @on(RowTable.Highlighted)
    def _highlighted(self, event: RowTable.Highlighted) -> None:
        event.stop()
        row = self.current_row()
        if row is not None and row.path and displayed(self):
            self.post_message(MemorySelected(row.path, row.line))
        self._offer_check()
        self.cursor_moved()

    @on(RowTable.Selected)
    def _selected(self, event: RowTable.Selected) -> None:
        event.stop()
        row = self.current_row()
        if row is not None and row.path:
            self.post_message(JumpTo(row.path, row.line))


def row_memories(row: Row) -> list[str]:
    """The files a row is about as a memory: an index line's targets, else the row's own
    file (never MEMORY.md)."""
    mine = [row.path] if row.path and row.path != INDEX_NAME and grouped_of(row.path) is None \
        else []
    return list(row.data.targets) or mine if isinstance(row.data, IndexLine) else mine


def _followed(rows: list[Row], before: list[Row], at: int) -> int | None:
    """Where the cursor's row (``before[at]``) is in ``rows``: the row of the same entry
    or file (its ``pick``, what a pick of it means), not of the same key: an index row's
    key is its line number, a finding's its place in the list, and a line the agent
    inserted above moved the cursor onto another memory (newuser39 #28). Of several rows
    of one entry (a duplicated index line), the one of the same rank among them; an entry
    no row holds any more (edited, removed): the row of its key, as before."""
    if not 0 <= at < len(before):
        return None
    kept = before[at]
    pick = kept.pick
    same = [i for i, r in enumerate(rows) if r.pick == pick]
    if len(same) == 1:
        return same[0]
    if same:
        rank = sum(1 for r in before[:at] if r.pick == pick)
        return same[min(rank, len(same) - 1)]
    return next((i for i, r in enumerate(rows) if r.key == kept.key), None)


def _positions(rows: list[Row], keys: set[str]) -> set[int]:
    """Where the rows with these keys are."""
    return {i for i, r in enumerate(rows) if r.key in keys} if keys else set()


def _picked(rows: list[Row], picks: set[str]) -> set[int]:
    """Where the picked rows are (none picked: no walk through 10,000 rows)."""
    return {i for i, r in enumerate(rows) if r.pick in picks} if picks else set()
