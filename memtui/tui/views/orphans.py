"""The Orphans view: memories no index line links, unreachable ones first."""

from __future__ import annotations

from functools import partial
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType

from memtui.core.audit import AuditResult, Orphan
from memtui.core.reporting.wording import plural
from memtui.tui.palette import Palette
from memtui.tui.widgets.audit_table import (
    AuditTable,
    Column,
    Row,
    RowCache,
    memory_prefix,
    name_cell,
    repeats_stem,
    short_path,
)
from memtui.tui.widgets.cell_cut import MiddleText
from memtui.tui.widgets.table_rows import data_text


def _cells(o: Orphan, name: str, palette: Palette, prefix: str) -> tuple[RenderableType, ...]:
    """The cells of orphan ``o``'s row (``name``: its memory's)."""
    state = Text("reachable", style=palette.warning) if o.reachable else Text(
        "unreachable", style=f"bold {palette.error}")
    linked = ", ".join(short_path(p, prefix) for p in o.linked_from) \
        if o.linked_from else "nothing links it"
    if o.past_limit is not None:
        # linked by the index past its limit: not "nothing links it", words the cut cell
        # hid and a filter "nothing links" then kept (newuser39 #6: `*` picked them all)
        linked = f"MEMORY.md:{o.past_limit} (past the load limit)" + (
            f"; {linked}" if o.linked_from else " only")
    return (
        state,
        MiddleText(short_path(o.path, prefix)),  # the distinct end stays
        name_cell(name, o.path, palette),
        data_text(linked, style="" if o.linked_from else palette.muted),
    )


class OrphansView(AuditTable):
    COLUMNS = (
        Column("state", "State", 11),
        Column("path", "Path", 24, paths=True),
        Column("name", "Name", 16, drop=1),
        Column("from", "Linked from", 16, flex=True, paths=True),
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("A", "app.add_unreachable", "Index unreachable"),
    ]
    DEFAULT_SORT = 0
    EMPTY = "No orphans: every memory file is linked from MEMORY.md."

    @classmethod
    def cached_rows(cls, result: AuditResult, palette: Palette,
                    cache: RowCache) -> list[Row]:
        prefix = memory_prefix(result)

        def make(item: tuple[Orphan, str]) -> Row:
            o, name = item
            cells = partial(_cells, o, name, palette, prefix)  # made when drawn
            return Row(o.path, cells,
                       sort=(int(o.reachable), o.path, name, len(o.linked_from)),
                       path=o.path, about=(o.path, *o.linked_from), data=o)

        rows: list[Row] = []
        for o in result.orphans:
            scan = result.scans.get(o.path)
            name = (scan.memory.name if scan else None) or ""
            rows.append(cache.row((o.path, o.reachable, tuple(o.linked_from), name,
                                   o.past_limit),
                                  make, (o, name)))
        return rows

    @classmethod
    def repeating(cls, result: AuditResult) -> frozenset[str]:
        """Name, when every orphan's name is its file's stem: the path says it."""
        names = [(s.memory.name if (s := result.scans.get(o.path)) else None, o.path)
                 for o in result.orphans]
        if names and all(repeats_stem(n, p) for n, p in names):
            return frozenset({"name"})
        return frozenset()

    def summary(self, result: AuditResult, palette: Palette) -> RenderableType:
        n = len(result.orphans)
        lost = sum(1 for o in result.orphans if not o.reachable)
        out = Text(f"{plural(n, 'orphan')}: ")
        # thousands separated, as the count before them (newuser25 #2: "1500 reachable")
        out.append(f"{lost:,} unreachable (never enters context)",
                   style=palette.error if lost else "")
        out.append(f", {n - lost:,} reachable only by following links")
        return out
