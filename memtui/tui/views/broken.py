"""The Broken links view: source:line → missing target, with the closest existing files."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType

from memtui.core.audit import AuditResult, BrokenLink
from memtui.core.wording import plural
from memtui.tui.palette import Palette
from memtui.tui.widgets.audit_table import (
    AuditTable,
    Column,
    Row,
    RowCache,
    memory_prefix,
    short_path,
)


class BrokenLinksView(AuditTable):
    COLUMNS = (
        Column("source", "Source", 22, flex=True, paths=True),
        Column("target", "→ Target", 24, paths=True),
        Column("suggest", "Closest existing", 16, flex=True, paths=True),
    )
    DEFAULT_SORT = 0
    EMPTY = "No broken links."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("e", "app.repoint", "Repoint"),
        Binding("X", "app.remove_link", "Remove link"),
    ]

    @classmethod
    def cached_rows(cls, result: AuditResult, palette: Palette,
                    cache: RowCache) -> list[Row]:
        prefix = memory_prefix(result)

        def make(item: tuple[int, BrokenLink]) -> Row:
            i, b = item
            cells: tuple[RenderableType, ...] = (
                Text(f"{short_path(b.source, prefix)}:{b.line}"),
                Text(short_path(b.target, prefix), style=palette.error),
                Text(", ".join(short_path(p, prefix) for p in b.suggestions)
                     or "no close match",
                     style="" if b.suggestions else palette.muted),
            )
            return Row(f"{b.source}:{b.line}:{b.target}:{i}", cells,
                       sort=((b.source, b.line), b.target, len(b.suggestions)),
                       path=b.source, line=b.line, about=(b.source, b.target), data=b,
                       pick=f"{b.source}\x1f{b.target}")

        return [cache.row((i, b.source, b.line, b.target, tuple(b.suggestions)), make, (i, b))
                for i, b in enumerate(result.broken_links)]

    def summary(self, result: AuditResult, palette: Palette) -> RenderableType:
        n = len(result.broken_links)
        return f"{plural(n, 'broken link')} (links to files that do not exist)"
