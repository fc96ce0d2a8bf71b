"""The Index view: one row per MEMORY.md line as written, with its targets and its cost."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from operator import attrgetter, methodcaller
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType

from memtui.core.audit import AuditResult
from memtui.core.creds.detector import mask_secrets, scan_text
from memtui.core.derivation.link_target import lexically_outside
from memtui.core.profiles import Load
from memtui.core.profiles import get as get_profile
from memtui.core.profiles.hermes import entries_with_lines, fold
from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.wording import plural
from memtui.core.scanner.index import IndexLine
from memtui.core.workspace import INDEX_NAME
from memtui.tui.palette import Palette
from memtui.tui.widgets.audit_table import (
    AuditTable,
    Column,
    Row,
    RowCache,
    memory_prefix,
    short_path,
)
from memtui.tui.widgets.cell_cut import ListText
from memtui.tui.widgets.columns import count_width, fit_widths
from memtui.tui.widgets.row_table import GAP, MARK_WIDTH, SCROLLBAR
from memtui.tui.widgets.table_rows import data_text

# An index line and what its row shows besides: cut off, each link's target found, each
# wikilink's (state, resolved path), its tokens in the block's tokenizer (None: not
# counted yet), the files it names the agent's own way (Gemini's pointer lines: path,
# there).
LineInputs = tuple[IndexLine, bool, tuple[bool, ...], tuple[tuple[str, str | None], ...],
                   int | None, tuple[tuple[str, bool], ...]]


def _cells(item: LineInputs, palette: Palette, prefix: str, secret: bool = False
           ) -> tuple[RenderableType, ...]:
    """The cells of an index line's row (made when the row is drawn: a view of thousands
    of lines keeps none of them)."""
    ln, cut, exists, refs, tokens, pointed = item
    # several targets: the whole ones that fit and how many more (newuser26 #3); one:
    # cut in the middle, the distinct end of a stem stays
    targets = ListText()
    for lk, found in zip(ln.links, exists, strict=True):
        if found:
            targets.add(short_path(lk.target or "", prefix), style=palette.resolved)
        else:
            targets.add("✗ " + short_path(lk.target or lk.raw, prefix), style=palette.error)
    for lk, (state, _resolved) in zip(ln.wikilinks, refs, strict=True):
        targets.add(f"[[{lk.target}]]", style=palette.link_state(state))
    for target, there in pointed:  # as the Broken view knows them (newuser24 #14)
        targets.add(("" if there else "✗ ") + short_path(target, prefix),
                    style=palette.resolved if there else palette.error)
    kind = Text("cut" if cut else line_kind(ln, pointed),
                style=f"bold {palette.warning}" if cut else "")
    title, hook = ln.title or ln.text.strip(), ln.hook
    if secret:  # masked as the preview and the finding show it (newuser24 #27)
        hits = scan_text(ln.text)
        title, hook = mask_secrets(title, hits), mask_secrets(hook, hits)
    row_style = "strike dim" if cut else ""
    return (
        Text(str(ln.number), style=row_style, justify="right"),
        kind,
        # None: not counted yet (the app counts after showing the audit)
        Text("…" if tokens is None else f"{tokens:,}",
             style=row_style or ("" if tokens is not None else palette.muted),
             justify="right"),
        Text(f"{ln.chars:,}", style=row_style, justify="right"),
        data_text(title, style=row_style + (" bold" if ln.kind == "heading" else "")),
        targets,
        data_text(hook, style=row_style),
    )


def line_kind(ln: IndexLine, pointed: tuple[tuple[str, bool], ...]) -> str:
    """A line's kind as the row shows it: a line of text naming files the agent's own way
    is a ``pointer`` (Gemini's), not prose."""
    return "pointer" if pointed and ln.kind == "prose" else ln.kind


def store_limit(result: AuditResult) -> Load | None:
    """What the agent loads of MEMORY.md when it is a store (Hermes'): its characters, its
    limit and its entries."""
    return next((ld for ld in result.block.loads if ld.path == INDEX_NAME), None)


def store_rows(result: AuditResult, cache: RowCache) -> list[Row]:
    """One row per entry of a store (Hermes' MEMORY.md, entries split on ``§``): where it
    starts, its characters and its share of the store's limit; an exact repeat, which
    Hermes drops at load, says so (newuser33 #13: every ``§`` was a "prose" row)."""
    load = store_limit(result)
    limit = load.limit if load is not None else 0
    seen: set[str] = set()
    rows: list[Row] = []

    def make(item: tuple[str, int, bool]) -> Row:
        entry, line, repeated = item
        # a copy is dropped at load: it takes no share (Hermes counts the entry once)
        share = "not counted" if repeated else \
            f"{len(entry) / limit:.1%} of {limit:,}" if limit else "—"
        style = "dim" if repeated else ""
        head = entry.split("\n", 1)[0]
        cells = (Text(str(line), justify="right", style=style),
                 Text("repeat" if repeated else "entry", style=style),
                 Text("—", justify="right", style=style),
                 Text(f"{len(entry):,}", justify="right", style=style),
                 data_text(head + (" …" if head != entry else ""), style=style),
                 Text(""), Text(share, style=style))
        return Row(key=f"L{line}", cells=cells,
                   sort=(line, "repeat" if repeated else "entry", 0, len(entry), entry, "",
                         len(entry)),
                   path=INDEX_NAME, line=line, about=(INDEX_NAME,),
                   search=entry.casefold(), pick=f"text:{entry}")

    for entry, line in entries_with_lines(fold(result.index.text)):
        repeated = entry in seen
        seen.add(entry)
        item = (entry, line, repeated)
        rows.append(cache.row(("store", entry, line, repeated, limit), make, item))
    return rows


def store_summary(result: AuditResult, palette: Palette) -> Text:
    """The Index view's line for a store: its entries and its characters against the limit,
    no link vocabulary (a store has no links)."""
    load = store_limit(result)
    if load is None:
        return Text("MEMORY.md holds no entry")
    out = Text(f"{load.entries_text() or 'no entries'} separated by § · {load.used:,} of "
               f"{load.limit:,} characters ({load.used / load.limit:.0%})" if load.limit
               else f"{load.entries_text()} separated by §")
    if load.limit and load.used > load.limit:
        out.append(" · past the limit: Hermes refuses to add to it", style=palette.warning)
    return out


class IndexView(AuditTable):
    COLUMNS = (
        Column("line", "Ln", 4, numeric=True),
        Column("kind", "Kind", 7),
        Column("tokens", "Tok", 5, numeric=True),
        Column("chars", "Chars", 6, numeric=True, drop=1),
        Column("title", "Title", 14, flex=True),
        Column("targets", "Targets", 18, flex=True, paths=True),
        Column("hook", "Hook", 12, flex=True, want=24),  # what people read: Chars gives way
    )
    DETAIL = ("title", "hook")
    DETAIL_HEAD = "line"

    def edit_target(self) -> tuple[str, int | None] | None:
        """``o`` opens MEMORY.md at the cursor's line: the row is a line of the index
        (newuser41 #8: it opened the linked memory, and the index could be edited only from
        the Block view); ``O`` opens the memory it links."""
        row = self.current_row()
        if row is None or not row.key.startswith("L") or not row.key[1:].isdigit():
            return None
        return INDEX_NAME, int(row.key[1:])
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "app.fold", "Fold"),
        Binding("F", "app.unfold", "Unfold"),
        Binding("X", "app.remove_link", "Remove entry"),
        Binding("O", "app.open_memory", "Open the memory"),
    ]
    DEFAULT_SORT = 0
    EMPTY = "MEMORY.md is missing or empty: nothing is injected into the agent's context."

    @classmethod
    def cached_rows(cls, result: AuditResult, palette: Palette,
                    cache: RowCache) -> list[Row]:
        if get_profile(result.profile).index_is_store:
            return store_rows(result, cache)
        costs = {c.line: c for c in result.line_costs}
        prefix = memory_prefix(result)
        states = {(w.line, w.target): w for w in result.wikirefs if w.source == INDEX_NAME}
        secret_lines = {f.line for f in result.findings
                        if f.kind == "secret" and f.path == INDEX_NAME}

        def make(item: LineInputs) -> Row:
            ln, _cut, exists, refs, tokens, pointed = item
            first: str | None = None
            for lk, found in zip(ln.links, exists, strict=True):
                if found:
                    first = first or lk.target
            for _lk, (_state, resolved) in zip(ln.wikilinks, refs, strict=True):
                if resolved:
                    first = first or resolved
            for target, there in pointed:
                if there and not lexically_outside(target):
                    first = first or target
            title = ln.title or ln.text.strip()
            paths = ln.targets + [t for t, _there in pointed]  # a property: made once here
            # A line linking several memories is about the line itself: the preview, o and
            # y show it in MEMORY.md (not its first memory), and the keys acting on a
            # memory ask which one (`memtui.tui.curate_flow`).
            if len(set(paths)) > 1:
                first = None
            cells = partial(_cells, item, palette, prefix,  # made again when drawn
                            ln.number in secret_lines)
            return Row(
                key=f"L{ln.number}", cells=cells,
                sort=(ln.number, line_kind(ln, pointed), -1 if tokens is None else tokens,
                      ln.chars, title, " ".join(paths), ln.hook),
                path=first or INDEX_NAME, line=None if first else ln.number,
                about=(INDEX_NAME, *paths),
                search=ln.text.casefold(), data=ln,
                # what the row says, not where: a line an insert moved down is unchanged
                digest="\x1f".join(c.plain for c in cells()[1:] if isinstance(c, Text)),
                # a pick is of the entry (its files), not of a line number a fold shifts
                pick="\x1f".join(paths) or f"text:{ln.text}")

        pointers = result.pointers()
        rows: list[Row] = []
        for ln in result.index.lines:
            if ln.kind == "blank":
                continue
            cut = result.never_loaded(ln.number)
            exists = tuple(lk.target is not None and lk.target in result.scans
                           for lk in ln.links)
            refs: list[tuple[str, str | None]] = []
            for lk in ln.wikilinks:
                ref = states.get((lk.line, lk.target or ""))
                refs.append((ref.state, ref.resolved) if ref else ("dangling", None))
            cost = costs.get(ln.number)
            # counted as the header counts the block: the profile's tokenizer
            tokens = cost.tokens.get(result.block.tokenizer) if cost else None
            item = (ln, cut, exists, tuple(refs), tokens,
                    tuple(pointers.get(ln.number, ())))
            rows.append(cache.row((ln.number, ln.text, ln.kind, *item[1:]), make, item))
        return rows

    @classmethod
    def repeating(cls, result: AuditResult) -> frozenset[str]:
        """Targets and Hook when no line has one (a prose index, OpenClaw's: newuser26 #5,
        the two empty columns kept ~40 cells while each line's text was cut to 14): the
        text gets their width."""
        if get_profile(result.profile).index_is_store:  # entries: no tokens, no links
            return frozenset({"tokens", "targets"})
        lines = result.index.lines
        empty = set()
        if not result.pointers() and not any(ln.targets for ln in lines):
            empty.add("targets")
        if not any(ln.hook for ln in lines):
            empty.add("hook")
        return frozenset(empty)

    @classmethod
    def widest(cls, result: AuditResult) -> dict[str, int]:
        """The widest value of each number column: line 40,012 reads "40012", not
        "400…" (newuser24 #30), a line's count whole."""
        lines = result.index.lines  # (in order: the last has the largest number)
        tokens = map(methodcaller("get", result.block.tokenizer, 0),
                     map(attrgetter("tokens"), result.line_costs))
        return {"line": len(str(lines[-1].number)) if lines else 1,
                "tokens": count_width(max(tokens, default=0) or 0),
                "chars": count_width(max(map(attrgetter("chars"), lines), default=0))}

    def column_widths(self, total: int) -> list[int]:
        """A store's Hook column holds a short share ("3.7% of 2,200"): its width is fixed,
        and the entries' text takes the rest."""
        result = self.result
        if result is None or not get_profile(result.profile).index_is_store:
            return super().column_widths(total)
        columns = tuple(replace(c, flex=False, width=15, want=0) if c.key == "hook" else c
                        for c in self.COLUMNS)
        return fit_widths(columns, total, gap=GAP, overhead=MARK_WIDTH + SCROLLBAR,
                          hidden=self._hidden, widest=self._widest)

    def _labels(self) -> list[Text]:
        """A store's rows are entries: Title reads Entry, Hook the share of the limit."""
        labels = super()._labels()
        result = self.result
        if result is not None and get_profile(result.profile).index_is_store:
            for i, col in enumerate(self.COLUMNS):
                said = {"title": "Entry", "hook": "Share of limit"}.get(col.key)
                if said:
                    labels[i] = Text(labels[i].plain.replace(col.label, said, 1),
                                     no_wrap=True)
        return labels

    def empty_text(self, result: AuditResult) -> str:
        """No index, but a file the agent loads in its place (Gemini's GEMINI.md): what it
        injects is counted, not "nothing" (newuser40 #29: the header said 44 tokens)."""
        instead = [] if result.index.exists else result.index_unloaded()
        if not instead:
            return self.EMPTY
        block = result.block
        return (f"No MEMORY.md, so no index entries: the agent loads "
                f"{printable(', '.join(instead))} in its place "
                f"({block.tokens.get(block.tokenizer, 0):,} {block.tokenizer} tokens "
                "injected: the Block view, 7, shows them).")

    def summary(self, result: AuditResult, palette: Palette) -> RenderableType:
        idx = result.index
        if not idx.exists:  # and what the agent loads in its place (newuser28 #29)
            instead = result.index_unloaded()
            return Text("no MEMORY.md" + (f" · the agent loads {printable(', '.join(instead))}"
                                          if instead else ""), style=palette.warning)
        if get_profile(result.profile).index_is_store:
            return store_summary(result, palette)
        entries = [ln for ln in idx.lines if ln.kind in ("entry", "packed")]
        packed = sum(1 for ln in entries if ln.kind == "packed")
        out = Text(f"{idx.lines_said} · {len(entries):,} with links "
                   f"({len(entries) - packed:,} hot, {packed:,} packed)")
        instead = result.index_unloaded()
        if instead:  # (newuser26 #27: not what the agent receives)
            out.append(f" · not loaded by the agent: it loads {printable(', '.join(instead))}",
                       style=palette.warning)
        pointers = len(result.pointers())
        if pointers:  # Gemini's: the entries it reads (newuser24 #14)
            out.append(f" · {plural(pointers, 'pointer line')}")
        beyond = [ln for ln in result.beyond_limit if ln.kind != "blank"]
        if beyond:
            # a unit named: "68 past the load limit" beside "238 with links" read as 68
            # entries, the header said 65 entries and the report 63 memories (newuser37 #2)
            out.append(f" · {plural(len(beyond), 'non-blank line')} past the load limit "
                       "(struck out)", style=palette.warning)
        return out
