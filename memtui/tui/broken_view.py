"""The Broken links view: source:line → missing target, with the closest existing files."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from memtui.core.audit import AuditResult
from memtui.tui.audit_table import AuditTable, Column, Row
from memtui.tui.palette import Palette


class BrokenLinksView(AuditTable):
    COLUMNS = (
        Column("source", "Source", 24),
        Column("target", "→ Target", 28),
        Column("suggest", "Closest existing", 16, flex=True),
    )
    DEFAULT_SORT = 0
    EMPTY = "No broken links."

    @classmethod
    def build_rows(cls, result: AuditResult, palette: Palette) -> list[Row]:
        rows: list[Row] = []
        for i, b in enumerate(result.broken_links):
            cells: tuple[RenderableType, ...] = (
                Text(f"{b.source}:{b.line}"),
                Text(b.target, style=palette.error),
                Text(", ".join(b.suggestions) or "no close match",
                     style="" if b.suggestions else palette.muted),
            )
            rows.append(Row(f"{b.source}:{b.line}:{b.target}:{i}", cells,
                            sort=((b.source, b.line), b.target, len(b.suggestions)),
                            path=b.source, line=b.line, about=(b.source, b.target), data=b))
        return rows

    def summary(self, result: AuditResult, palette: Palette) -> RenderableType:
        n = len(result.broken_links)
        return f"{n} broken link{'s' if n != 1 else ''} (links to files that do not exist)"
