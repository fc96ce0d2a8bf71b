"""A table view's rows: each row's cells (made when the table draws it, or given made),
sort values, filter text and what it leads to; the rows a view built last time, reused for
what a re-audit did not change (`RowCache`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar, overload

from rich.console import JustifyMethod, RenderableType
from rich.text import Text

from memtui.core.files.name_order import name_key
from memtui.core.reporting.safe_output import printable
from memtui.tui.palette import Palette

Item = TypeVar("Item")


def _sort_key(value: Any) -> tuple[int, Any]:
    """None sorts last; numbers and strings never meet in one column; strings in natural
    order, case aside (`memtui.core.files.name_order`: burst-2 before burst-10)."""
    if value is None:
        return (1, 0)
    if isinstance(value, str):
        return (0, name_key(value.casefold()))
    return (0, value)


class Row:
    """One table row: its cells, sort keys (one per column), text to filter on and where
    it leads (``path``/``line``, for the preview and for jumps).

    ``cells`` may be given as a function that makes them: a view of 10,000 memories then
    keeps no styled cells for the rows off screen (each ``Text`` and its lists cost
    ~300 bytes: ~40 MB at 10,000 memories, issue 35), and the table makes a row's cells when
    it draws that row. The rows themselves are slotted for the same reason."""

    __slots__ = ("_cells", "about", "data", "digest", "key", "line", "path", "pick", "search",
                 "sort")

    def __init__(self, key: str,
                 cells: tuple[RenderableType, ...] | Callable[[], tuple[RenderableType, ...]],
                 sort: tuple[Any, ...], path: str | None = None, line: int | None = None,
                 about: tuple[str, ...] = (), search: str = "", pick: str = "",
                 digest: str = "", data: Any = None) -> None:
        self.key, self.sort, self.path, self.line, self.about = key, sort, path, line, about
        self.data = data  # the audit record behind the row
        self._cells = cells if callable(cells) else tuple(printable_cell(c) for c in cells)
        if not (search and digest):  # most views give both
            plain = "\x1f".join(c.plain if isinstance(c, Text) else str(c)
                                 for c in self.cells)
            search = search or plain.casefold()
            digest = digest or plain
        self.search = search  # text to filter on
        # What the row says, as its hash: a change of it marks the row (the text itself was
        # another copy of each row's cells: ~3 MB at 10,000 memories, issue 35).
        self.digest = hash(digest)
        self.pick = pick or key  # what a pick of this row means (an entry, a file)

    @property
    def cells(self) -> tuple[RenderableType, ...]:
        """The row's cells, control characters escaped (made now when given as a function;
        the table keeps each drawn line, so this runs once per row drawn)."""
        cells = self._cells
        if callable(cells):
            return tuple(printable_cell(c) for c in cells())
        return cells

    def sort_key(self, column: int) -> tuple[int, Any]:
        """The key column ``column`` sorts by (made when sorting: kept for every column of
        every row, they were ~14 MB at 10,000 memories)."""
        return _sort_key(self.sort[column])

    @property
    def touches(self) -> tuple[str, ...]:
        """Every file path the row concerns, its own too (for change marks)."""
        return (*self.about, self.path) if self.path else self.about

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Row):
            return NotImplemented
        return (self.key, self.cells, self.sort, self.path, self.line, self.about,
                self.search, self.pick) == (other.key, other.cells, other.sort, other.path,
                                            other.line, other.about, other.search, other.pick)

    __hash__ = None  # type: ignore[assignment]  # as the dataclass it was

    def __repr__(self) -> str:
        return f"Row({self.key!r}, path={self.path!r}, line={self.line!r})"


def data_text(text: str, style: str = "", justify: JustifyMethod | None = None) -> Text:
    """A cell of data (a name, a title, a path, a message): escaped before it becomes a
    ``Text``, which would drop BEL, backspace, vertical tab, form feed and carriage return
    from it, so that `printable_cell` could no longer show them (newuser26 #19)."""
    return Text(printable(text), style=style, justify=justify)


def printable_cell(cell: RenderableType) -> RenderableType:
    """``cell`` with control characters (from file names, frontmatter, link targets) escaped;
    a styled Text keeps its own style but loses spans only when something was escaped."""
    if isinstance(cell, str):
        return printable(cell)
    if isinstance(cell, Text):
        plain = cell.plain
        safe = printable(plain)
        if safe is not plain:
            return type(cell)(safe, style=cell.style, justify=cell.justify)
    return cell


class ShownRows:
    """The rows a table shows, sorted and filtered: the sort of its rows made once for those
    rows and that order (kept: a stable sort of the whole, filtered, is the filtered rows
    sorted), and a filter whose words each hold one of the last filter's words read from
    the last filter's rows (they can only be fewer). Typing into the filter of a
    40,034-line index sorted its rows again at each key (newuser24 #31)."""

    __slots__ = ("_key", "_matched", "_rows", "_sorted", "_words")

    def __init__(self) -> None:
        self._rows: list[Row] | None = None
        self._key: tuple[int | None, bool] = (None, False)
        self._sorted: list[Row] = []
        self._words: tuple[str, ...] | None = None
        self._matched: list[Row] = []

    def of(self, rows: list[Row], column: int | None, reverse: bool, words: Sequence[str]
           ) -> list[Row]:
        """``rows`` sorted by ``column`` (none: as they are), those holding every one of
        ``words`` (casefolded). The list returned is shared: read it, never change it."""
        if rows is not self._rows or (column, reverse) != self._key:
            self._rows, self._key, self._words = rows, (column, reverse), None
            self._sorted = rows if column is None else sorted(
                rows, key=lambda r: r.sort_key(column), reverse=reverse)
        if not words:
            return self._sorted
        last = self._words
        pool = self._matched if last is not None and all(
            any(old in w for w in words) for old in last) else self._sorted
        self._matched = [r for r in pool if all(w in r.search for w in words)]
        self._words = tuple(words)
        return self._matched


class RowCells(Sequence[tuple[RenderableType, ...]]):
    """The cells of ``rows``, each row's made when the table asks for it (when it draws
    that row), not all at once on the screen's thread."""

    __slots__ = ("_rows",)

    def __init__(self, rows: list[Row]) -> None:
        self._rows = rows

    def __len__(self) -> int:
        return len(self._rows)

    @overload
    def __getitem__(self, index: int) -> tuple[RenderableType, ...]: ...

    @overload
    def __getitem__(self, index: slice) -> list[tuple[RenderableType, ...]]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [r.cells for r in self._rows[index]]
        return self._rows[index].cells


class RowCache:
    """A view's rows from its previous build, by the values each was made from: a re-audit
    that changed one memory rebuilds that memory's rows, not all 10,000. Used by one
    thread at a time (the audit worker); another palette starts it afresh."""

    def __init__(self) -> None:
        self._rows: dict[Hashable, Row] = {}
        self._next: dict[Hashable, Row] = {}
        self._palette: Palette | None = None
        #: Called before each row is made (the app's worker gives way to the screen there).
        self.pause: Callable[[], None] | None = None

    def begin(self, palette: Palette) -> None:
        if palette is not self._palette:
            self._rows, self._palette = {}, palette
        self._next = {}

    def row(self, inputs: Hashable, make: Callable[[Item], Row], item: Item) -> Row:
        """``make(item)``, unless a row was made from the same ``inputs`` (every value
        ``make`` reads) last time."""
        row = self._rows.get(inputs)
        if row is None:
            if self.pause is not None:
                self.pause()
            row = make(item)
        self._next[inputs] = row
        return row

    def end(self) -> None:
        """Keep what this build used, drop the rest."""
        self._rows, self._next = self._next, {}
