"""A view of audit rows: a filter box over a sortable DataTable that updates in place.

Subclasses say what the columns are and how an ``AuditResult`` becomes rows. The table keeps
the cursor on the same row (by key), the filter and the sort order across re-audits, and
marks the rows that changed for a few seconds.
"""

from __future__ import annotations

import time
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Input, Static
from textual.widgets.data_table import RowDoesNotExist

from memtui.core.audit import AuditResult
from memtui.tui.messages import JumpTo, MemorySelected
from memtui.tui.palette import Palette

MARK_SECONDS = 4.0
MARK = "●"


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    width: int | None = None  # None: as wide as the content
    numeric: bool = False  # sorts descending first


@dataclass
class Row:
    """One table row: its cells, sort keys (one per column), text to filter on and where
    it leads (``path``/``line``, for the preview and for jumps)."""

    key: str
    cells: tuple[RenderableType, ...]
    sort: tuple[Any, ...]
    path: str | None = None
    line: int | None = None
    about: tuple[str, ...] = ()  # every file path the row concerns (for change marks)
    search: str = ""
    digest: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        plain = "\x1f".join(c.plain if isinstance(c, Text) else str(c) for c in self.cells)
        if not self.search:
            self.search = plain.casefold()
        if not self.digest:
            self.digest = plain


class AuditTable(Vertical):
    """Base class of the tabular views."""

    COLUMNS: ClassVar[tuple[Column, ...]] = ()
    DEFAULT_SORT: ClassVar[int | None] = None  # index into COLUMNS; None: as built
    EMPTY: ClassVar[str] = "nothing to show"

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("slash", "focus_filter", "Filter"),
        Binding("s", "sort_next", "Sort"),
        Binding("S", "sort_reverse", "Reverse", show=False),
    ]

    DEFAULT_CSS = """
    AuditTable { height: 1fr; }
    AuditTable > .summary { height: auto; padding: 0 1; color: $text-muted; }
    AuditTable > Input.filter { height: 1; border: none; padding: 0 1; margin: 0; }
    AuditTable > Input.filter:focus { border: none; background: $boost; }
    AuditTable > DataTable { height: 1fr; }
    AuditTable > .empty { padding: 1 2; color: $text-muted; display: none; }
    AuditTable.-empty > .empty { display: block; }
    AuditTable.-empty > DataTable { display: none; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.result: AuditResult | None = None
        self.palette = Palette()
        self.rows: list[Row] = []
        self.shown: list[Row] = []
        self.filter_text = ""
        self.sort_column: int | None = self.DEFAULT_SORT
        self.sort_reverse = False
        self._digests: dict[str, str] | None = None
        self._marked: dict[str, float] = {}
        self._dirty = False

    # -- composition -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(classes="summary")
        yield Input(placeholder="filter: type words, Esc to leave  (/)", classes="filter")
        yield DataTable(cursor_type="row", zebra_stripes=True)
        yield Static(self.EMPTY, classes="empty")

    def on_mount(self) -> None:
        table = self.table
        table.add_column(" ", key="_mark", width=1)
        for col in self.COLUMNS:
            table.add_column(self._label(col), key=col.key, width=col.width)

    @property
    def table(self) -> DataTable[RenderableType]:
        return self.query_one(DataTable)

    # -- what subclasses provide -----------------------------------------------------------

    def build_rows(self, result: AuditResult, palette: Palette) -> list[Row]:
        raise NotImplementedError

    def summary(self, result: AuditResult, palette: Palette) -> RenderableType:
        return ""

    # -- updates ---------------------------------------------------------------------------

    def set_result(self, result: AuditResult, palette: Palette,
                   changed: set[str] | None = None) -> None:
        """Take a new audit. Rows are rebuilt now when the view is visible, else when shown."""
        self.result, self.palette = result, palette
        if changed:
            now = time.monotonic()
            self._pending_changed = {*getattr(self, "_pending_changed", set()), *changed}
            self._changed_at = now
        self._dirty = True
        if self.is_on_screen:
            self.rebuild()

    def ensure_fresh(self) -> None:
        if self._dirty:
            self.rebuild()

    def rebuild(self) -> None:
        result = self.result
        if result is None or not self.is_mounted:
            return
        self._dirty = False
        self.rows = self.build_rows(result, self.palette)
        self.query_one(".summary", Static).update(self.summary(result, self.palette))
        changed: set[str] = getattr(self, "_pending_changed", set())
        self._pending_changed = set()
        digests = {r.key: r.digest for r in self.rows}
        if self._digests is not None:
            now = time.monotonic()
            for r in self.rows:
                if self._digests.get(r.key) != r.digest or (changed and changed & {
                        *r.about, *((r.path and [r.path]) or [])}):
                    self._marked[r.key] = now + MARK_SECONDS
            if self._marked:
                self.set_timer(MARK_SECONDS + 0.1, self._unmark)
        self._digests = digests
        self.render_rows()

    def _unmark(self) -> None:
        now = time.monotonic()
        expired = [k for k, until in self._marked.items() if until <= now]
        if not expired:
            return
        for key in expired:
            del self._marked[key]
        table = self.table
        for key in expired:
            with suppress(RowDoesNotExist, KeyError):
                table.update_cell(key, "_mark", "")

    @property
    def marked(self) -> set[str]:
        now = time.monotonic()
        return {k for k, until in self._marked.items() if until > now}

    def render_rows(self) -> None:
        """Fill the table from ``self.rows`` with the filter and sort applied."""
        table = self.table
        keep_key = self.current_key()
        keep_scroll = table.scroll_y
        rows = self.rows
        words = self.filter_text.casefold().split()
        if words:
            rows = [r for r in rows if all(w in r.search for w in words)]
        if self.sort_column is not None:
            col = self.sort_column
            rows = sorted(rows, key=lambda r: _sort_key(r.sort[col]),
                          reverse=self.sort_reverse)
        self.shown = rows
        marked = self.marked
        accent = self.palette.accent
        table.clear()
        mark = Text(MARK, style=accent)
        for r in rows:
            table.add_row(mark if r.key in marked else "", *r.cells, key=r.key)
        self.set_class(not rows, "-empty")
        if self.rows and not rows:
            self.query_one(".empty", Static).update("no row matches the filter")
        else:
            self.query_one(".empty", Static).update(self.EMPTY)
        if keep_key is not None:
            try:
                index = table.get_row_index(keep_key)
            except RowDoesNotExist:
                index = None
            if index is not None:
                table.move_cursor(row=index, animate=False, scroll=False)
                table.scroll_y = keep_scroll
        self._refresh_labels()

    def current_key(self) -> str | None:
        table = self.table
        if not table.row_count:
            return None
        try:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        except Exception:
            return None
        return key.value

    def current_row(self) -> Row | None:
        index = self.table.cursor_row
        if 0 <= index < len(self.shown):
            return self.shown[index]
        return None

    # -- sorting and filtering -------------------------------------------------------------

    def _label(self, col: Column, arrow: str = "") -> Text:
        return Text(col.label + (f" {arrow}" if arrow else ""), no_wrap=True)

    def _refresh_labels(self) -> None:
        table = self.table
        for i, col in enumerate(self.COLUMNS):
            arrow = ""
            if i == self.sort_column:
                arrow = "▼" if self.sort_reverse else "▲"
            column = table.columns.get(col.key)  # type: ignore[call-overload]
            if column is not None:
                column.label = self._label(col, arrow)
        table.refresh()

    def sort_by(self, index: int) -> None:
        if index == self.sort_column:
            self.sort_reverse = not self.sort_reverse
        else:
            self.sort_column = index
            self.sort_reverse = self.COLUMNS[index].numeric
        self.render_rows()

    def action_sort_next(self) -> None:
        if not self.COLUMNS:
            return
        nxt = 0 if self.sort_column is None else (self.sort_column + 1) % len(self.COLUMNS)
        self.sort_column = nxt
        self.sort_reverse = self.COLUMNS[nxt].numeric
        self.render_rows()

    def action_sort_reverse(self) -> None:
        if self.sort_column is None:
            self.sort_column = 0
        self.sort_reverse = not self.sort_reverse
        self.render_rows()

    def action_focus_filter(self) -> None:
        self.query_one(Input).focus()

    @on(DataTable.HeaderSelected)
    def _header(self, event: DataTable.HeaderSelected) -> None:
        event.stop()
        index = event.column_index - 1  # the mark column comes first
        if 0 <= index < len(self.COLUMNS):
            self.sort_by(index)

    @on(Input.Changed, ".filter")
    def _filter(self, event: Input.Changed) -> None:
        event.stop()
        self.filter_text = event.value
        self.render_rows()

    @on(Input.Submitted, ".filter")
    def _filter_done(self, event: Input.Submitted) -> None:
        event.stop()
        self.table.focus()

    def key_escape(self) -> None:
        if self.query_one(Input).has_focus:
            self.table.focus()

    def set_filter(self, text: str) -> None:
        self.query_one(Input).value = text
        self.filter_text = text
        self.render_rows()

    # -- selection -------------------------------------------------------------------------

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        row = self.current_row()
        if row is not None and row.path:
            self.post_message(MemorySelected(row.path, row.line))

    @on(DataTable.RowSelected)
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        row = self.current_row()
        if row is not None and row.path:
            self.post_message(JumpTo(row.path, row.line))


def _sort_key(value: Any) -> tuple[int, Any]:
    """None sorts last; numbers and strings never meet in one column."""
    if value is None:
        return (1, 0)
    if isinstance(value, str):
        return (0, value.casefold())
    return (0, value)
