"""The Findings view: everything the audit found, grouped by kind, most severe first.

Many findings of one kind are drawn as one row saying the count (`memtui.core.reporting.grouping`):
a noise folder's orphans, or a kind on more than five files, its Message cell naming the
first files and their wording. Each is still its own finding (the filter finds a group by
its files' names; the Orphans and Files views list each file); the row leads to no one
file, as a workspace-level finding."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType

from memtui.core.audit import AuditResult
from memtui.core.checks.findings import KIND_TITLES, SEVERITY_RANK, WORKSPACE, Finding
from memtui.core.checks.noise import noise_folders
from memtui.core.files.name_order import name_key
from memtui.core.reporting.grouping import Group, draw_items
from memtui.core.reporting.hidden import severity_changes
from memtui.core.reporting.wording import plural
from memtui.tui.messages import grouped_of, grouped_path
from memtui.tui.palette import Palette
from memtui.tui.widgets.audit_table import (
    AuditTable,
    Column,
    Row,
    RowCache,
)
from memtui.tui.widgets.cell_cut import MiddleText
from memtui.tui.widgets.table_rows import data_text

#: The Where cell of a finding about the workspace as a whole (the preview lists its files).
WHOLE_WORKSPACE = "(workspace)"
#: The columns a group row's files are fitted to (the Message cell cuts the rest).
GROUP_WIDTH = 120
#: The Message column keeps at least this many cells when Kind and Where widen to their
#: widest cell (newuser32 #22: at 200 columns they stayed at 16 and 22, cutting every path).
MESSAGE_KEEPS = 50
#: Then the Kind widens on while the Message keeps this many cells: the kind names the
#: finding, the preview shows the whole message (newuser40 #13: ``Contradicting m…`` at
#: 120 columns, with a Message of 28 cells).
KIND_LEAVES = 20


def group_count(g: Group) -> str:
    """How many lines (or findings) of its one file a group gathers."""
    lines = {f.line for f in g.findings}
    return plural(len(g.findings), "finding") if None in lines or 0 in lines \
        else plural(len(lines), "line")


def group_where(g: Group) -> str:
    """The Where cell of a group row: ``(8 files)``; for one file's findings, the file and
    how many of its lines (``MEMORY.md (45 lines)``: "(1 file)" hid which file and that there
    were 45 lines, newuser24 #32)."""
    if len(g.files) == 1:
        return f"{g.files[0]} ({group_count(g)})"
    return f"({plural(len(g.files), 'file')})"


class FindingsView(AuditTable):
    COLUMNS = (
        Column("kind", "Kind", 16),
        Column("severity", "Sev", 7),
        # From the workspace's root, as `memtui audit` names it: the index and the other
        # root files sit beside the memories here, and under a header saying (memory/) no
        # spelling of a root file read right (/MEMORY.md:186 as an absolute path,
        # ../MEMORY.md as one outside, MEMORY.md as memory/MEMORY.md: newuser29 #17).
        Column("where", "Where", 22),
        Column("message", "Message", 20, flex=True),
    )
    DEFAULT_SORT = 0
    EMPTY = "No findings: this memory is clean."
    DETAIL = ("message",)
    DETAIL_HEAD = "where"
    #: (rows, their widest Kind and Where cells) for the rows last measured.
    _measured: tuple[list[Row], dict[str, int]] | None = None

    def column_widths(self, total: int) -> list[int]:
        """As every table's, then Kind and Where widened up to their widest cell with the
        width the Message has beyond ``MESSAGE_KEEPS`` (a path cut in the middle could not
        be told from its neighbours: ``memory/cha…story.md:10``)."""
        widths = super().column_widths(total)
        keys = [c.key for c in self.COLUMNS]
        message = keys.index("message")
        widest = self._widest_cells()
        for key in ("where", "kind"):
            i = keys.index(key)
            more = min(widest.get(key, 0) - widths[i], widths[message] - MESSAGE_KEEPS)
            if widths[i] and more > 0:
                widths[i] += more
                widths[message] -= more
        kind = keys.index("kind")
        more = min(widest.get("kind", 0) - widths[kind], widths[message] - KIND_LEAVES)
        if widths[kind] and more > 0:
            widths[kind] += more
            widths[message] -= more
        return widths

    def _widest_cells(self) -> dict[str, int]:
        """Cells of the widest Kind and Where of the rows shown (measured once per rows)."""
        if self._measured is None or self._measured[0] is not self.rows:
            widest = {"kind": 0, "where": 0}
            for row in self.rows:
                for key, cell in (("kind", row.cells[0]), ("where", row.cells[2])):
                    if isinstance(cell, Text):
                        widest[key] = max(widest[key], cell_len(cell.plain))
            self._measured = (self.rows, widest)
        return self._measured[1]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("O", "open_other", "Open the other side"),
    ]

    @classmethod
    def cached_rows(cls, result: AuditResult, palette: Palette,
                    cache: RowCache) -> list[Row]:
        def make(item: tuple[int, Finding, str, str]) -> Row:
            i, f, cause, was = item
            colour = palette.muted if cause else palette.severity(f.severity)
            whole = f.path == WORKSPACE
            where = WHOLE_WORKSPACE if whole else f"{f.path}:{f.line}" if f.line else f.path
            title = KIND_TITLES.get(f.kind, f.kind)
            cells: tuple[RenderableType, ...] = (
                Text(title, style=colour),
                Text(f.severity, style=colour),
                Text(where, style=palette.muted) if whole
                else MiddleText(where),  # the :line stays when cut
                data_text("(accepted in the baseline) " + f.message if cause == "baseline"
                          else f"(suppressed: {cause}) {f.message}" if cause
                     # as `memtui audit` names it (newuser23 #22)
                     else f"(lowered from {was} by the config) {f.message}" if was
                     else f.message,
                     style=palette.muted if cause else ""),
            )
            # paths in natural order, as the audit's lists and the Files view (newuser37
            # #15: 笔记-10 before 笔记-3)
            key = name_key(f.path)
            group = (-SEVERITY_RANK[f.severity], title, key, f.line or 0)
            return Row(f"{f.kind}:{where}:{i}", cells,
                       sort=(group, (-SEVERITY_RANK[f.severity], title),
                             (key, f.line or 0), f.message),
                       path=f.path, line=f.line, about=f.files if whole else (f.path,),
                       data=f,
                       pick=f"{f.kind}\x1f{f.path}\x1f{f.message}")

        def make_group(g: Group) -> Row:
            colour = palette.severity(g.severity)
            title = KIND_TITLES.get(g.kind, g.kind)
            files = g.files
            cells: tuple[RenderableType, ...] = (
                Text(title, style=colour),
                Text(g.severity, style=colour),
                MiddleText(group_where(g), style=palette.muted),
                data_text(f"{g.head(GROUP_WIDTH)} — {g.wording()}"),
            )
            sort_group = (-SEVERITY_RANK[g.severity], title, "", 0)
            # (the preview lists the files it gathers: newuser23 #21, it kept the file of
            # the row before)
            return Row(f"group:{g.kind}:{g.severity}:{g.folder or ''}", cells,
                       sort=(sort_group, (-SEVERITY_RANK[g.severity], title), ("", 0),
                             g.head(GROUP_WIDTH)),
                       path=grouped_path(g.kind, g.severity, g.folder), about=files, data=g,
                       search="\x1f".join((title, g.severity, g.head(GROUP_WIDTH),
                                           g.wording(), *files)).casefold(),
                       pick=f"group\x1f{g.kind}\x1f{g.severity}\x1f{g.folder or ''}")

        rows: list[Row] = []
        drawn = draw_items(result.findings, noise_folders(result.scans, result.reachable))
        lowered = {id(f): was for f, was in result.lowered}
        for i, item in enumerate(drawn):
            if isinstance(item, Group):
                rows.append(cache.row(item, make_group, item))  # type: ignore[arg-type]
            else:
                key = (i, item, "", lowered.get(id(item), ""))
                rows.append(cache.row(key, make, key))
        if result.show_suppressed or result.show_accepted:  # (b: the baseline's alone)
            start = len(drawn)
            rows += [cache.row(item, make, item) for item in
                     ((start + i, s.finding, s.cause, "")
                      for i, s in enumerate(result.suppressed)
                      if result.show_suppressed or s.cause == "baseline")]
        return rows

    def selection(self) -> tuple[str, int | None] | None:
        """The file under the cursor; none on a finding about the whole workspace (there
        is no one file to open or copy: the preview lists the files it gathers)."""
        picked = super().selection()
        return None if picked is not None and (picked[0] == WORKSPACE
                                               or grouped_of(picked[0]) is not None) \
            else picked

    def other_side(self) -> str | None:
        """The other file the finding under the cursor names (a near-duplicate's other
        memory, the memory that shares a duplicate name, the project file a stale reference
        points into); None when none."""
        row = self.current_row()
        f = row.data if row is not None else None
        if isinstance(f, Finding) and f.path != WORKSPACE and f.files:
            return f.files[0]
        if isinstance(f, Finding) and f.kind == "duplicate_name" and self.result is not None:
            # the memory that shares this one's name (the message names it)
            name = next((r.name for r in self.result.files if r.path == f.path), None)
            return next((r.path for r in self.result.files
                         if name and r.name == name and r.path != f.path), None)
        return None

    def action_open_other(self) -> None:
        """Open the other side of the finding under the cursor in the editor (``o`` opens
        this side)."""
        other = self.other_side()
        if other is None:
            self.notify("nothing on the other side: the finding under the cursor names no "
                        "other file", severity="warning")
            return
        self.app.open_in_editor(other)  # type: ignore[attr-defined]

    def why_nothing(self) -> str:
        row = self.current_row()
        if row is not None and isinstance(row.data, Group):
            if len(row.data.files) == 1:
                return (f"the row under the cursor stands for {group_count(row.data)} of "
                        f"{row.data.files[0]} (the message names them)")
            return (f"the row under the cursor stands for {plural(len(row.data.files), 'file')}"
                    " (the Orphans and Files views list each one)")
        if row is not None and row.path == WORKSPACE:
            return "the finding under the cursor is about the whole workspace (the preview " \
                   "lists its files)"
        return super().why_nothing()

    def summary(self, result: AuditResult, palette: Palette) -> RenderableType:
        by_sev = Counter(f.severity for f in result.findings)
        out = Text()
        for sev in ("error", "warning", "info"):
            if out:
                out.append(" · ")
            out.append(plural(by_sev[sev], sev),
                       style=palette.severity(sev) if by_sev[sev] else "")
        if result.baseline_path is not None:  # (newuser41 #27)
            accepted = sum(1 for s in result.suppressed if s.cause == "baseline")
            out.append(f" · {len(result.findings):,} new since the baseline, "
                       f"{accepted:,} accepted ("
                       + ("b hides them" if result.show_accepted else "b shows them") + ")",
                       style=palette.muted)
        # What is hidden comes right after the counts, before the kinds: at the end of a
        # long line it was past the edge even at 200 columns (newuser24 #21).
        if result.suppressed:
            out.append(f" · {len(result.suppressed):,} suppressed ("
                       + ("i hides them" if result.show_suppressed else "i shows them") + ")",
                       style=palette.muted)
        if result.lowered:  # named, as `memtui audit` names it (newuser23 #22)
            named = ", ".join(f"{c['rule']} {c['from']}→{c['to']}"
                              for c in severity_changes(result.lowered))
            out.append(f" · {len(result.lowered):,} lowered by the config ({named})",
                       style=palette.severity("warning"))
        kinds = Counter(f.kind for f in result.findings)
        if kinds:
            out.append(" — " + ", ".join(f"{KIND_TITLES.get(k, k).lower()} {n:,}"
                                         for k, n in kinds.most_common()))
        return out
