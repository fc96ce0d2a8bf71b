"""The Broken links view: source:line → missing target, with the closest existing files.

Two kinds, each under its own heading (the summary, and a Where column sorted with the
source, shown when a link leads out):
a link to a file of the workspace that does not exist, and a link leading outside the
memory folder to nothing (``../notes.md``), which no memory can be the closest to."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType

from memtui.core.audit import AuditResult, BrokenLink
from memtui.core.reporting.wording import plural
from memtui.tui.palette import Palette
from memtui.tui.widgets.audit_table import (
    AuditTable,
    Column,
    Row,
    RowCache,
    memory_prefix,
    short_path,
)
from memtui.tui.widgets.table_rows import data_text

#: The Where column: a missing file of the workspace, or a link leading out of it.
WHERE = {False: "missing", True: "outside"}


class BrokenLinksView(AuditTable):
    COLUMNS = (
        Column("source", "Source", 22, flex=True),  # from the root, as Findings' Where

        Column("target", "→ Target", 24, paths=True),
        Column("suggest", "Closest existing", 16, flex=True, paths=True),
        Column("where", "Where", 8),  # shown only when a link leads out (`repeating`)
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
            outside = b.outside
            closest = "outside the memory folder: no such file" if outside else \
                ", ".join(short_path(p, prefix) for p in b.suggestions) or "no close match"
            cells: tuple[RenderableType, ...] = (
                data_text(f"{b.source}:{b.line}"),
                data_text(b.target if outside else short_path(b.target, prefix),
                          style=palette.error),
                data_text(closest,
                          style="" if b.suggestions and not outside else palette.muted),
                Text(WHERE[outside], style=palette.warning if outside else ""),
            )
            # by source, the links leading out after the others: each kind together
            return Row(f"{b.source}:{b.line}:{b.target}:{i}", cells,
                       sort=((outside, b.source, b.line), b.target, len(b.suggestions),
                             outside),
                       path=b.source, line=b.line, about=(b.source, b.target), data=b,
                       pick=f"{b.source}\x1f{b.target}")

        return [cache.row((i, b.source, b.line, b.target, tuple(b.suggestions)), make, (i, b))
                for i, b in enumerate(result.broken_links)]

    @classmethod
    def repeating(cls, result: AuditResult) -> frozenset[str]:
        """Where, when no link leads out: every row is a missing file then."""
        return frozenset() if any(b.outside for b in result.broken_links) \
            else frozenset({"where"})

    def summary(self, result: AuditResult, palette: Palette) -> RenderableType:
        n = len(result.broken_links)
        out = sum(1 for b in result.broken_links if b.outside)
        if not out:
            return f"{plural(n, 'broken link')} (links to files that do not exist, or to folders)"
        text = Text(f"{plural(n, 'broken link')}: ")
        if n - out:
            text.append(f"{n - out:,} to files that do not exist · ")
        text.append(f"{out:,} outside the memory folder (nothing there)",
                    style=palette.warning)
        return text
