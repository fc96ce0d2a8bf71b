"""The Files view: every memory file with its type, age, size, cost and reach."""

from __future__ import annotations

from functools import partial
from operator import attrgetter, methodcaller
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType

from memtui.core.audit import AuditResult, FileReport
from memtui.core.profiles.registry import get as get_profile
from memtui.core.reporting.wording import plural
from memtui.core.scanner.memory_file import DESCRIBED
from memtui.core.workspace import INDEX_NAME
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
from memtui.tui.widgets.columns import count_width
from memtui.tui.widgets.table_rows import data_text, printable_cell

#: Where an age comes from, in three letters (the help screen explains them).
AGE_SOURCES = {"frontmatter": "fm", "git": "git", "mtime": "mt", "name": "nam",
               "unknown": "unk"}


def _cells(f: FileReport, tokens: int | None, palette: Palette,
           prefix: str, named: bool = True) -> tuple[RenderableType, ...]:
    """The cells of ``f``'s row (``tokens``: by the profile's tokenizer, as the header
    counts; None: not counted yet; ``named``: the index itself names it, else a linked file
    is one the agent finds its own way: "found", not "linked", newuser26 #6)."""
    if f.linked:
        reach, colour = "linked" if named else "found", palette.resolved
    elif f.reachable:
        reach, colour = "reachable", palette.warning
    else:
        reach, colour = "unreachable", palette.error
    return (
        Text(reach, style=colour),
        Text(str(f.findings) if f.findings else "", justify="right", style=palette.warning),
        name_cell(f.name or "", f.path, palette),
        data_text(f.type or "—", style="" if f.type else palette.muted),
        # an mtime that is a copy's date is no age (newuser23 #37: "137d unk")
        Text("?" if f.age_source == "unknown" else f"{f.age_days}d", justify="right",
             style=palette.muted if f.age_source == "unknown" else ""),
        Text(AGE_SOURCES.get(f.age_source, f.age_source[:3]), style=palette.muted),
        # No count yet: the app counts each memory after showing the audit.
        Text("…" if tokens is None else f"{tokens:,}", justify="right",
             style="" if tokens is not None else palette.muted),
        Text(f"{f.bytes:,}", justify="right"),
        MiddleText(short_path(f.path, prefix)),  # the distinct end stays
    )


def description_of(result: AuditResult, path: str) -> str:
    """``path``'s description, from its scan if the result holds it made (a result from the
    derived cache makes scans only when asked for: not 10,000 of them for a filter; the
    app's next run has them all); "" when none. Not kept again: the scan holds it."""
    scans = result.scans
    made = getattr(scans, "made", None)
    scan = made(path) if made is not None else scans.get(path)
    if scan is None:
        return ""
    text = scan.memory.description
    return text if isinstance(text, str) and text is not DESCRIBED else ""


def _search(plain: str, description: str) -> str:
    """What the filter matches in a row: what its cells show (``plain``: the name, the
    path) and the memory's description, which the preview shows (newuser40 #12)."""
    return f"{plain}\x1f{description}".casefold() if description else plain.casefold()


_FINDINGS, _AGE, _BYTES, _TOKENS = (attrgetter(k) for k in ("findings", "age_days", "bytes",
                                                           "tokens"))


class FilesView(AuditTable):
    COLUMNS = (
        Column("reach", "Index", 11),
        Column("findings", "!", 2, numeric=True),
        Column("name", "Name", 16, drop=4),
        Column("type", "Type", 9, drop=3),
        Column("age", "Age", 5, numeric=True),
        Column("source", "by", 3, drop=1),
        Column("tokens", "Tok", 5, numeric=True),
        Column("bytes", "Bytes", 6, numeric=True, drop=2),
        Column("path", "Path", 16, flex=True, paths=True),
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "app.delete", "Delete"),
        Binding("R", "app.rename", "Rename"),
    ]
    DEFAULT_SORT = 8
    EMPTY = "No memory files yet."
    FILTER_HINT = "filter names, descriptions, paths: type words, Esc to leave  (/)"

    @classmethod
    def cached_rows(cls, result: AuditResult, palette: Palette,
                    cache: RowCache) -> list[Row]:
        prefix = memory_prefix(result)
        tokenizer = result.block.tokenizer
        named = result.named_by_index()

        def make(f: FileReport) -> Row:
            rank = 0 if f.linked else 1 if f.reachable else 2
            tokens = f.tokens.get(tokenizer)  # as the header counts: the profile's
            name = f.name or ""
            cells = partial(_cells, f, tokens, palette, prefix,  # made when drawn
                            f.path in named)
            plain = "\x1f".join(c.plain if isinstance(c, Text) else str(c)
                                 for c in map(printable_cell, cells()))
            return Row(f.path, cells, search=_search(plain, description_of(result, f.path)),
                       digest=plain,
                       sort=(rank, f.findings, name, f.type or "", f.age_days, f.age_source,
                             -1 if tokens is None else tokens, f.bytes, f.path),
                       path=f.path, data=f)

        return [cache.row((f.path, f.name, f.type, f.bytes, f.age_days, f.age_source,
                           f.linked, f.path in named, f.reachable, tuple(f.tokens.items()),
                           f.findings, description_of(result, f.path)),
                          make, f)
                for f in result.files]

    @classmethod
    def widest(cls, result: AuditResult) -> dict[str, int]:
        """The widest count of each number column: "112,519" whole, not "112,…"
        (newuser24 #11). 10,000 memories: ~2 ms."""
        files = result.files
        tokens = map(methodcaller("get", result.block.tokenizer, 0), map(_TOKENS, files))
        return {"findings": len(str(max(map(_FINDINGS, files), default=0))),
                "age": len(f"{max(map(_AGE, files), default=0)}d"),  # ("?": narrower)
                "tokens": count_width(max(tokens, default=0) or 0),
                "bytes": count_width(max(map(_BYTES, files), default=0))}

    @classmethod
    def repeating(cls, result: AuditResult) -> frozenset[str]:
        """Name, when every memory's name is its file's stem (as in most Claude Code
        folders): the path says it, and gets the width."""
        files = result.files
        if files and all(repeats_stem(f.name, f.path) for f in files):
            return frozenset({"name"})
        return frozenset()

    def summary(self, result: AuditResult, palette: Palette) -> RenderableType:
        agent = get_profile(result.profile)
        if not agent.frontmatter:  # no types to count (newuser32 #10)
            if agent.index_is_store and result.index.exists:
                # the count `memtui audit` gives; the store MEMORY.md is in the Index view
                # (newuser34 #14: "1 memory file" here, 2 in the report)
                return (plural(result.memory_file_count(), "memory file")
                        + f" — {INDEX_NAME} is a store: its entries are in the Index view")
            return plural(len(result.files), "memory file")
        types = " · ".join(f"{'no type' if k == 'unknown' else k} {v:,}"
                           for k, v in result.types.items())
        return plural(len(result.files), "memory file") + (f" — {types}" if types else "")
