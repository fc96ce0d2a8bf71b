"""The Index view: one row per MEMORY.md line as written, with its targets and its cost."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from memtui.core.audit import AuditResult
from memtui.core.workspace import INDEX_NAME
from memtui.tui.audit_table import AuditTable, Column, Row
from memtui.tui.palette import Palette


class IndexView(AuditTable):
    COLUMNS = (
        Column("line", "Ln", 4, numeric=True),
        Column("kind", "Kind", 7),
        Column("title", "Title", 18),
        Column("targets", "Targets", 23),
        Column("hook", "Hook", 12, flex=True),
        Column("chars", "Chars", 6, numeric=True),
        Column("tokens", "Tok", 5, numeric=True),
    )
    DEFAULT_SORT = 0
    EMPTY = "MEMORY.md is missing or empty: nothing is injected into the agent's context."

    @classmethod
    def build_rows(cls, result: AuditResult, palette: Palette) -> list[Row]:
        costs = {c.line: c for c in result.line_costs}
        states = {(w.line, w.target): w for w in result.wikirefs if w.source == INDEX_NAME}
        rows: list[Row] = []
        for ln in result.index.lines:
            if ln.kind == "blank":
                continue
            cut = ln.number > result.loaded_lines
            targets = Text()
            first: str | None = None
            for lk in ln.links:
                if targets:
                    targets.append(" ")
                if lk.target is not None and lk.target in result.scans:
                    targets.append(lk.target, style=palette.resolved)
                    first = first or lk.target
                else:
                    targets.append("✗ " + (lk.target or lk.raw), style=palette.error)
            for lk in ln.wikilinks:
                if targets:
                    targets.append(" ")
                ref = states.get((lk.line, lk.target or ""))
                state = ref.state if ref else "dangling"
                targets.append(f"[[{lk.target}]]", style=palette.link_state(state))
                if ref and ref.resolved:
                    first = first or ref.resolved
            kind = Text("cut" if cut else ln.kind,
                        style=f"bold {palette.warning}" if cut else "")
            title = ln.title or ln.text.strip()
            cost = costs.get(ln.number)
            tokens = cost.tokens.get("qwen", 0) if cost else 0
            row_style = "strike dim" if cut else ""
            cells: tuple[RenderableType, ...] = (
                Text(str(ln.number), style=row_style, justify="right"),
                kind,
                Text(title, style=row_style + (" bold" if ln.kind == "heading" else "")),
                targets,
                Text(ln.hook, style=row_style),
                Text(f"{ln.chars:,}", style=row_style, justify="right"),
                Text(f"{tokens:,}", style=row_style, justify="right"),
            )
            rows.append(Row(
                key=f"L{ln.number}", cells=cells,
                sort=(ln.number, ln.kind, title, " ".join(ln.targets), ln.hook, ln.chars,
                      tokens),
                path=first or INDEX_NAME, line=None if first else ln.number,
                about=(INDEX_NAME, *ln.targets),
                search=ln.text.casefold(), data=ln))
        return rows

    def summary(self, result: AuditResult, palette: Palette) -> RenderableType:
        idx = result.index
        if not idx.exists:
            return Text("no MEMORY.md", style=palette.warning)
        entries = [ln for ln in idx.lines if ln.kind in ("entry", "packed")]
        packed = sum(1 for ln in entries if ln.kind == "packed")
        out = Text(f"{len(idx.lines):,} lines · {len(entries):,} with links "
                   f"({len(entries) - packed:,} hot, {packed:,} packed)")
        beyond = [ln for ln in result.beyond_limit if ln.kind != "blank"]
        if beyond:
            out.append(f" · {len(beyond):,} past the load limit (struck out)",
                       style=palette.warning)
        return out
