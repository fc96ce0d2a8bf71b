"""``memtui --fleet ROOT``: every workspace under a root, one live health row each.

The table fills as worker processes finish each workspace, re-audits a workspace when files
under it change, and shows a sparkline of its unreachable orphans over its last commits.
Enter leaves this app with the chosen workspace; the command then opens the usual app on
it, and Esc there comes back here with the rows, sort, filter and cursor as they were.

The module is past 500 lines: one screen's app — its table, the workers that fill it and
their messages — belongs together (its state and the member app are modules apart).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events, on, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Input, Static
from textual.widgets.data_table import RowDoesNotExist

from memtui.core.audit import AuditOptions
from memtui.core.fleet import (
    audit_fleet,
    find_workspaces,
    mixed_fleet,
    no_workspace,
    shown_path,
    start_workers,
    tagged,
)
from memtui.core.reporting.health import files_cell, limit_style, limit_text
from memtui.core.reporting.safe_output import printable
from memtui.core.reporting.wording import plural, sparkline
from memtui.tui.config import load_config
from memtui.tui.fleet.state import FleetState
from memtui.tui.key_flow import KeyFlow
from memtui.tui.key_gate import KeyGate
from memtui.tui.themes import load_themes
from memtui.tui.widgets.cell_cut import middle_cut
from memtui.tui.widgets.columns import Column, fit_widths
from memtui.tui.widgets.fitting_footer import FittingFooter
from memtui.tui.widgets.list_table import ListTable

#: The fleet's columns in table order; they give way as the views' do (``fit_widths``):
#: what does not fit goes in ``drop`` order, and the workspace column shrinks to its least
#: width (cut in the middle, so that each workspace's own folder name stays).
FLEET_COLUMNS: tuple[Column, ...] = (
    # (want: a Claude Code row keeps its project and tag at 80 columns, newuser36 #28)
    Column("path", "Workspace", 18, flex=True, want=27),
    Column("exit", "Exit", 4, numeric=True),
    Column("memory_files", "Files", 5, numeric=True, drop=3),
    Column("orphans", "Orphans", 7, numeric=True),
    Column("unreachable", "Unreach.", 8, numeric=True),
    Column("broken_links", "Broken", 6, numeric=True),
    Column("dangling", "Dangling", 8, numeric=True, drop=1),
    Column("block_tokens", "Block tok.", 10, numeric=True, drop=2),
    Column("load_share", "Limit", 5, numeric=True, drop=6),
    Column("secrets", "Secrets", 7, numeric=True),
    # a warning (an injection, a store past its limit) shows (newuser36 #11)
    Column("warnings", "Warn.", 5, numeric=True, drop=7),
    Column("oldest_days", "Oldest d", 8, numeric=True, drop=5),
    Column("spark", "Unreach. trend", 14, drop=4),
)
#: Short of room for the load-limit share (80 columns), the orphans and the unreachable ones
#: share one column, "3 (3)" as ``audit --discover`` writes them, and the share stays: it is
#: what this screen is for (newuser38 #18: at 80×24 the Limit column went, and nothing on the
#: screen said Codex's summary was at 209 % of what the agent loads). The workspace column
#: reads well a cell shorter there.
NARROW_COLUMNS: tuple[Column, ...] = tuple(
    Column("unreachable", "Orph.(unr.)", 11, numeric=True) if c.key == "unreachable" else
    Column("path", "Workspace", 18, flex=True, want=26) if c.key == "path" else c
    for c in FLEET_COLUMNS if c.key != "orphans")
#: (column key, title) in table order.
COLUMNS: tuple[tuple[str, str], ...] = tuple((c.key, c.label) for c in FLEET_COLUMNS)
CELL_PADDING = 1  # the DataTable's, each side of a cell
SCROLLBAR = 2
SPARK_COMMITS = 12
#: A workspace that could not be audited shows its reason on at most this many lines.
ERROR_LINES = 3


def shared_front(paths: Iterable[str]) -> str:
    """The folders at the front of every one of ``paths`` (ending in ``/``; never a
    path's last part), "" when fewer than two paths or none is shared."""
    paths = list(paths)
    if len(paths) < 2:
        return ""
    try:
        front = os.path.commonpath(paths)
    except ValueError:  # some absolute, some relative
        return ""
    return f"{front}/" if front and front != "/" else ""


#: Folder names the memories of many workspaces share (an agent's home, its memory folder):
#: they tell no workspace apart.
SHARED_NAMES = frozenset({"memory", "memories", ".claude", ".hermes", ".codex"})


def folder_cut(path: str, width: int, shared: str = "") -> Text:
    """``path`` cut to ``width`` cells, the workspace's own folder name (its last part, and
    a ``[profile]`` after it) kept whole when it fits: the middle cut took half from each
    end ("kasproducti…laude-memory" for ``…/claude-memory``; newuser21 #13). ``shared``,
    the front every row's path has (`shared_front`), gives way first and the end of the
    rest is kept: it tells nothing apart, and kept it left "…ebapp/memory" of
    ``.claude/projects/-home-dana-{src,work}-webapp/memory`` (newuser26 #21)."""
    text = Text(path)
    if text.cell_len <= width or width < 5:
        return text
    if shared and path.startswith(shared):
        rest = path[len(shared):]
        while cell_len(rest) > width - 1:
            rest = rest[1:]
        return Text("…" + rest)
    parts = path.split("/")
    # The folder that tells a workspace apart: the last one, or the one before the names
    # every agent's memory shares (``memories`` of a Hermes home, ``.claude/memory``):
    # kept, "line-…/memories [hermes]" cut the one word that told it apart (newuser29 #35).
    k = len(parts) - 1
    while k > 0 and parts[k].split(" [", 1)[0] in SHARED_NAMES:
        k -= 1
    if k == 0 and len(parts) > 1:  # the whole path is that name: its shared end gives way
        keep = Text(parts[0] + "/")
        if width - keep.cell_len >= 5:
            return keep + middle_cut(Text("/".join(parts[1:])), width - keep.cell_len)
        return middle_cut(text, width)
    own = Text("/" + "/".join(parts[k:])) if k else Text("")
    if own.cell_len and own.cell_len <= width - 4:  # at least 3 cells of the front stay
        return middle_cut(text, width) if own.cell_len * 2 <= width else \
            Text(path[:width - 1 - own.cell_len]) + Text("…") + own
    if 0 < k < len(parts) - 1:
        # too long with the shared names after it: they give way, the folder that tells the
        # workspace apart stays ("…proj-alpha/… [gemini]" for ``.gemini/tmp/proj-alpha/
        # memory [gemini]``, where the middle cut left two rows alike: newuser34 #13)
        last = parts[-1]
        tag = Text(" [" + last.split(" [", 1)[1]) if " [" in last else Text("")
        room = width - 3 - tag.cell_len  # "…" before, "/…" after
        if room >= 5:
            name = Text(parts[k])
            if name.cell_len > room and parts[k].startswith("-"):
                # Claude Code's folder name, the project's path with "-" for "/": its end
                # is the project's own name (newuser36 #28: "-hom…c-app")
                name = Text(parts[k][-room:]) if cell_len(parts[k]) == len(parts[k]) \
                    else middle_cut(name, room)
            elif name.cell_len > room:
                name = middle_cut(name, room)
                return Text("…") + name + Text("/…") + tag
            return _fill(parts[:k], name, [p.split(" [", 1)[0] for p in parts[k + 1:]],
                         room + 3) + tag
    return middle_cut(text, width)


def _fill(front: list[str], name: Text, after: list[str], room: int) -> Text:
    """``name`` (the folder that tells a workspace apart) with as much of the path around
    it as ``room`` cells hold, whole folder names only: those before it first, nearest
    first, then the shared ones after it; what is left out is "…" (newuser42 #20:
    "…bot/… [codex]" in a 27-cell column for ``homes/bot/.codex/memories``)."""
    before: list[str] = []
    shown: list[str] = []

    def cells() -> int:
        lead = 0 if len(before) == len(front) else 1  # "…"
        return (lead + sum(cell_len(p) + 1 for p in before) + name.cell_len
                + sum(cell_len(p) + 1 for p in shown) + (2 if len(shown) < len(after) else 0))

    for part in reversed(front):
        before.insert(0, part)
        if cells() > room:
            before.pop(0)
            break
    for part in after:
        shown.append(part)
        if cells() > room:
            shown.pop()
            break
    out = Text("" if len(before) == len(front) else "…")
    out.append("".join(f"{p}/" for p in before))
    out.append_text(name)
    out.append("".join(f"/{p}" for p in shown) + ("/…" if len(shown) < len(after) else ""))
    return out


#: Each agent's home folder, by the profile that reads it: a row whose path starts with its
#: own profile's home names its agent there, and the ``[profile]`` tag would repeat it.
HOMES = {"claude-code": ".claude", "gemini": ".gemini", "codex": ".codex",
         "hermes": ".hermes", "openclaw": ".openclaw"}
#: Cells of a project's name kept at the least beside its agent's home folder.
PROJECT_TAIL = 8


def tail_cut(name: str, room: int) -> str:
    """The end of ``name`` in at most ``room`` cells."""
    while cell_len(name) > room:
        name = name[1:]
    return name


def home_cut(path: str, width: int) -> Text | None:
    """``path``, under its agent's home folder (its first part), in ``width`` cells: the
    home, then the folder that tells the workspace apart (the project's name: the last part
    before the names every agent's memory shares), its end kept when it is cut —
    ``.claude/…/-tmp-nu38-proj-app/…``, ``.gemini/…/tmp-nu38-proj-app`` (newuser38 #18:
    at 120 columns the agents' folders were the part cut, "…-nu38-proj-app/…
    [claude-code]" beside "…tmp-nu38-proj-app/… [gemini]"). None when fewer than
    ``PROJECT_TAIL`` cells of that name would stay."""
    text = Text(path)
    if text.cell_len <= width:
        return text
    parts = path.split("/")
    k = len(parts) - 1
    while k > 1 and parts[k] in SHARED_NAMES:
        k -= 1
    if k < 1:
        return None
    home, name = parts[0], parts[k]
    between = "/…/" if k > 1 else "/"
    after = "/…" if k < len(parts) - 1 else ""
    for shown in (home + between + name + after, home + between + name):
        if cell_len(shown) <= width:
            return Text(shown)
    room = width - cell_len(home) - 2  # "/…" before the name's end
    if room < PROJECT_TAIL:
        return None
    return Text(f"{home}/…{tail_cut(name, room)}")


class FilterBox(Input):
    """The fleet's filter: Enter goes back to the table at once (while the key is handled,
    so a key typed after it already finds the table focused: ``KeyFlow``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "leave", "Back to the table", show=False)]

    def action_leave(self) -> None:
        self.screen.set_focus(self.screen.query_one(DataTable))


class _NoHeap:
    """The fleet keeps no heap schedule: ``KeyFlow`` tells it of input, and nobody listens."""

    def input_seen(self) -> None:
        pass


#: Keys that move the table's cursor (the letters only while the table has the focus).
MOVES = frozenset({"up", "down", "pageup", "pagedown", "home", "end"})
LETTER_MOVES = frozenset({"j", "k", "g", "G"})


class FleetApp(KeyFlow, App[str | None]):
    """A fleet's health, one row per workspace; Enter opens one.

    Keys go on one at a time, each once the one before it has been handled (``KeyFlow``, as
    in the app): Enter is a priority binding, run as the app takes the key, so ``j`` then
    Enter typed quickly opened the row above, and ``/dem⏎`` the first row, its letters going
    to the table before ``/`` had moved the focus to the filter (newuser21 #12)."""

    TITLE = "memtui fleet"
    CSS = """
    #fleet-header { height: 1; padding: 0 1; background: $panel; }
    #fleet-filter { display: none; height: 1; border: none; padding: 0 1; }
    #fleet-filter.-on { display: block; }
    #fleet-table { height: 1fr; }
    #fleet-empty { display: none; height: auto; padding: 1 1; color: $warning; }
    #fleet-empty.-on { display: block; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the table's own Enter (hidden) would keep it out of the footer
        Binding("enter", "open", "Open", priority=True),
        Binding("slash", "filter", "Filter"),
        Binding("escape", "clear_filter", "Clear filter"),
        Binding("s", "sort", "Sort"),
        Binding("S", "reverse", "Reverse"),
        Binding("r", "reaudit", "Re-audit"),
        Binding("q", "quit_fleet", "Quit"),
        Binding("question_mark", "help", "Help"),
    ]

    def __init__(self, root: Path, options: AuditOptions | None = None, *,
                 fail_on: str = "error", state: FleetState | None = None,
                 theme: str | None = None, watch: bool = True, jobs: int | None = None
                 ) -> None:
        super().__init__()
        start_workers()
        self.keys = KeyGate()  # KeyFlow's state
        self.heap = _NoHeap()
        self._key_timer: Any = None
        self._dialog_seen: Any = None
        self.root = root
        self.options = options or AuditOptions()
        self.fail_on = fail_on
        self.state = state or FleetState()
        self.watching = watch
        self.jobs = jobs
        self.audited = 0  # rows that came in (tests wait on this)
        self._stop = threading.Event()
        self._redraw_pending = False
        self.widths: dict[str, int] = {}  # the columns shown, by key, and their widths
        self._shared = ""  # the front every shown row's path has (`shared_front`)
        self._mixed = False  # the fleet holds another agent's row than Claude Code's
        #: Each workspace's git HEAD when its sparkline was last made (None: in no
        #: repository): a workspace audited again is given one when its HEAD is new.
        self._spark_heads: dict[str, tuple[str, str, str] | None] = {}
        for t in load_themes():
            self.register_theme(t)
        for name in (theme, load_config().get("theme"), "memtui-night"):
            if isinstance(name, str) and name in self.available_themes:
                self.theme = name
                break
        self.sub_title = str(root)

    def compose(self) -> ComposeResult:
        yield Static(id="fleet-header")
        yield FilterBox(placeholder="filter workspaces (Enter or Esc to leave)",
                        id="fleet-filter")
        yield Static(id="fleet-empty")
        yield ListTable(id="fleet-table", cursor_type="row", zebra_stripes=True,
                        cell_padding=CELL_PADDING)
        yield FittingFooter()  # as the app's: at 80 columns ? and q stay, the rest fit

    def fit_columns(self, total: int) -> bool:
        """Columns for a table ``total`` cells wide; True when they changed."""
        # An empty column gives its width to the workspaces, as the views leave theirs out:
        # the trend column waits for a workspace in git (newuser24 #38: at 120 columns
        # "308368__s…de/memory" beside an "Unreach. trend" column empty on every row).
        hidden = () if self.state.sparks else ("spark",)
        columns = FLEET_COLUMNS
        widths = fit_widths(columns, total, gap=2 * CELL_PADDING, overhead=SCROLLBAR,
                            hidden=hidden)
        shown = {c.key: w for c, w in zip(columns, widths, strict=True) if w}
        if "load_share" not in shown:
            narrow = fit_widths(NARROW_COLUMNS, total, gap=2 * CELL_PADDING,
                                overhead=SCROLLBAR, hidden=hidden)
            if narrow[[c.key for c in NARROW_COLUMNS].index("load_share")]:
                columns, shown = NARROW_COLUMNS, {
                    c.key: w for c, w in zip(NARROW_COLUMNS, narrow, strict=True) if w}
        if shown == self.widths:
            return False
        self.widths = shown
        table = self.query_one(DataTable)
        if table.row_count and table.cursor_row < table.row_count:  # the cursor stays
            self.state.cursor = str(
                table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
        table.clear(columns=True)
        for c in columns:
            if c.key in shown:
                table.add_column(c.label, width=shown[c.key], key=c.key)
        return True

    def on_resize(self, event: Any) -> None:
        if self.fit_columns(event.size.width):
            self.redraw()

    def on_mount(self) -> None:
        self.fit_columns(self.size.width)
        if self.state.filter:
            box = self.query_one("#fleet-filter", Input)
            box.value = self.state.filter
            box.add_class("-on")
        self.redraw()
        self.query_one(DataTable).focus()
        if self.state.notice:
            self.notify(printable(self.state.notice), severity="error", markup=False)
            self.state.notice = ""
        if self.state.paths is None or not self.state.rows:
            self.audit_all()
        elif self.state.visited is not None:
            self.audit_all([self.state.visited])
        self.state.visited = None
        if self.watching:
            self.watch_root()

    def on_unmount(self) -> None:
        self._stop.set()

    # -- auditing (worker threads; the audits themselves run in worker processes) ----------

    @work(thread=True, exclusive=True, group="audit")
    def audit_all(self, only: list[str] | None = None) -> None:
        if only is None:
            paths = [os.fspath(p) for p in find_workspaces(self.root)]
            self.state.paths = paths
            gone = set(self.state.rows) - set(paths)
            for p in gone:
                self.state.rows.pop(p, None)
            self.call_from_thread(self.redraw)
        else:
            paths = only
        for row in audit_fleet([Path(p) for p in paths], self.options, self.fail_on,
                               jobs=self.jobs, processes=True,
                               fleet=[Path(p) for p in self.state.paths or paths]):
            if self._stop.is_set():
                return
            self.call_from_thread(self._row_done, row)
        # Every workspace audited whose HEAD is new since its last sparkline gets one: a
        # git workspace that joined, or whose .git came after its files (newuser28 #24:
        # no trend until `r`), or that was committed to.
        self.sparklines(paths, only is not None)

    def _row_done(self, row: dict[str, Any]) -> None:
        self.state.rows[row["path"]] = row
        self.audited += 1
        self._schedule_redraw()

    @work(thread=True, exclusive=True, group="spark")
    def sparklines(self, paths: list[str], new_heads_only: bool = False) -> None:
        """Unreachable orphans over each workspace's last commits (git repositories only);
        ``new_heads_only``: only for those whose HEAD changed since their last one."""
        from memtui.core.git.age import git_head
        from memtui.core.git.trend import TrendError, trend
        from memtui.core.workspace import WorkspaceError

        for p in paths:
            if self._stop.is_set():
                return
            head = git_head(Path(p))
            if new_heads_only and p in self._spark_heads and self._spark_heads[p] == head:
                continue
            self._spark_heads[p] = head
            if head is None:
                continue  # in no repository: no trend
            try:
                points = trend(p, self.options, last=SPARK_COMMITS)
            except (TrendError, WorkspaceError, OSError):
                continue
            if len(points) > 1:
                line = sparkline([pt["unreachable"] for pt in points])
                self.call_from_thread(self._spark_done, p, line)

    def _spark_done(self, path: str, line: str) -> None:
        first = not self.state.sparks
        self.state.sparks[path] = line
        if first:  # the trend column comes in
            self.fit_columns(self.size.width)
        self._schedule_redraw()

    @work(thread=True, exclusive=True, group="watch")
    def watch_root(self) -> None:
        """Re-audit the workspaces whose files change (new ones join, removed ones leave)."""
        from memtui.core.fleet import HIDDEN_ALLOWED
        from memtui.tui.watcher import BACK, watch_workspace

        def changed(rels: set[str]) -> None:
            known = sorted(self.state.paths or [], key=len, reverse=True)
            hit: set[str] = set()
            for rel in rels:
                full = os.fspath(self.root / rel)
                owner = next((k for k in known if full == k or full.startswith(k + os.sep)),
                             None)
                if owner is None or (rel.endswith("MEMORY.md")  # ⇣ its index came or went
                                     and (owner != os.path.dirname(full)
                                          or not os.path.isfile(full))):
                    self.call_from_thread(self.audit_all)  # a workspace came or went
                    return
                hit.add(owner)
            if hit:
                self.call_from_thread(self.audit_all, sorted(hit))

        try:
            watch_workspace(self.root, changed, self._stop,
                            lambda line: self.call_from_thread(
                                self.notify, line,
                                severity="information" if line == BACK else "warning"),
                            allow_hidden=HIDDEN_ALLOWED)  # where --discover looks too
        except Exception as exc:  # the root vanished, too many watches, …
            self.call_from_thread(self.notify, f"watching stopped: {exc}", severity="warning")

    # -- the table --------------------------------------------------------------------------

    def _schedule_redraw(self) -> None:
        if not self._redraw_pending:
            self._redraw_pending = True
            self.set_timer(0.25, self.redraw)

    def visible_rows(self) -> list[dict[str, Any]]:
        needle = self.state.filter.casefold()
        rows = [r for r in self.state.rows.values()
                if not needle or needle in self._rel(r["path"]).casefold()]
        key = self.state.sort

        def value(r: dict[str, Any]) -> Any:
            return r.get(key) if key != "path" else self._rel(r["path"])

        rows.sort(key=lambda r: self._rel(r["path"]))  # ties stay in path order
        # rows without the value (a workspace that could not be audited) last either way
        rows.sort(key=lambda r: value(r) is None)
        known = sum(1 for r in rows if value(r) is not None)
        rows[:known] = sorted(rows[:known], key=value, reverse=self.state.reverse)
        return rows

    def _rel(self, path: str) -> str:
        return shown_path(self.root, path)

    def redraw(self) -> None:
        self._redraw_pending = False
        tables = self.query(DataTable)
        if not tables:  # the timer came due while the screen closes: nothing to draw on
            return
        table = tables.first()
        # Until the operator moves it, the cursor is on the first row: not on the workspace
        # whose audit happened to finish first (newuser23 #24).
        keep = self.state.cursor if self.state.chosen else None
        if self.state.chosen and table.row_count and table.cursor_row < table.row_count:
            keep = str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
        table.clear()
        rows = self.visible_rows()
        self._shared = shared_front(self._rel(r["path"]) for r in rows)
        self._mixed = mixed_fleet(self.state.rows.values())
        keys = [k for k, _ in COLUMNS]
        for r in rows:
            cells = dict(zip(keys, self._cells(r), strict=True))
            height = 1
            if r.get("error"):
                cells["path"], height = self._wrapped(cells["path"])
            table.add_row(*(cells[k] for k in self.widths), key=r["path"], height=height)
        if keep is not None:
            with contextlib.suppress(RowDoesNotExist):  # filtered out, or gone
                table.move_cursor(row=table.get_row_index(keep), animate=False)
        self.state.cursor = keep
        total = len(self.state.paths or [])
        failing = sum(1 for r in self.state.rows.values() if r.get("exit"))
        head = Text.assemble(("memtui fleet", "bold"), f"  {printable(str(self.root))}  ",
                             plural(total, "workspace"))
        if len(self.state.rows) < total:
            head.append(f", audited {len(self.state.rows):,}")
        head.append(f" · {failing:,} failing", style="bold red" if failing else "green")
        if self.state.filter:
            head.append(f" · showing {len(rows):,} of {len(self.state.rows):,}")
        arrow = "▼" if self.state.reverse else "▲"
        head.append(f" · sort {dict(COLUMNS)[self.state.sort]} {arrow}", style="dim")
        # Discovered, and none: say why, as audit --discover does (newuser26 #43).
        empty = self.query_one("#fleet-empty", Static)
        empty.set_class(self.state.paths == [], "-on")
        if self.state.paths == []:
            empty.update(Text(printable(no_workspace(str(self.root))) + " (watched: one "
                              "that appears is shown)" * self.watching, style="bold"))
        self.query_one("#fleet-header", Static).update(head)

    def _cells(self, r: dict[str, Any]) -> list[Any]:
        """Every column's cell, in COLUMNS order (``redraw`` keeps the shown ones)."""
        width = self.widths.get("path", 0)
        rel = folder_cut(self._rel(r["path"]), width, self._shared)
        if tagged(r.get("profile"), self._mixed):  # an agent's (issue 33): say which
            shown, home = self._rel(r["path"]), HOMES.get(str(r.get("profile")))
            whole = f"{shown} [{r['profile']}]"
            rel = folder_cut(whole, width, self._shared)
            if home is not None and shown.startswith(f"{home}/") and \
                    cell_len(whole) > width:
                # cut: under its own agent's home, the home names the agent and the
                # project stays (newuser38 #18)
                rel = home_cut(shown, width) or rel
        if r.get("error"):  # the reason follows the workspace, in its column, wrapped
            # (cut to one line it read "b MEMORY.md: symli…": newuser24 #38)
            rel = middle_cut(Text(self._rel(r["path"])), max(12, width // 2))
            rel.append(f" {printable(r['error'])}", style="red")
            return [rel, Text(str(r["exit"]), style="bold red"), *[""] * (len(COLUMNS) - 2)]

        def num(key: str, style: str = "") -> Text:
            value = r.get(key)
            return Text(f"{value:,}" if value is not None else "–",
                        style=style if value else "", justify="right")

        unreachable = num("unreachable", "bold red")
        if "orphans" not in self.widths and r.get("orphans") is not None:  # one column
            unreachable = Text.assemble((f"{r['orphans']:,}", "yellow" if r["orphans"] else ""),
                                        " (", unreachable, ")", justify="right")
        return [rel, Text(str(r["exit"]), style="bold red" if r["exit"] else "green"),
                Text(files_cell(r), justify="right") if r.get("saved_memories")
                else num("memory_files"), num("orphans", "yellow"), unreachable,
                num("broken_links", "red"), num("dangling"), num("block_tokens"),
                Text(limit_text(r), style=limit_style(r), justify="right"),
                num("secrets", "bold red"), num("warnings", "yellow"), num("oldest_days"),
                Text(self.state.sparks.get(r["path"], ""), style="yellow")]

    def _wrapped(self, cell: Text) -> tuple[Text, int]:
        """A workspace cell wrapped to its column, on at most ERROR_LINES lines (the last
        one ending in an ellipsis when it goes on), and how many lines it takes."""
        width = max(2, self.widths.get("path", 0))
        lines = list(cell.wrap(self.console, width))
        if len(lines) > ERROR_LINES:
            lines = lines[:ERROR_LINES]
            lines[-1].truncate(width - 1)
            lines[-1].append("…", style="red")
        return Text("\n").join(lines), len(lines)

    # -- keys --------------------------------------------------------------------------------

    def _expire_notice(self) -> None:
        """(``KeyFlow`` ends the app's notice at a key; the fleet's notices are toasts.)"""

    def action_help(self) -> None:
        from memtui.tui.dialogs.help import FleetHelpScreen

        self.push_screen(FleetHelpScreen(classes=[type(self), ListTable]))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter opens the workspace under the table's cursor: from the table only (the
        filter's Enter leaves the filter; a dialog's is its own)."""
        if action == "open":
            return isinstance(self.focused, ListTable) and self.focused.id == "fleet-table"
        if action == "clear_filter":  # offered while there is a filter (newuser26 #33)
            # (the box is gone while the screen closes: asked then, nothing is offered)
            return bool(self.state.filter) or any(box.has_class("-on")
                                                  for box in self.query("#fleet-filter"))
        return True

    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if not table.row_count:
            self.notify("no workspace to open", severity="warning")
            return
        path = str(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
        self.state.cursor, self.state.chosen = path, True
        self.state.opened_at = time.perf_counter()
        self.state.visited = path
        self.exit(path)

    async def on_event(self, event: events.Event) -> None:
        """A key that moves the table's cursor, or a click, is the operator's choice of
        row (see `FleetState.chosen`)."""
        moves = isinstance(event, events.Key) and (
            event.key in MOVES
            or (event.key in LETTER_MOVES and isinstance(self.focused, DataTable)))
        if moves or isinstance(event, events.MouseDown):
            self.state.chosen = True
        await super().on_event(event)

    @on(DataTable.RowSelected)
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    @on(DataTable.HeaderSelected)
    def _header(self, event: DataTable.HeaderSelected) -> None:
        key = str(event.column_key.value)
        if key == "spark":
            return
        if key == self.state.sort:
            self.state.reverse = not self.state.reverse
        else:
            self.state.sort, self.state.reverse = key, key != "path"
        self.redraw()

    def action_sort(self) -> None:
        keys = [k for k, _ in COLUMNS if k != "spark" and k in self.widths]  # shown ones
        at = keys.index(self.state.sort) if self.state.sort in keys else -1
        self.state.sort = keys[(at + 1) % len(keys)]
        self.state.reverse = self.state.sort != "path"  # numbers: worst first
        self.redraw()

    def action_reverse(self) -> None:
        self.state.reverse = not self.state.reverse
        self.redraw()

    def action_filter(self) -> None:
        box = self.query_one("#fleet-filter", Input)
        box.add_class("-on")
        self.screen.set_focus(box)  # now: the next key typed is the filter's (KeyFlow)
        self.refresh_bindings()

    def action_clear_filter(self) -> None:
        box = self.query_one("#fleet-filter", Input)
        if box.has_focus and box.value:
            self.screen.set_focus(self.query_one(DataTable))
            return
        box.value = ""
        box.remove_class("-on")
        self.screen.set_focus(self.query_one(DataTable))
        self.refresh_bindings()

    @on(Input.Changed, "#fleet-filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        self.state.filter = event.value
        self.redraw()

    @on(Input.Submitted, "#fleet-filter")
    def _filter_done(self) -> None:
        self.query_one(DataTable).focus()

    def action_reaudit(self) -> None:
        self.notify("auditing every workspace again …")
        self.audit_all()

    def action_quit_fleet(self) -> None:
        self.exit(None)
