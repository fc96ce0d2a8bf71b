"""The app's layout: the views' tabs, the preview and the chat slot, arranged by the width
of the terminal (side by side when wide, one under the other when narrow), and the chat
pane opened, focused and closed in its slot. Mixed into ``MemtuiApp``."""

from __future__ import annotations

import importlib.util
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.containers import Container
from textual.widget import Widget
from textual.widgets import Static

from memtui.tui.views.block import BlockView
from memtui.tui.views.broken import BrokenLinksView
from memtui.tui.views.files import FilesView
from memtui.tui.views.findings import FindingsView
from memtui.tui.views.graph import GraphView
from memtui.tui.views.index import IndexView
from memtui.tui.views.orphans import OrphansView
from memtui.tui.views.trend import TrendView
from memtui.tui.widgets.blank import BlankRow, ViewPane, ViewTabs
from memtui.tui.widgets.fitting_footer import FittingFooter
from memtui.tui.widgets.health_header import HealthHeader
from memtui.tui.widgets.preview import MemoryPreview
from memtui.tui.widgets.still_loading import StillLoading

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
#: Narrow and fewer rows than this: the preview under the views left a table its header
#: alone (newuser40 #14, 50×16), so it hides itself, says so, and `p` shows it again.
SHORT = 20

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


class Layout:
    """Mixed into ``MemtuiApp``: needs ``_ui``, ``keys``, ``workspace``, ``settings``,
    ``active_view``, ``start_audit`` and the layout state ``__init__`` sets (``_chat``,
    ``_narrow``, ``_one_side``, ``_preview_on``)."""

    #: The terminal's width as the last resize gave it (0: none yet, ``size``'s). The app's
    #: ``size`` is still the old one while a resize is handled: the panes were laid out for
    #: the width before (newuser23 #2: back at 120 columns from 200, a 64-column preview
    #: left the views 56).
    _width = 0

    def compose(self) -> ComposeResult:
        yield HealthHeader(id="health")
        # The containers are drawn blank (see `memtui.tui.widgets.blank`).
        with BlankRow(id="main"):
            with ViewTabs(id="views"):
                for i, (pid, title, cls) in enumerate(VIEWS, start=1):
                    with ViewPane(f"{i} {title}", id=pid):
                        if i == 1:  # the others are built when first shown
                            yield cls(id=f"{pid}-view")
            yield MemoryPreview(id="preview")
            yield Container(id="chat-slot")
        yield Static("", id="notice")
        yield FittingFooter()

    #: The preview hid itself because the terminal is narrow and short (see SHORT).
    _short_hid = False

    def on_resize(self, event: Any) -> None:
        self._apply_width(event.size.width, event.size.height)
        self.call_after_refresh(self.toasts_above_status)

    def toasts_above_status(self) -> None:
        """Toasts rise above the status line and the footer, however many lines the notice
        wraps to (newuser42 #19: at 80×24 a toast after `o` covered the edit's notice)."""
        ui = self._ui
        below = sum(w.outer_size.height for w in ui.query("#notice, FittingFooter")
                    if w.display)
        for rack in ui.query("ToastRack"):  # (Textual's, on every screen: by its type)
            rack.styles.margin = (0, 0, below, 0)

    def _apply_width(self, width: int, height: int | None = None) -> None:
        self._width = width
        self._narrow = width < NARROW
        self._one_side = width < THREE_PANES
        if height is not None:
            self._fit_height(height)
        self._ui.query_one(FittingFooter).compact = self._narrow
        self._arrange()

    def _fit_height(self, height: int) -> None:
        """Narrow and short: the list keeps its rows, the preview gives way (and says how
        to bring it back); taller or wider again, it comes back by itself."""
        short = self._narrow and height < SHORT
        if short and self._preview_on and not self._short_hid:
            self._preview_on = False
            self._short_hid = True
            self.set_notice(f"The preview is hidden at {height} rows to keep the list's rows: "
                            "p shows it.")
        elif not short and self._short_hid:
            self._short_hid = False
            self._preview_on = True

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
        # The main screen's focus, not a dialog's: a dialog over the chat (ctrl+n's "Start
        # a new chat?") took the class away, and nothing gave it back when the focus came
        # home to the chat input (newuser21 #17: a focused chat 36 columns wide).
        focused = self._ui.focused
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
                width = max(width, self._terminal_width() - VIEWS_WHILE_CHATTING)
        if width != self._slot_width:  # setting None lays the screen out again, each time
            self._slot_width = width
            slot.styles.width = width

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if self._found("#chat-slot") is not None:
            self._chat_focus_changed()
        if self.keys.held:
            self.call_later(self._hand_on_keys)

    def _terminal_width(self) -> int:
        return self._width or self.size.width

    def _preview_width(self, chat_open: bool) -> int:
        """Columns for the preview beside the views (and the chat, when open)."""
        width = self._terminal_width()
        want = PREVIEW_MIN if chat_open else min(max(width * 2 // 5, PREVIEW_MIN), PREVIEW_MAX)
        return max(PREVIEW_MIN, min(want, width - VIEWS_MIN))

    def get_loading_widget(self) -> Widget:
        """A still cover for a view whose audit is on its way (see `StillLoading`)."""
        return StillLoading()

    def _show_preview(self) -> None:
        """Show the preview; when narrow, it takes the open chat's place."""
        self._preview_on = True
        if self._one_side and self._chat_open():
            self._set_chat_open(False)
        self._arrange()

    def action_toggle_preview(self) -> None:
        self._short_hid = False  # the operator's choice from now on
        if self._preview_on and not (self._one_side and self._chat_open()):
            self._preview_on = False
            self._arrange()
        else:
            self._show_preview()

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

    def chat_files_changed(self) -> None:
        """Files of the workspace changed outside the chat: its cards re-read what undo
        can still do (a turn undone from a shell reads "↶ undone", newuser28 #12)."""
        for slot in self._ui.query("#chat-slot"):
            for pane in slot.children:
                recheck = getattr(pane, "recheck_undone", None)
                if recheck is not None:
                    recheck()

    def forget_secrets(self, secrets: list[str]) -> None:
        """A redaction: the open chat's conversation forgets the credentials (it would send
        them to the model again and save them back to its history; newuser23 #34)."""
        from memtui.edit.chat_state import scrub_messages

        for slot in self._ui.query("#chat-slot"):
            for pane in slot.children:
                session = getattr(pane, "session", None)
                if session is not None and scrub_messages(session.history, secrets):
                    session.save()

    def on_chat_pane_memory_changed(self, event: Any) -> None:
        """The agent wrote files: audit them now rather than wait for the watcher (whose
        report of the same write then audits nothing again: newuser35 #6)."""
        self.audit_written(set(event.paths))

    def on_chat_pane_block_counted(self, event: Any) -> None:
        """The chat counted the block (qwen, its budget bar's figure): the header says that
        count against the chat's window when the audit counted none (newuser37 #6)."""
        for header in self._ui.query(HealthHeader):
            header.use_chat_count(event.tokens)
        from memtui.tui.views.block import BlockView

        for view in self._ui.query(BlockView):  # the same figure there (newuser41 #4)
            view.redraw_count()

    def on_chat_pane_window_known(self, event: Any) -> None:
        """The chat knows its window (a server's -c, the num_ctx it asks Ollama for): the
        header measures the block against it too, as the chat does."""
        for header in self._ui.query(HealthHeader):
            header.use_window(event.window, event.name)
        from memtui.tui.views.block import BlockView

        for view in self._ui.query(BlockView):  # named there too (newuser36 #16)
            view.use_window(event.window, event.name)
