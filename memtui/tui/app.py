"""``MemtuiApp``: a workspace's memory at a glance, kept live while an agent works in it.

The app class ties together what lives in modules of its own, one concern each, mixed into
it: its bindings and actions (``app_actions``, with the curation keys of
``curate_actions``), the audit worker and the watcher (``audit_worker``), the layout of the
views, preview and chat (``layout``), the views built ahead while idle (``build_ahead``)
and keys that wait for a dialog (``key_flow``). Here: its state, theme, lifetime, status
line, and the navigation between the views.

The module is past 500 lines since the status line kept its notices and held an
operation's outcome over an agent's change notice (newuser39 #5): moving the status line
into a module of its own is the next step.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any, ClassVar, cast

from rich.text import Text
from textual import on
from textual.app import App
from textual.binding import BindingType
from textual.screen import Screen
from textual.theme import Theme
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static, TabbedContent, TabPane

from memtui.agent.settings import AgentSettings, asked_kinds
from memtui.core.audit import AuditOptions, Auditor, AuditResult
from memtui.core.config import Config, ConfigError
from memtui.core.config import load_config as load_audit_config
from memtui.core.counting.tokens import CountingChild, default_counter
from memtui.core.record import replace
from memtui.core.reporting.safe_output import printable
from memtui.core.workspace import Workspace
from memtui.tui.app_actions import APP_ACTIONS, APP_BINDINGS, AppActions
from memtui.tui.audit_worker import AuditWorker
from memtui.tui.build_ahead import BuildAhead
from memtui.tui.config import load_config, save_config
from memtui.tui.curate_actions import CurateActions
from memtui.tui.heap import HeapKeeper
from memtui.tui.key_flow import KeyFlow
from memtui.tui.key_gate import KeyGate
from memtui.tui.layout import VIEWS, Layout, chat_available
from memtui.tui.messages import CommitSelected, JumpTo, MemorySelected
from memtui.tui.palette import Palette
from memtui.tui.themes import SEVERITY_FALLBACKS, load_themes, readable_cursor
from memtui.tui.views.base import AuditView
from memtui.tui.views.trend import TrendView
from memtui.tui.widgets.audit_table import Row, RowCache
from memtui.tui.widgets.blank import BlankScreen
from memtui.tui.widgets.fitting_footer import FittingFooter
from memtui.tui.widgets.give_way import GiveWay
from memtui.tui.widgets.health_header import HealthHeader, shown_path
from memtui.tui.widgets.preview import MemoryPreview

DEFAULT_THEME = "memtui-night"
NOTICE_SECONDS = 8.0
#: Notices the Notices dialog lists (newest first).
NOTICES_KEPT = 50


class _Nothing:
    """Stands in for the screen while the app shuts down: every query finds nothing."""

    def query(self, selector: object) -> list[Any]:
        return []

    def query_one(self, selector: object, expect_type: object = None) -> Any:
        from textual.css.query import NoMatches

        raise NoMatches(f"no screen for {selector!r}")


_NOTHING = _Nothing()


#: Turns of the event loop a view switch waits, still batched, for the requests of the
#: widgets it changed (see ``action_show_view``).
SETTLE_TURNS = 4


def _underline(tabs: TabbedContent, pid: str) -> None:
    """Put the tab bar's underline under ``pid``'s tab now, in the switch's frame: Textual
    moves it after the next paint, which cost a second paint of the tab bar (and, with the
    preview's changes, of most of the screen). It finds it in place then and does nothing."""
    tab = tabs.get_tab(pid)
    # Textual's widget under the tabs (not a public class), beside the row of tabs; a
    # query from `tabs` would walk every view.
    row = tab.parent.parent if tab.parent is not None else None
    bar = row.query_children("Underline") if isinstance(row, Widget) else None
    if not bar or not tab.region:
        return
    start, end = tab.virtual_region.shrink(tab.styles.gutter).column_span
    underline: Any = bar.first()
    underline.highlight_start, underline.highlight_end = start, end


class MemtuiApp(KeyFlow, AppActions, AuditWorker, BuildAhead, Layout, CurateActions,
                App[int]):
    """Audit a workspace, show it, and keep it current as files change."""

    waits_for_first_audit = True  # keys for a view wait until it is shown (key_flow)

    CSS_PATH = Path(__file__).with_name("memtui.tcss")  # absolute: subclasses live elsewhere
    TITLE = "memtui"
    BINDINGS: ClassVar[list[BindingType]] = APP_BINDINGS
    ACTIONS: ClassVar[dict[str, tuple[str, str]]] = APP_ACTIONS


    def __init__(self, workspace: Workspace, options: AuditOptions | None = None, *,
                 settings: AgentSettings | None = None, theme: str | None = None,
                 watch: bool = True, config: Config | None = None,
                 asked_at: float | None = None) -> None:
        """``asked_at``: when the operator asked for this workspace (``time.perf_counter``;
        the fleet's Enter), from which the first audit's summary counts the wait."""
        super().__init__()
        #: The first audit's summary says the wait from here, not the audit's own time
        #: (newuser26 #12: "3.16 s" said after 6.1 s from the fleet's Enter).
        self.asked_at = time.perf_counter() if asked_at is None else asked_at
        if "TEXTUAL_ANIMATIONS" not in os.environ:
            # The tabs' underline slid for 0.3 s after each switch: ~10 more frames, 30 ms
            # of CPU, more than half a switch's budget (issue 32 item 17).
            self.animation_level = "none"
        self.workspace = workspace
        self.options = options or AuditOptions()
        config_problem = ""
        if config is None:  # the workspace's own .memtui.toml, as memtui audit reads it
            try:
                config = load_audit_config(workspace.root)
            except ConfigError as exc:
                config, config_problem = Config(), f"configuration not used: {exc}"
        #: ``.memtui.toml`` (or ``--config``): its excludes, ignores and severities.
        self.config = config
        #: ``--config FILE`` when given: ``r`` reads that file again (else the workspace's).
        self.config_file: str | None = None
        #: The shaping settings (`memtui.core.config.SHAPING`) given as flags: the
        #: operator's, over the workspace's own file (`memtui.core.kept_out`).
        self.flagged: frozenset[str] = frozenset()
        if config.exclude and not self.options.exclude:
            self.options = replace(self.options, exclude=config.exclude)
        if config.include_archives:
            self.options = replace(self.options, include_archives=True)
        #: The Findings view lists the suppressed findings too (key ``i``).
        self.show_suppressed = False
        #: How many times ``i`` was pressed: rows built before a press are stale (newuser32 #29).
        self.suppressed_flips = 0
        self.settings = settings or AgentSettings()
        # [agent] ask-before: a workspace's own file adds to the operator's, never removes
        self.settings.ask_before = asked_kinds(config, workspace.root, self.settings.ask_before)
        # Each memory's token count comes after the audit is on screen (see _audit), and
        # tokens are counted in a child process: loading a vocabulary would hold this
        # interpreter (and freeze the screen) for tenths of a second. No memory's text is
        # kept: the preview and the counts read it again, checked (issue 35).
        self._counting = CountingChild()
        self.auditor = Auditor(workspace, replace(self.options, file_tokens=False),
                               default_counter(self._counting), lazy_scans=True,
                               hold_stored_scans=False, hold_texts=False)
        # While an audit runs, its worker gives way whenever the screen is busy drawing.
        self.give_way = GiveWay()
        self.auditor.pause = self.give_way.check
        self._beat: Timer | None = None
        self.result: AuditResult | None = None
        self.palette = Palette()
        self.audits = 0  # completed audits, token counts included (tests wait on this)
        self.shown = 0  # audit results put on screen (before their token counts, too)
        self.views_ready = False  # the tabs have settled on their first view
        self.notice = config_problem
        #: What the status line said, newest last (time, text, error): read back in the
        #: Notices dialog (newuser39 #5: a refusal replaced within 2 s was lost).
        self.notices: deque[tuple[str, str, bool]] = deque(maxlen=NOTICES_KEPT)
        self._notice_held = False  # the line shows an operation's outcome
        self._change_waiting: str | None = None  # one held back behind another notice
        self.watching = watch
        self.watch_problem: str | None = None
        #: The first audit's summary ("audited N memory files in T s"), while the notice
        #: still shows it: a watch problem heard after it joins it rather than replace it.
        self._summary: str | None = None
        self._below = ""  # where the memory is, when the folder opened has none
        #: What the command line's `memtui` says first in the first notice: the folder it
        #: chose below the PATH given (newuser29 #19), the limit flags this workspace's
        #: profile has no use for (#31).
        self.start_note = ""
        self._requested_theme = theme
        self._auditing = False
        self.heap = HeapKeeper()
        self._row_caches: dict[str, RowCache] = {}  # the audit worker's alone
        self.audit_progress: tuple[str, int, int] | None = None  # set by the audit thread
        self._progress_shown: tuple[str, int, int] | None = None
        self._pending: set[str] | None = None  # changes seen while an audit ran
        self._quiet: set[str] = set()  # files memtui wrote: their audit keeps its notice
        # each file memtui wrote, as it was when its re-audit was asked for: the watcher's
        # report of the same write audits nothing new (newuser35 #6)
        self._written: dict[str, tuple[int, int, int] | None] = {}
        # each file the watcher reported, as it was when its re-audit was asked for: the
        # chat's agent says it wrote the file after (newuser35 #6)
        self._heard: dict[str, tuple[int, int, int] | None] = {}
        self._full_pending = False
        self._rows: dict[str, list[Row]] = {}  # table rows of the last audit, by view
        self._shown_pid = VIEWS[0][0]  # the view on screen (the audit worker reads it)
        self._switched: str | None = None  # the view `action_show_view` just activated
        self._main_widgets: dict[str, Widget] = {}  # see `_view_widget`
        self._views: dict[str, Widget] = {}  # see `view`
        self._slot_width: int | None = None  # the chat slot's width as last set
        self._rows_coming: set[str] = set()  # views whose rows the worker builds after a show
        self._announcing = False  # the view on screen told the preview its row: not heard yet
        self._stop = threading.Event()
        self._chat = chat_available()
        self._narrow = False
        self._one_side = True  # no room for the preview and the chat both: one at a time
        self._preview_on = True  # the operator's choice (p); the chat may cover it
        #: Keys typed while a dialog opens or the focus moves wait here (see key_gate).
        self.keys = KeyGate()
        self._key_timer: Timer | None = None
        self._dialog_seen: tuple[Screen[Any], float] | None = None
        for t in load_themes():
            self.register_theme(t)
        if os.environ.get("MEMTUI_SERVED"):  # a browser draws ANSI colours black on black:
            for name in [n for n in self.available_themes if n.startswith("ansi")]:
                self.unregister_theme(name)  # not offered by the theme picker (t) either
        self.theme = self._initial_theme()
        self.sub_title = str(workspace.root)

    def get_default_screen(self) -> Screen[Any]:
        """The main screen, drawn blank under its widgets (see `widgets.blank`)."""
        return BlankScreen(id="_default")

    @property
    def _ui(self) -> Any:
        """The screen the app's own widgets live on: dialogs and help come and go above it,
        and audits finishing meanwhile must still reach the views. While the app closes
        there is none, and queries find nothing."""
        stack = self.screen_stack
        return stack[0] if stack else _NOTHING

    # -- theme -----------------------------------------------------------------------------

    def _initial_theme(self) -> str:
        served = bool(os.environ.get("MEMTUI_SERVED"))  # in a browser: ANSI colours are
        for name in (self._requested_theme, load_config().get("theme"), DEFAULT_THEME):  # black
            if served and isinstance(name, str) and name.startswith("ansi"):
                continue
            if isinstance(name, str) and name in self.available_themes:
                return name
        return "textual-dark"

    def get_css_variables(self) -> dict[str, str]:
        variables = super().get_css_variables()
        for name, fallback in SEVERITY_FALLBACKS.items():
            variables.setdefault(name, variables.get(fallback, "red"))
        variables.update(readable_cursor(variables))
        self.theme_variables = variables
        return variables

    def _theme_changed(self, theme: Theme) -> None:
        save_config(theme=theme.name)
        self.palette = Palette.from_variables(self.theme_variables)
        if self.result is not None:
            self._repaint(self.result, self.palette)

    # -- lifetime --------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.palette = Palette.from_variables(self.theme_variables)
        if self._requested_theme:
            save_config(theme=self.theme)
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self._ui.query_one("#views").loading = True
        self._ui.query_one(HealthHeader).loading(shown_path(self.workspace.root))
        self._apply_width(self.size.width, self.size.height)
        # The counting child starts now and loads its vocabularies on another core while
        # the first frame is drawn; it scans part of the workspace for the first audit.
        self._counting.prepare(self.auditor.block_tokenizers)
        self.heap.start()
        self.set_interval(0.5, self.heap.tick)
        self.set_interval(0.2, self._show_progress)
        self._beat = self.set_interval(0.01, self.give_way.beat, pause=True)

    def on_ready(self) -> None:
        """The first frame is on screen: now start the audit and the watcher (threads that
        would otherwise compete with the first paint for the interpreter)."""
        self.start_audit(None)
        if self.watching:
            self._watch()

    def on_unmount(self) -> None:
        self._stop.set()
        self.give_way.stop()  # a worker still auditing runs on at full speed, and ends
        self.heap.stop()
        self._counting.stop()  # (a worker's next step ends it: it audits for no one now)
        if not self._auditing:  # the next launch's first audit from the derived cache
            self.auditor.keep_derived()

    # -- the status line ---------------------------------------------------------------------

    def set_notice(self, text: str, error: bool = False, held: bool = False) -> None:
        """Say ``text`` in the status line until the operator moves on (the next key or
        click) or ``NOTICE_SECONDS`` pass; then the line rests (see ``_expire_notice``).
        ``held``: an operation's outcome (a curation, a refusal): a watcher's change notice
        does not replace it while it shows (`say_change`)."""
        self.notice = text
        self._notice_held = held
        if text:
            self.notices.append((time.strftime("%H:%M:%S"), text, error))
        found = self._ui.query("#notice")
        if not found:
            return  # the app is closing
        notice = cast(Static, found.first())
        # names in it are data, not markup; one line, full width: no layout. A longer
        # one wraps (at most 3 lines, newuser22 #3: cut at the width, the undo hint at
        # its end was lost), and then the screen is laid out again, as when it shrinks.
        shown = Text(printable(text))
        tall = shown.cell_len > notice.size.width - 2 or notice.size.height > 1
        notice.update(shown, layout=tall)
        notice.set_class(error, "-error")
        notice.add_class("-on")
        self.call_after_refresh(self.toasts_above_status)
        timer = getattr(self, "_notice_timer", None)
        if timer is not None:
            timer.stop()
        self._notice_timer = self.set_timer(NOTICE_SECONDS, self._expire_notice)

    def hold_notice(self) -> None:
        """The notice showing is an operation's outcome (``set_notice``'s ``held``)."""
        self._notice_held = True

    def say_change(self, note: str) -> None:
        """A watcher's change notice (the agent's write): it does not replace an
        operation's outcome still showing (a curation's, a refusal: newuser39 #5, gone
        within 2 s under an agent writing every 5 s), but waits for it to expire, and is
        in the Notices dialog at once."""
        timer = getattr(self, "_notice_timer", None)
        if timer is not None and self._notice_held:
            self._change_waiting = note
            self.notices.append((time.strftime("%H:%M:%S"), note, False))
            return
        self._change_waiting = None
        self.set_notice(note)

    def _expire_notice(self) -> None:
        """A notice is stale: the line shows only what still holds (a watch problem), or
        the change notice that waited behind it."""
        timer = getattr(self, "_notice_timer", None)
        if timer is None:
            return  # none showing
        timer.stop()
        self._notice_timer = None
        waiting, self._change_waiting = self._change_waiting, None
        if waiting is not None:
            self.set_notice(waiting)  # (logged when it came)
            self.notices.pop()
            return
        self.notice = self.watch_problem or ""
        for notice in self._ui.query("#notice"):  # (none while closing: `_Nothing`)
            if not isinstance(notice, Static):
                continue
            shown = Text(printable(self.notice))
            notice.update(shown, layout=shown.cell_len > notice.size.width - 2
                          or notice.size.height > 1)
            notice.set_class(bool(self.watch_problem), "-error")
            notice.remove_class("-on")
            self.call_after_refresh(self.toasts_above_status)

    # -- navigation ------------------------------------------------------------------------

    def _found(self, selector: str) -> Any:
        """The widget the id ``selector`` names on the main screen, or None while the app
        closes: Textual caches a lookup by id, where ``query(...)`` walks the whole DOM
        (every view, every block of the preview) each time it is tested."""
        from textual.css.query import NoMatches

        try:
            return self._ui.query_one(selector)
        except NoMatches:
            return None

    def _previews(self) -> list[MemoryPreview]:
        preview = self._found("#preview")
        return [preview] if isinstance(preview, MemoryPreview) else []

    @property
    def active_view(self) -> Widget:
        return self.view(self._ui.query_one(TabbedContent).active)

    def view(self, pid: str) -> Widget:
        """The view of pane ``pid``, built (and given the latest audit) on first use."""
        kept = self._views.get(pid)
        if kept is not None and kept.is_attached:
            return kept  # (a query walks the view's widgets: ~1 ms of each switch)
        pane = self._ui.query_one(f"#{pid}", TabPane)
        found = pane.query(f"#{pid}-view")
        if found:
            self._views[pid] = found.first()
            return found.first()
        cls = next(c for p, _, c in VIEWS if p == pid)
        view: Any = cls(id=f"{pid}-view")
        pane.mount(view)
        self._views[pid] = view
        if self.result is not None and pid not in self._rows_coming:
            view.set_result(self.result, self.palette, None, self._rows.get(pid))
        return cast(Widget, view)

    async def action_show_view(self, pid: str) -> None:
        tabs = self._ui.query_one(TabbedContent)
        if tabs.active == pid:
            return
        # One layout and one frame for the whole switch (issue 32 item 17): the tab, the
        # view's rows, the footer's keys and the preview's file are all in place before the
        # screen is laid out and drawn; step by step, each step cost a full-screen layout
        # and repaint (3 to 7 of them a switch).
        with self.batch_update():
            view = self.view(pid)
            await self._mounted(view)
            # Focus first, at once: were the old view's table to keep the focus while
            # hidden, Textual would move it to a sibling there and switch the tabs back.
            self._ui.set_focus(self._view_widget(pid))
            self._activated(pid, view)
            self._switched = pid  # `_tab_activated` need not do it again
            previews = self._previews()
            if isinstance(view, TrendView):  # its commit, in this frame too
                point = view.current_point() if pid not in self._rows_coming else None
                for preview in previews:
                    if point is not None:
                        preview.request_commit(point)
            elif isinstance(view, AuditView):
                # The preview shows the new view's row before the tab changes (drawn in
                # the same frame as the view: no placeholder first).
                picked = view.selection() if pid not in self._rows_coming else None
                for preview in previews:
                    preview.request(*(picked or (None, None)), now=True, drawn_now=True)
            for preview in previews:
                await preview.catch_up()
            tabs.active = pid
            _underline(tabs, pid)
            for footer in self._ui.query_children(FittingFooter):
                footer.update_keys()  # the keys this view offers, in this frame too
            # Each widget changed above sends the screen its repaint and layout requests
            # on its own next turn of the loop; the screen's layout, once the batch ends,
            # runs from its timer, which does not wait for them. A few turns here (nothing
            # is drawn during a batch) let them all arrive first: arriving after it, they
            # cost a second layout and repaint of the tabs, the view and the preview.
            for _ in range(SETTLE_TURNS):
                await asyncio.sleep(0)
        # The screen lays out what the batch held, first: left to the widgets' own layout
        # requests (each sent on its idle), a repaint of the changed widgets came before
        # them, then the layout and a second repaint.
        self._ui.refresh(repaint=False, layout=True)
        for preview in previews:
            # after the layout: during the batch's turns above, Textual runs what is to
            # come "after the refresh" at once, before any layout
            preview.scroll_after_refresh()

    def _activated(self, pid: str, view: Any) -> None:
        """``pid`` is (about to be) the view shown: the footer offers what its rows can
        take, and it shows the latest audit (or that its rows are on their way)."""
        self._shown_pid = pid
        self.refresh_bindings()
        if pid in self._rows_coming:
            view.loading = True  # its rows are being built; `_more_rows` brings them
        else:
            view.ensure_fresh()

    @staticmethod
    async def _mounted(widget: Widget) -> None:
        while not widget.is_mounted:
            await asyncio.sleep(0)

    def _view_widget(self, pid: str) -> Widget:
        """The view's main widget (found once: a query walks the view's widgets)."""
        found = self._main_widgets.get(pid)
        if found is None or not found.is_attached:
            found = self._main_widgets[pid] = self.view(pid).query_one(
                "RowTable, Tree, TextArea, DataTable")
        return found

    @on(TabbedContent.TabActivated)
    async def _tab_activated(self, event: TabbedContent.TabActivated) -> None:
        pid = event.pane.id
        if pid is None or pid != self._ui.query_one(TabbedContent).active:
            return
        view: Any = self.view(pid)
        await self._mounted(view)
        if self._switched != pid:  # not through `action_show_view` (a click on a tab)
            self._activated(pid, view)
        self._switched = None
        view.announce()  # the preview follows the view now shown (no-op when it does)
        self.call_after_refresh(self._focus_view, pid)

    def _focus_view(self, pid: str) -> None:
        """Focus the active view's main widget (unless the operator moved on already)."""
        if self._ui.query_one(TabbedContent).active != pid:
            return
        target = self._view_widget(pid)
        if self.focused is None or self.active_view not in self.focused.ancestors:
            target.focus()
        if not self.views_ready:
            self.call_after_refresh(setattr, self, "views_ready", True)

    @on(MemorySelected)
    def _memory_selected(self, event: MemorySelected) -> None:
        self._announcing = False
        for preview in self._previews():  # none while shutting down
            preview.request(event.path, event.line, now=event.now)

    @on(CommitSelected)
    def _commit_selected(self, event: CommitSelected) -> None:
        self._announcing = False
        for preview in self._previews():
            preview.request_commit(event.point)

    @on(JumpTo)
    def _jump(self, event: JumpTo) -> None:
        found = self._previews()
        if not found:
            return
        self._show_preview()
        found[0].request(event.path, event.line, now=True)




def open_app(path: str | Path, **kwargs: Any) -> MemtuiApp:
    """Convenience for scripts: the app on the workspace at ``path``."""
    from memtui.core.workspace import open_workspace

    return MemtuiApp(open_workspace(path), **kwargs)
