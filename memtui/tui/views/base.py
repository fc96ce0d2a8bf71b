"""A view of one audit result: it takes each new result at once and draws it when shown.

Drawing a hidden view would cost every re-audit the price of every view, so a view
that is not displayed only remembers that it is stale and draws on ``ensure_fresh``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events, on
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input

from memtui.core.audit import AuditResult
from memtui.tui.messages import MemorySelected, displayed
from memtui.tui.palette import Palette


class AuditView(Vertical):
    """Base class of the views; subclasses draw a result in ``draw``."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.result: AuditResult | None = None
        self.palette = Palette()
        self._dirty = False

    def set_result(self, result: AuditResult, palette: Palette,
                   changed: set[str] | None = None, rows: list[Any] | None = None) -> None:
        """Take a new audit (``changed``: the files it re-read; ``rows``: a table's rows
        when already built off the UI thread); draw it now when the view is visible."""
        self.result, self.palette = result, palette
        self._dirty = True
        if displayed(self):
            self.rebuild()

    def ensure_fresh(self) -> None:
        if self._dirty:
            self.rebuild()

    def rebuild(self) -> None:
        result = self.result
        if result is None or not self.is_mounted:
            return
        self._dirty = False
        self.draw(result)

    def draw(self, result: AuditResult) -> None:
        raise NotImplementedError

    def selection(self) -> tuple[str, int | None] | None:
        """The file (and line) the view's cursor is on; None when nothing is selected."""
        return None

    def edit_target(self) -> tuple[str, int | None] | None:
        """What ``o`` opens in the editor: the selected file (the Index view: MEMORY.md at
        the cursor's line)."""
        return self.selection()

    def why_nothing(self) -> str:
        """Why no memory is selected here (said when a key needs one)."""
        return "this view has no memory selected"

    def announce(self) -> None:
        """Tell the preview what the cursor is on, or that nothing is (a view just shown)."""
        picked = self.selection()
        self.post_message(MemorySelected(*picked, now=True) if picked
                          else MemorySelected(None, now=True))


class FilteredView(AuditView):
    """An audit view with a summary line and a filter box over its ``body`` (a table, a
    tree): typing narrows the view, Enter goes back to the body (and so does Esc, the
    app's way out of any input); Esc in the body then clears the filter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "focus_filter", "Filter"),
        Binding("escape", "clear", "Clear filter"),  # or "clear 3 picked"
    ]

    DEFAULT_CSS = """
    FilteredView { height: 1fr; }
    FilteredView > .summary {
        height: 1; padding: 0 1; color: $text-muted;
        text-wrap: wrap; text-overflow: ellipsis;
    }
    FilteredView > Input.filter {
        height: 1; border: none; padding: 0 1; margin: 0; display: none;
    }
    FilteredView > Input.filter.-shown { display: block; }
    FilteredView > Input.filter:focus { border: none; background: $boost; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.filter_text = ""
        self._filter_timer: Timer | None = None

    @property
    def body(self) -> Widget:
        raise NotImplementedError

    def refilter(self) -> None:
        """Show what ``filter_text`` lets through."""
        raise NotImplementedError

    def filter_pause(self) -> float:
        """Seconds typing into the filter must pause before the view filters (0: at each
        key; a view whose filtering costs overrides it)."""
        return 0.0

    def action_focus_filter(self) -> None:
        # Shown (its row is the list's while no filter is in use: newuser33 #25), and
        # focused at once, not after the keys already typed: they are the filter's words.
        box = self.query_one(Input)
        box.add_class("-shown")
        self.screen.set_focus(box)

    def _hide_idle_filter(self) -> None:
        """Give the filter box's row back to the list while the filter is empty and not
        being typed into."""
        box = self.query_one(Input)  # (the screen's focus: set at once, unlike has_focus)
        if not box.value and self.screen.focused is not box:
            box.remove_class("-shown")

    @on(events.DescendantBlur)
    def _filter_left(self, event: events.DescendantBlur) -> None:
        if isinstance(event.widget, Input) and event.widget.has_class("filter"):
            self._hide_idle_filter()

    def in_filter(self) -> bool:
        """Whether the filter box has the focus (Esc there is the app's: back to the body)."""
        return self.query_one(Input).has_focus

    def picked_count(self) -> int:
        """Rows picked (Esc clears those before the filter); tables override this."""
        return 0

    def clear_picks(self) -> None:
        """Unpick every row (tables override this)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "clear":
            return not self.in_filter() and bool(self.picked_count() or self.filter_text)
        return True

    def footer_description(self, action: str) -> str | None:
        """The footer's words for ``action`` when they depend on the view's state."""
        n = self.picked_count()
        return f"clear {n:,} picked" if action == "clear" and n else None

    def action_clear(self) -> None:
        """Esc in the body: unpick the picked rows, else clear the filter."""
        if self.picked_count():
            self.clear_picks()
        else:
            self.set_filter("")

    def set_filter(self, text: str) -> None:
        box = self.query_one(Input)
        box.value = text
        self.filter_text = text
        if text:
            box.add_class("-shown")
        else:
            self._hide_idle_filter()
        self._filter_now()

    @on(Input.Changed, ".filter")
    def _filter(self, event: Input.Changed) -> None:
        event.stop()
        self.filter_text = event.value
        if self._filter_timer is not None:
            self._filter_timer.stop()
            self._filter_timer = None
        pause = self.filter_pause()
        if pause:  # the words typed so far, once typing pauses (newuser24 #31)
            self._filter_timer = self.set_timer(pause, self._filter_now)
        else:
            self._filter_now()

    def _filter_now(self) -> None:
        if self._filter_timer is not None:
            self._filter_timer.stop()
            self._filter_timer = None
        self.refilter()
        self.refresh_bindings()

    @on(Input.Submitted, ".filter")
    def _filter_done(self, event: Input.Submitted) -> None:
        event.stop()
        if self._filter_timer is not None:  # Enter: the final words, now
            self._filter_now()
        self.screen.set_focus(self.body)  # at once: the keys typed next are the body's
