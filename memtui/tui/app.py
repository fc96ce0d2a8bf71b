"""``MemtuiApp``: a workspace's memory at a glance, kept live while an agent works in it.

The module is past 500 lines: the app class owns every binding and the live audit loop
(start, debounce, hand the result to every view); views, widgets, dialogs, the chat and
the curation flows live in their own modules, and this is the one class that ties them.
"""

from __future__ import annotations

import asyncio
import importlib.util
import os
import shlex
import subprocess
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar, cast

from rich.text import Text
from textual import events, on, work
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal
from textual.screen import Screen
from textual.theme import Theme
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input, Static, TabbedContent, TabPane

from memtui.agent.settings import AgentSettings
from memtui.core.audit import AuditOptions, Auditor, AuditResult
from memtui.core.config import Config, ConfigError
from memtui.core.config import load_config as load_audit_config
from memtui.core.safe_output import printable
from memtui.core.suppress import apply_to
from memtui.core.tokens import CountingChild, default_counter
from memtui.core.wording import plural
from memtui.core.workspace import Workspace
from memtui.tui.change_notice import describe_change
from memtui.tui.config import load_config, save_config
from memtui.tui.curate_actions import CURATE_ACTIONS, CurateActions
from memtui.tui.dialogs.help import HelpScreen
from memtui.tui.heap import HeapKeeper
from memtui.tui.key_gate import KeyGate
from memtui.tui.messages import CommitSelected, JumpTo, MemorySelected
from memtui.tui.palette import Palette
from memtui.tui.themes import SEVERITY_FALLBACKS, load_themes, readable_cursor
from memtui.tui.views.base import AuditView
from memtui.tui.views.block import BlockView
from memtui.tui.views.broken import BrokenLinksView
from memtui.tui.views.files import FilesView
from memtui.tui.views.findings import FindingsView
from memtui.tui.views.graph import GraphView
from memtui.tui.views.index import IndexView
from memtui.tui.views.orphans import OrphansView
from memtui.tui.views.trend import TrendView
from memtui.tui.watcher import watch_workspace
from memtui.tui.widgets.audit_table import AuditTable, Row, RowCache
from memtui.tui.widgets.fitting_footer import FittingFooter
from memtui.tui.widgets.give_way import GiveWay
from memtui.tui.widgets.health_header import HealthHeader, shown_path
from memtui.tui.widgets.preview import MemoryPreview
from memtui.tui.widgets.still_loading import StillLoading

DEFAULT_THEME = "memtui-night"
NARROW = 120  # below this many columns the preview (or the chat) goes under the views
# Beside the views, the preview takes 2/5 of the width within these bounds, and never
# leaves the views less than VIEWS_MIN columns (the tables' state columns need them).
PREVIEW_MIN, PREVIEW_MAX, VIEWS_MIN = 36, 64, 84
#: The chat's least width beside the views and the preview; below VIEWS_MIN + PREVIEW_MIN +
#: CHAT_MIN columns the open chat takes the preview's place (and its width) instead.
CHAT_MIN = 56
#: Between NARROW and THREE_PANES columns the open chat is as wide as the preview while the
#: view has the focus; while the chat has it, the chat takes all but VIEWS_WHILE_CHATTING
#: columns (a tool call's arguments then fit on a line), as narrow it grows in height.
VIEWS_WHILE_CHATTING = 56
THREE_PANES = VIEWS_MIN + PREVIEW_MIN + CHAT_MIN
NOTICE_SECONDS = 8.0
#: New or edited memories counted before their audit is shown; more are counted after it.
FEW_TO_COUNT = 50

#: (pane id, tab title, view class) in keystroke order 1..8.
VIEWS: tuple[tuple[str, str, type[Widget]], ...] = (
    ("index", "Index", IndexView),
    ("files", "Files", FilesView),
    ("orphans", "Orphans", OrphansView),
    ("broken", "Broken", BrokenLinksView),
    ("graph", "Graph", GraphView),
    ("findings", "Findings", FindingsView),
    ("block", "Block", BlockView),
    ("trend", "Trend", TrendView),
)


#: Actions of the footer that the Trend view's rows (commits, not memories) cannot take:
#: that view neither offers nor takes them (issue 32 §21).
NOT_IN_TREND = frozenset({"add_to_index", "undo"})

#: The views that are tables (their rows are built off the UI thread).
TABLES = frozenset(pid for pid, _, cls in VIEWS if issubclass(cls, AuditTable))


class _Nothing:
    """Stands in for the screen while the app shuts down: every query finds nothing."""

    def query(self, selector: object) -> list[Any]:
        return []

    def query_one(self, selector: object, expect_type: object = None) -> Any:
        from textual.css.query import NoMatches

        raise NoMatches(f"no screen for {selector!r}")


_NOTHING = _Nothing()


def prepare_rows(result: AuditResult, palette: Palette,
                 caches: dict[str, RowCache] | None = None, only: set[str] | None = None,
                 pause: Callable[[], None] | None = None) -> dict[str, list[Row]]:
    """The table views' rows for ``result`` (run in worker threads: 10,000 memories make
    tens of thousands of styled cells): every view's, or those in ``only``. ``caches`` (one
    per view) keep the rows of the previous audit, so only what changed is built again;
    ``pause`` is called before each row is made."""
    caches = caches if caches is not None else {}
    rows: dict[str, list[Row]] = {}
    for pid, _, cls in VIEWS:
        if issubclass(cls, AuditTable) and (only is None or pid in only):
            cache = caches.setdefault(pid, RowCache())
            cache.pause = pause
            rows[pid] = cls.build_rows(result, palette, cache)
            cls.hidden_columns(result)  # here, not on the screen's thread
    return rows


def chat_available() -> bool:
    """Whether the chat pane (``memtui.tui.chat``) is installed; imported only when used."""
    try:
        return importlib.util.find_spec("memtui.tui.chat") is not None
    except (ImportError, ValueError):
        return False


def chat_pane_class() -> type[Widget] | None:
    """The chat pane class, or None when it cannot be imported."""
    try:
        from memtui.tui.chat import ChatPane
    except ImportError:
        return None
    return ChatPane  # type: ignore[no-any-return]


class MemtuiApp(CurateActions, App[int]):
    """Audit a workspace, show it, and keep it current as files change."""

    CSS_PATH = Path(__file__).with_name("memtui.tcss")  # absolute: subclasses live elsewhere
    TITLE = "memtui"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "leave_input", "Back to view"),  # shown while an input has focus
        *(Binding(str(i), f"show_view('{pid}')", title, show=False)
          for i, (pid, title, _) in enumerate(VIEWS, start=1)),
        # in footer order: a narrow footer shows what fits, from the first
        Binding("o", "open_editor", "Edit"),
        Binding("p", "toggle_preview", "Preview"),
        Binding("r", "reaudit", "Re-audit"),
        Binding("c", "toggle_chat", "Chat"),
        Binding("C", "hide_chat", "Hide chat", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
        Binding("t", "choose_theme", "Theme"),
        Binding("y", "copy_path", "Copy path", show=False),
        Binding("i", "toggle_suppressed", "Suppressed", show=False),
        *CurateActions.CURATE_BINDINGS,
    ]

    #: action → (palette title, help) for the command palette.
    ACTIONS: ClassVar[dict[str, tuple[str, str]]] = {
        **{f"show_view('{pid}')": (f"View: {title}", f"show the {title} view (key {i})")
           for i, (pid, title, _) in enumerate(VIEWS, start=1)},
        "open_editor": ("Open in $EDITOR", "edit the selected memory; re-audit on return"),
        "toggle_preview": ("Toggle preview", "show or hide the preview pane"),
        "reaudit": ("Re-audit", "audit the whole workspace again"),
        "toggle_suppressed": ("Toggle suppressed", "list the findings a config, an inline "
                              "comment or a baseline suppressed (key i)"),
        "toggle_chat": ("Chat", "talk to the agent working in this workspace: open the "
                        "chat, or put the focus in its input"),
        "hide_chat": ("Hide chat", "hide the chat pane (the conversation stays; key C)"),
        "choose_theme": ("Choose theme", "pick a colour theme (remembered)"),
        "help": ("Help", "what each view shows, and every key"),
        "focus_filter": ("Filter", "filter the current view"),
        "copy_path": ("Copy path", "copy the selected file's full path to the clipboard"),
        **CURATE_ACTIONS,
    }

    def __init__(self, workspace: Workspace, options: AuditOptions | None = None, *,
                 settings: AgentSettings | None = None, theme: str | None = None,
                 watch: bool = True, config: Config | None = None) -> None:
        super().__init__()
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
        if config.exclude and not self.options.exclude:
            self.options = replace(self.options, exclude=config.exclude)
        if config.include_archives:
            self.options = replace(self.options, include_archives=True)
        #: The Findings view lists the suppressed findings too (key ``i``).
        self.show_suppressed = False
        self.settings = settings or AgentSettings()
        if config.ask_before is not None:  # [agent] ask-before (memtui.agent.approval)
            self.settings.ask_before = config.ask_before
        # Each memory's token count comes after the audit is on screen (see _audit), and
        # tokens are counted in a child process: loading a vocabulary would hold this
        # interpreter (and freeze the screen) for tenths of a second.
        self._counting = CountingChild()
        self.auditor = Auditor(workspace, replace(self.options, file_tokens=False),
                               default_counter(self._counting), lazy_scans=True)
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
        self.watching = watch
        self.watch_problem: str | None = None
        #: The first audit's summary ("audited N memory files in T s"), while the notice
        #: still shows it: a watch problem heard after it joins it rather than replace it.
        self._summary: str | None = None
        self._requested_theme = theme
        self._auditing = False
        self.heap = HeapKeeper()
        self._row_caches: dict[str, RowCache] = {}  # the audit worker's alone
        self.audit_progress: tuple[str, int, int] | None = None  # set by the audit thread
        self._progress_shown: tuple[str, int, int] | None = None
        self._pending: set[str] | None = None  # changes seen while an audit ran
        self._quiet: set[str] = set()  # files memtui wrote: their audit keeps its notice
        self._full_pending = False
        self._rows: dict[str, list[Row]] = {}  # table rows of the last audit, by view
        self._shown_pid = VIEWS[0][0]  # the view on screen (the audit worker reads it)
        self._switched: str | None = None  # the view `action_show_view` just activated
        self._slot_width: int | None = None  # the chat slot's width as last set
        self._rows_coming: set[str] = set()  # views whose rows the worker builds after a show
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

    @work(thread=True, exclusive=True, group="repaint", exit_on_error=False)
    def _repaint(self, result: AuditResult, palette: Palette) -> None:
        """Rows in the new theme's colours, built off the UI thread."""
        with self.heap.building():
            rows = prepare_rows(result, palette)
        self.call_from_thread(self._repainted, result, rows)

    def _repainted(self, result: AuditResult, rows: dict[str, list[Row]]) -> None:
        if result is self.result and self._ui.query(HealthHeader):
            self._rows = rows
            self._show(result, None)
        self.heap.settle()

    # -- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield HealthHeader(id="health")
        with Horizontal(id="main"):
            with TabbedContent(id="views"):
                for i, (pid, title, cls) in enumerate(VIEWS, start=1):
                    with TabPane(f"{i} {title}", id=pid):
                        if i == 1:  # the others are built when first shown
                            yield cls(id=f"{pid}-view")
            yield MemoryPreview(id="preview")
            yield Container(id="chat-slot")
        yield Static("", id="notice")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.palette = Palette.from_variables(self.theme_variables)
        if self._requested_theme:
            save_config(theme=self.theme)
        self.theme_changed_signal.subscribe(self, self._theme_changed)
        self._ui.query_one("#views").loading = True
        self._ui.query_one(HealthHeader).loading(shown_path(self.workspace.root))
        self._apply_width(self.size.width)
        # The counting child starts now and loads its vocabularies on another core while
        # the first frame is drawn; it scans part of the workspace for the first audit.
        self._counting.prepare(self.auditor.block_tokenizers)
        self.heap.start()
        self.set_interval(0.5, self.heap.tick)
        self.set_interval(0.2, self._show_progress)
        self._beat = self.set_interval(0.01, self.give_way.beat, pause=True)

    def _audit_progress(self, phase: str, done: int, total: int) -> None:
        """From the audit thread: only noted here; `_show_progress` draws it."""
        self.audit_progress = (phase, done, total)

    def _show_progress(self) -> None:
        progress = self.audit_progress
        if self._auditing and progress is not None and progress != self._progress_shown:
            self._progress_shown = progress
            header = self._found("#health")  # none while closing
            if header is not None:
                header.progress(*progress)

    def on_ready(self) -> None:
        """The first frame is on screen: now start the audit and the watcher (threads that
        would otherwise compete with the first paint for the interpreter)."""
        self.start_audit(None)
        if self.watching:
            self._watch()

    def on_resize(self, event: Any) -> None:
        self._apply_width(event.size.width)

    def _apply_width(self, width: int) -> None:
        self._narrow = width < NARROW
        self._one_side = width < THREE_PANES
        self._ui.query_one(FittingFooter).compact = self._narrow
        self._arrange()

    def _chat_open(self) -> bool:
        return self._ui.query_one("#chat-slot").has_class("-open")

    def _arrange(self) -> None:
        """Very wide: views, preview and chat side by side. From 120 columns: the preview
        or the chat beside the views, one at a time in the same place and width (the open
        chat covers the preview), so the views keep VIEWS_MIN columns. Narrow: the same
        under the views, and the chat grows while it has the focus."""
        chat_open = self._chat_open()
        main = self._ui.query_one("#main")
        main.set_class(self._narrow, "-narrow")
        main.set_class(chat_open, "-chat")
        self._chat_focus_changed()
        preview = self._ui.query_one(MemoryPreview)
        show = self._preview_on and not (self._one_side and chat_open)
        three = chat_open and not self._one_side
        preview.styles.width = None if self._narrow else self._preview_width(three)
        self._chat_width()
        if show != preview.display:
            preview.display = show
            if show:
                preview.shown_again()

    def _chat_focus_changed(self) -> None:
        """Mark #main while the focus is in the open chat (narrow, the chat then grows)."""
        main = self._ui.query_one("#main")
        slot = self._ui.query_one("#chat-slot")
        focused = self.focused
        main.set_class(slot.has_class("-open") and focused is not None
                       and slot in focused.ancestors, "-chat-focus")
        self._chat_width()

    def _chat_width(self) -> None:
        """The open chat beside the views, one side: the preview's width, or while it has
        the focus all but VIEWS_WHILE_CHATTING columns (at least the preview's)."""
        slot = self._ui.query_one("#chat-slot")
        width: int | None = None
        if slot.has_class("-open") and self._one_side and not self._narrow:
            width = self._preview_width(False)
            if self._ui.query_one("#main").has_class("-chat-focus"):
                width = max(width, self.size.width - VIEWS_WHILE_CHATTING)
        if width != self._slot_width:  # setting None lays the screen out again, each time
            self._slot_width = width
            slot.styles.width = width

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if self._found("#chat-slot") is not None:
            self._chat_focus_changed()
        if self.keys.held:
            self.call_later(self._hand_on_keys)

    # -- keys that wait for a dialog or a focus move ----------------------------------------

    async def on_event(self, event: events.Event) -> None:
        """Textual hands each key to the focused widget's queue at once, and the bindings
        run when the key comes back up to the app: keys typed quickly were all handed to
        the view before the first one's binding moved the focus or opened a dialog. Here a
        key goes on only once the one before it has been handled and no dialog it opened
        is still coming (``KeyGate``); until then it waits, in order."""
        if isinstance(event, (events.Key, events.MouseEvent)):
            self.heap.input_seen()
            if isinstance(event, (events.Key, events.MouseDown)) and not event.is_forwarded:
                self._expire_notice()  # the operator moved on: before the key's own notice
        if isinstance(event, events.Key) and not event.is_forwarded:
            if self.keys.take(event):
                if self._key_timer is None:  # looks again until the dialog is up
                    self._key_timer = self.set_interval(0.03, self._hand_on_keys)
            else:
                await self._pass_key(event)
            return
        await super().on_event(event)

    async def _pass_key(self, key: events.Key) -> None:
        target = self.focused or self.screen
        await super().on_event(key)
        if not key.is_forwarded:
            return  # a priority binding took it here
        flying = [True]
        self.keys.expect(lambda: flying[0], at_most=1.0)

        def landed() -> None:
            flying[0] = False
            if self.keys.held:
                self.call_later(self._hand_on_keys)

        _after_handled(self, target, landed)

    async def _hand_on_keys(self) -> None:
        """Hand the held keys on, in order, while nothing is pending (a key handed on may
        move the focus or open a dialog: the rest wait again)."""
        while (key := self.keys.next_key()) is not None:
            await self._pass_key(key)
        if not self.keys.held and self._key_timer is not None:
            self._key_timer.stop()
            self._key_timer = None

    def dialog_pending(self) -> bool:
        """No dialog is up and ready for keys yet: the main screen is on top, or the
        dialog pushed has not mounted and taken its focus (one that takes none within a
        second is taken as ready)."""
        screen = self.screen
        if screen is self._ui:
            return True
        if screen.is_mounted and screen.focused is not None:  # its on_mount chose it
            return False
        seen = self._dialog_seen
        if seen is None or seen[0] is not screen:
            self._dialog_seen = (screen, time.monotonic())
            return True
        return time.monotonic() - seen[1] < 1.0

    def keys_wait_for_dialogs(self) -> str:
        """From now on until ``keys_flow(name)``, keys wait whenever no dialog is up
        (a curation flow between its key and its dialogs, and between two dialogs)."""
        return self.keys.hold(self.dialog_pending)

    def keys_flow(self, name: str) -> None:
        self.keys.release(name)
        if self.keys.held:
            self.call_later(self._hand_on_keys)

    def _preview_width(self, chat_open: bool) -> int:
        """Columns for the preview beside the views (and the chat, when open)."""
        width = self.size.width
        want = PREVIEW_MIN if chat_open else min(max(width * 2 // 5, PREVIEW_MIN), PREVIEW_MAX)
        return max(PREVIEW_MIN, min(want, width - VIEWS_MIN))

    def get_loading_widget(self) -> Widget:
        """A still cover for a view whose audit is on its way (see `StillLoading`)."""
        return StillLoading()

    def on_unmount(self) -> None:
        self._stop.set()
        self.heap.stop()
        if not self._auditing:  # the next launch's first audit from the derived cache
            self.auditor.keep_derived()
        self._counting.close()

    # -- auditing --------------------------------------------------------------------------

    def start_audit(self, changed: set[str] | None) -> None:
        """Audit now, or as soon as the running audit ends (changes accumulate)."""
        if self._auditing:
            if changed is None:
                self._full_pending = True
            else:
                self._pending = (self._pending or set()) | changed
            return
        self._auditing = True
        if self._beat is not None:
            self.give_way.beat()
            self._beat.resume()
        self._audit(changed)

    @work(thread=True, exclusive=False, group="audit", exit_on_error=False)
    def _audit(self, changed: set[str] | None) -> None:
        auditor, pause = self.auditor, self.give_way.check
        try:
            with self.heap.building():
                result = self._suppressed(auditor.run(changed, self._audit_progress))
                if auditor.holds_scans and auditor.tokens_pending <= FEW_TO_COUNT:
                    auditor.count_file_tokens()  # a few new or edited files: counted now
                # A whole new audit: the rows of the view on screen first, shown, then the
                # others' (a third of a second more at 10,000 memories).
                first = {self._shown_pid} if changed is None else None
                rows = prepare_rows(result, self.palette, self._row_caches, first, pause)
            # More follows: token counts, or the scans of a result from the derived cache.
            more = bool(auditor.tokens_pending) or not auditor.holds_scans
            if first is not None or more:
                self._show_and_settle(result, changed, rows)  # on screen; more follows
            if first is not None:
                with self.heap.building():
                    rest = prepare_rows(result, self.palette, self._row_caches,
                                        TABLES - first, pause)
                rows = {**rows, **rest}
                self.call_from_thread(self._more_rows, result, rest, not more)
                if not more:
                    return
            if more:
                # The memories' token counts (most of a first audit's work) follow the
                # audit on screen, and a cheap re-audit shows them. A result from the
                # derived cache holds no scans: every file is scanned first (from the scan
                # cache), so that the next change re-audits only what it touched.
                with self.heap.building():
                    if not auditor.holds_scans:
                        auditor.run(set(), self._audit_progress)
                    auditor.count_file_tokens(self._audit_progress)
                    result = self._suppressed(auditor.run(set(), self._audit_progress))
                    rows = prepare_rows(result, self.palette, self._row_caches, None, pause)
                changed = set()
        except Exception as exc:  # a bug or a vanished folder must not take the app down
            self.call_from_thread(self._audit_failed, exc, changed)
            return
        self.call_from_thread(self._audited, result, changed, rows)

    def _show_and_settle(self, result: AuditResult, changed: set[str] | None,
                         rows: dict[str, list[Row]]) -> None:
        """From the worker: show ``result`` (its audit goes on) and wait, a second at most,
        until the screen has drawn it, so that the worker does not compete with that
        drawing; views without ``rows`` wait for `_more_rows`."""
        drawn = threading.Event()
        coming = TABLES - set(rows)
        self.call_from_thread(self._audited, result, changed, rows, False, coming)
        self.call_from_thread(self.call_after_refresh, drawn.set)
        drawn.wait(1.0)

    def _more_rows(self, result: AuditResult, rows: dict[str, list[Row]],
                   final: bool = False) -> None:
        """The rows of the views not on screen, built after ``result`` was shown;
        ``final``: that audit is complete."""
        self._rows_coming = set()
        if result is self.result and self._ui.query(HealthHeader):
            self._rows.update(rows)
            for view in self._ui.query(AuditTable):
                pid = (view.id or "").removesuffix("-view")
                if pid in rows:
                    view.loading = False
                    view.set_result(result, self.palette, None, rows[pid])
        if final and self._ui.query(HealthHeader):
            self._finished()

    def _finished(self, complete: bool = True) -> None:
        """The running audit ended (``complete``, or failed): its successor may start."""
        self._auditing = False
        self.audits += complete
        if self._beat is not None:
            self._beat.pause()
        self._next_audit()

    def _audit_failed(self, exc: Exception, changed: set[str] | None) -> None:
        self._rows_coming = set()
        self.set_notice(f"audit failed: {exc}", error=True)
        self._finished(complete=False)

    def _audited(self, result: AuditResult, changed: set[str] | None,
                 rows: dict[str, list[Row]], final: bool = True,
                 coming: set[str] | frozenset[str] = frozenset()) -> None:
        """Show an audit's result; ``final``: its token counts are in (else they follow
        and the audit is still running); ``coming``: views whose rows follow."""
        if not self._ui.query(HealthHeader):
            return  # the app is closing
        before = self.result
        self.result = result
        self._rows = rows
        self._rows_coming = set(coming)
        self.shown += 1
        self._ui.query_one("#views").loading = False
        self._show(result, changed)
        self.heap.settle()
        if changed:
            loud, self._quiet = changed - self._quiet, self._quiet - changed
            note = describe_change(loud, before, result)
            if note:
                self.set_notice(note)
        elif before is None:
            n = len(result.files)
            self._summary = f"audited {plural(n, 'memory file')} in {result.elapsed:.2f} s"
            self._say_summary()
        if final:
            self._finished()

    def _next_audit(self) -> None:
        if self._full_pending:
            self._full_pending = False
            self._pending = None
            self.start_audit(None)
        elif self._pending:
            pending, self._pending = self._pending, None
            self.start_audit(pending)
        else:
            self._pending = None

    def _show(self, result: AuditResult, changed: set[str] | None) -> None:
        self._ui.query_one(HealthHeader).show(result, self.palette)
        for view in self._ui.query(AuditView):  # one walk of the DOM, not one per view
            pid = (view.id or "").removesuffix("-view")
            if pid in self._rows_coming:  # `_more_rows` brings its rows and the result
                view.loading = pid == self._shown_pid
                continue
            view.set_result(result, self.palette, changed, self._rows.get(pid))
        active: Any = self.active_view
        active.ensure_fresh()
        preview = self._ui.query_one(MemoryPreview)
        preview.set_result(result, self.palette)
        if preview.path is None:
            active.announce()

    def own_write(self, paths: set[str]) -> None:
        """memtui itself wrote ``paths`` (and said so in the notice): audit them without a
        change notice that would replace the one saying how to undo it."""
        self._quiet |= paths
        self.start_audit(paths)

    # -- watching --------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="watch", exit_on_error=False)
    def _watch(self) -> None:
        try:
            watch_workspace(self.workspace.root, self._changes_seen, self._stop,
                            self._watch_problem)
        except Exception as exc:
            if not self._stop.is_set():
                self.call_from_thread(self.set_notice, f"stopped watching: {exc}", True)

    def _watch_problem(self, line: str) -> None:
        """From the watcher thread: live updates are partly lost or now polled."""
        self.call_from_thread(self._watch_problem_heard, line)

    def _watch_problem_heard(self, line: str) -> None:
        """The watcher's problem, said whether the first audit's summary came before it or
        comes after it: joined to the summary while that shows, alone otherwise (the
        watcher and the first audit race; the notice must not depend on which wins)."""
        showing = self._summary is not None and self.notice == self._summary_text()
        self.watch_problem = line
        if showing:
            self._say_summary()
        else:
            self.set_notice(line, True)

    def _summary_text(self) -> str:
        assert self._summary is not None
        return self._summary + (f"; {self.watch_problem or 'watching for changes'}"
                                if self.watching else "")

    def _say_summary(self) -> None:
        self.set_notice(self._summary_text(), error=bool(self.watch_problem))

    def _changes_seen(self, paths: set[str]) -> None:
        """From the watcher thread."""
        self.call_from_thread(self.start_audit, paths)

    def set_notice(self, text: str, error: bool = False) -> None:
        """Say ``text`` in the status line until the operator moves on (the next key or
        click) or ``NOTICE_SECONDS`` pass; then the line rests (see ``_expire_notice``)."""
        self.notice = text
        found = self._ui.query("#notice")
        if not found:
            return  # the app is closing
        notice = cast(Static, found.first())
        # names in it are data, not markup; one line, full width: no layout
        notice.update(Text(printable(text)), layout=False)
        notice.set_class(error, "-error")
        notice.add_class("-on")
        timer = getattr(self, "_notice_timer", None)
        if timer is not None:
            timer.stop()
        self._notice_timer = self.set_timer(NOTICE_SECONDS, self._expire_notice)

    def _expire_notice(self) -> None:
        """A notice is stale: the line shows only what still holds (a watch problem)."""
        timer = getattr(self, "_notice_timer", None)
        if timer is None:
            return  # none showing
        timer.stop()
        self._notice_timer = None
        self.notice = self.watch_problem or ""
        for notice in self._ui.query("#notice").results(Static):
            notice.update(Text(printable(self.notice)), layout=False)
            notice.set_class(bool(self.watch_problem), "-error")
            notice.remove_class("-on")

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
        pane = self._ui.query_one(f"#{pid}", TabPane)
        found = pane.query(f"#{pid}-view")
        if found:
            return found.first()
        cls = next(c for p, _, c in VIEWS if p == pid)
        view: Any = cls(id=f"{pid}-view")
        pane.mount(view)
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
            if isinstance(view, AuditView) and not isinstance(view, TrendView):
                # The preview names the new view's row before the tab changes, and shows
                # its file in the same frame as the view.
                picked = view.selection() if pid not in self._rows_coming else None
                for preview in previews:
                    preview.request(*(picked or (None, None)), now=True)
            tabs.active = pid
            for preview in previews:
                await preview.catch_up()
            for footer in self._ui.query_children(FittingFooter):
                footer.update_keys()  # the keys this view offers, in this frame too
        # The screen lays out what the batch held, first: left to the widgets' own layout
        # requests (each sent on its idle), a repaint of the changed widgets came before
        # them, then the layout and a second repaint.
        self._ui.refresh(repaint=False, layout=True)

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
        return self.view(pid).query_one("RowTable, Tree, TextArea, DataTable")

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
        for preview in self._previews():  # none while shutting down
            preview.request(event.path, event.line, now=event.now)

    @on(CommitSelected)
    def _commit_selected(self, event: CommitSelected) -> None:
        for preview in self._previews():
            preview.request_commit(event.point)

    @on(JumpTo)
    def _jump(self, event: JumpTo) -> None:
        found = self._previews()
        if not found:
            return
        self._show_preview()
        found[0].request(event.path, event.line, now=True)

    def _show_preview(self) -> None:
        """Show the preview; when narrow, it takes the open chat's place."""
        self._preview_on = True
        if self._one_side and self._chat_open():
            self._set_chat_open(False)
        self._arrange()

    def action_focus_filter(self) -> None:
        view: Any = self.active_view
        if hasattr(view, "action_focus_filter"):
            view.action_focus_filter()

    def action_toggle_preview(self) -> None:
        if self._preview_on and not (self._one_side and self._chat_open()):
            self._preview_on = False
            self._arrange()
        else:
            self._show_preview()

    def action_leave_input(self) -> None:
        """From the filter box or the chat input back to the active view."""
        pid = self._ui.query_one(TabbedContent).active
        if pid:  # at once: the keys typed after Esc are the view's
            self._ui.set_focus(self._view_widget(pid))

    def _suppressed(self, result: AuditResult) -> AuditResult:
        """``result`` with the configuration's ignores, severities and the inline ignores
        applied (as ``memtui audit`` does)."""
        apply_to(result, self.config)
        result.show_suppressed = self.show_suppressed
        return result

    def action_toggle_suppressed(self) -> None:
        """Show or hide the suppressed findings in the Findings view."""
        self.show_suppressed = not self.show_suppressed
        result = self.result
        if result is None:
            return
        result.show_suppressed = self.show_suppressed
        n = len(result.suppressed)
        self.set_notice(f"showing {plural(n, 'suppressed finding')}" if self.show_suppressed
                         else f"hiding {plural(n, 'suppressed finding')}")
        rows = prepare_rows(result, self.palette, self._row_caches, {"findings"})
        self._rows.update(rows)
        for view in self._ui.query(AuditTable):
            if view.id == "findings-view":
                view.set_result(result, self.palette, None, rows["findings"])

    def action_reaudit(self) -> None:
        self.set_notice("auditing again …")
        self.start_audit(None)

    async def action_help(self) -> None:
        from memtui.tui.widgets.row_table import RowTable

        help_screen = HelpScreen([(pid, title) for pid, title, _ in VIEWS],
                                 [type(self), RowTable, AuditTable],
                                 chat=chat_pane_class() if self._chat else None)
        with self.batch_update():  # laid out once it is all there (issue 32 item 17)
            await self.push_screen(help_screen)
        help_screen.refresh(layout=True, repaint=False)

    def action_choose_theme(self) -> None:
        self.search_themes()

    def selected_path(self) -> tuple[str, int | None] | None:
        """The file under the active view's cursor (never the preview's: it may show
        another view's file, or a link followed inside it)."""
        view = self.active_view
        return view.selection() if isinstance(view, AuditView) else None

    def _selected_or_say(self, what: str) -> tuple[str, int | None] | None:
        """The active view's selected file, or None after saying why there is nothing
        to ``what`` (open, copy)."""
        picked = self.selected_path()
        if picked is None:
            view = self.active_view
            why = view.why_nothing() if isinstance(view, AuditView) else "nothing selected"
            self.notify(f"nothing to {what}: {why}", severity="warning")
        return picked

    def action_copy_path(self) -> None:
        """Copy the selected file's absolute path (OSC 52: works over ssh too)."""
        picked = self._selected_or_say("copy")
        if picked is None:
            return
        path = str(self.workspace.root / picked[0])
        self.copy_to_clipboard(path)
        self.set_notice(f"copied {path}")

    def action_open_editor(self) -> None:
        picked = self._selected_or_say("open")
        if picked is not None:
            self.open_in_editor(*picked)

    def open_in_editor(self, rel: str, line: int | None = None) -> None:
        """Open ``rel`` (a workspace path, or an absolute one: a project's file a finding
        names) in $VISUAL/$EDITOR, then re-audit it when it is in the workspace."""
        path = self.workspace.root / rel
        editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
        try:
            command = [*shlex.split(editor), *([f"+{line}"] if line else []), str(path)]
            with self.suspend():
                subprocess.run(command, check=False)
        except Exception as exc:  # SuspendNotSupported, editor missing, …
            self.notify(printable(f"cannot open {rel} in {editor}: {exc}"), severity="error",
                        markup=False)
            return
        if not os.path.isabs(rel):
            self.start_audit({rel})

    # -- chat slot -------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_chat":
            return self._chat
        if action == "hide_chat":
            # (a cached lookup by id: a query here walked the whole DOM for every binding
            # the footer looked at, 3 ms each at 261 memories; issue 32 item 17)
            return self._chat and self._found("#chat-slot") is not None and self._chat_open()
        if action == "leave_input":
            focused = self.focused
            return (isinstance(focused, Input) and self.screen is self._ui
                    and self._ui.query_one("#main") in focused.ancestors)
        # In the Trend view, neither offered nor taken: its rows are commits, not memories.
        return not (action in NOT_IN_TREND and self._shown_pid == "trend")

    def action_toggle_chat(self) -> None:
        """Open the chat with the focus in its input; open already, but the focus
        elsewhere (the view): focus its input; the focus in it already: hide it."""
        slot = self._ui.query_one("#chat-slot")
        if slot.children and slot.has_class("-open") and not self._focus_within(slot):
            self._focus_chat(slot)
            return
        if not slot.children:
            pane_class = chat_pane_class() if self._chat else None
            if pane_class is None:
                self._chat = False
                self.notify("the chat pane is not installed", severity="warning")
                return
            slot.mount(pane_class(self.workspace, self.settings))  # type: ignore[call-arg]
        self._set_chat_open(not slot.has_class("-open"))
        self._arrange()
        if slot.has_class("-open"):
            self._focus_chat(slot)

    def action_hide_chat(self) -> None:
        """Hide the chat pane (its conversation stays); the focus goes back to the view."""
        slot = self._ui.query_one("#chat-slot")
        if slot.has_class("-open"):
            self._set_chat_open(False)
            self._arrange()

    def _focus_chat(self, slot: Widget) -> None:
        pane = slot.children[0]
        # keys typed before the pane's input has the focus are the chat's, not the view's
        self.keys.expect(lambda: slot.has_class("-open") and pane.is_attached
                         and not self._focus_within(slot))
        self.call_after_refresh(pane.focus)

    def _focus_within(self, widget: Widget) -> bool:
        focused = self.focused
        return focused is not None and widget in focused.ancestors_with_self

    def _set_chat_open(self, open_: bool) -> None:
        """Open or close the chat slot (the pane, and its conversation, stay mounted);
        focus inside a closing chat goes back to the active view."""
        slot = self._ui.query_one("#chat-slot")
        focused = self.focused
        slot.set_class(open_, "-open")
        if not open_ and focused is not None and slot in focused.ancestors:
            self.action_leave_input()

    def on_chat_pane_memory_changed(self, event: Any) -> None:
        """The agent wrote files: audit them now rather than wait for the watcher."""
        self.start_audit(set(event.paths))

    def on_chat_pane_window_known(self, event: Any) -> None:
        """The chat's server fixes the window (-c): the header measures the block against
        it too, as the chat does."""
        for header in self._ui.query(HealthHeader):
            header.use_window(event.window, "server -c")

    # -- command palette -------------------------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        keys: dict[str, str] = {}
        for _, binding in self._bindings:
            keys.setdefault(binding.action, self.get_key_display(binding))
        for action, (title, help_text) in self.ACTIONS.items():
            if action == "toggle_chat" and not self._chat:
                continue
            key = keys.get(action) or ("/" if action == "focus_filter" else "")
            yield SystemCommand(f"{title}  ({key})" if key else title, help_text,
                                _runner(self, action))


def _after_handled(app: App[Any], node: Any, done: Callable[[], None]) -> None:
    """Call ``done`` once a key forwarded to ``node`` has been handled there and wherever
    it bubbled: a callback queued behind it on ``node``, then on each parent in turn, up
    to the app (each queue is in order, so the key is ahead of the callback in each)."""
    def step(at: Any) -> None:
        parent = at.parent
        if at is app or parent is None or not parent.call_later(step, parent):
            done()

    if not node.call_later(step, node):
        done()


def _runner(app: App[Any], action: str) -> Any:
    async def run() -> None:
        await app.run_action(action)

    return run


def open_app(path: str | Path, **kwargs: Any) -> MemtuiApp:
    """Convenience for scripts: the app on the workspace at ``path``."""
    from memtui.core.workspace import open_workspace

    return MemtuiApp(open_workspace(path), **kwargs)
