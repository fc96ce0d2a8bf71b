"""The views not shown yet, built while the app is idle after its first audit (issue 32
item 17). Mixed into ``MemtuiApp``.

A view used to be built when first shown (``MemtuiApp.view``): its widgets composed, their
styles worked out (for a widget class not seen before, its default CSS parsed first),
mounted, and its rows put in the table — 20–50 ms of the first switch to each view on top
of what every switch costs, 60–90 ms in all where the budget is 50. Once the first audit
is complete, each view not built yet is built in its hidden pane, one at a time with a
pause between, and given the audit's rows (up to ``AHEAD_MAX_FILES`` memories: past that
nothing is made ahead, as before). The Trend view is built but its
history is not read: that audits every commit, and waits until the view is shown.

A view built ahead is also laid out ahead: while it is built, its pane is shown in a layer
of its own (``ViewTabs`` declares the layer: the shown view keeps its size) and placed
below the screen (Textual's ``absolute_offset``), so the screen's layout gives each of its
widgets its size and its scrollbars; once laid out, its lines are drawn
(``draw_laid_out``). Never laid out, each widget got its first size at the view's first
switch, and each new size (a virtual size, a scrollbar coming, then the scrollbar's own
size) asked for another full-screen layout and paint: three a first switch, where a later
one takes one (20–30 ms of its CPU at 261 files). Off the screen, it is never drawn on it:
laid out under the shown view and covered (i17j), the screen still drew it there, and the
edges of its widgets cut the shown view's lines into other pieces (the same characters, a
different screenshot: the Trend view's, mid-build, broke a screenshot test under load), and
each refresh of it redrew the area it hid. Any key or mouse event takes the pane down at
once, before it is handled (``end_laying_out_ahead``): no key reaches, nor focus lands in,
a view laid out ahead.

Once every view is built, a widget of each class the New memory form shows that the main
screen has none of is mounted hidden and taken away (``_parse_css_ahead``): Textual parses
a widget class's default CSS when its first widget mounts, ~20 ms of the first ``n``.

Built only while nothing else goes on: no audit running, no dialog or help above the
views, no key waiting for the focus, no key or mouse event for ``AHEAD_QUIET`` seconds;
otherwise it tries again a little later. A key pressed meanwhile waits for one view's
build at most.
"""

from __future__ import annotations

import time
from typing import Any

from textual import events
from textual.css.query import NoMatches
from textual.geometry import Offset, Region
from textual.widget import Widget
from textual.widgets import TabbedContent, TabPane

from memtui.tui.layout import VIEWS
from memtui.tui.messages import AHEAD_LAYER
from memtui.tui.views.base import AuditView
from memtui.tui.views.trend import TrendView
from memtui.tui.widgets.audit_table import AuditTable

#: Seconds between two views built ahead (the loop's other work runs in between).
AHEAD_GAP = 0.05
#: Seconds before trying again while the app is busy (an audit, a dialog, keys held).
AHEAD_RETRY = 0.5
#: Seconds without a key or a mouse event before a view is built ahead: keys coming one
#: after another (a page-down held) are not slowed by a build between two of them.
AHEAD_QUIET = 0.5
#: Past this many memories nothing is made ahead (no view built, no module imported): at
#: 10,000 the views' rows and the Graph's tree of every memory would hold the screen's
#: thread and the memory for views the operator may never open; measured there
#: (``bench/tui.py``), the imports and the hidden views raised the app's peak RSS by ~9 MiB
#: (to 194–199 against a 200 MiB goal) and put a build between two heartbeats of the Files
#: view's first fill (62 ms of CPU, goal 50). Such a workspace behaves as before.
AHEAD_MAX_FILES = 2_000
#: A view laid out ahead stays in its layer until no layout came for this many seconds
#: (its first size asks for one more, the scrollbars it brings one more), or at most
#: ``AHEAD_LAYOUT_MAX`` seconds.
AHEAD_LAID_OUT = 0.1
AHEAD_LAYOUT_MAX = 1.0
#: Seconds between two looks at a view being built and laid out ahead.
AHEAD_POLL = 0.03


def draw_laid_out(pane: Widget) -> None:
    """Draw the lines of every widget shown in ``pane`` (laid out off the screen, where the
    screen draws nothing), as a paint would: kept by each widget, its first paint finds
    them drawn."""
    stack = [pane]
    while stack:
        widget = stack.pop()
        if not widget.display:
            continue
        width, height = widget.outer_size
        if width and height:
            widget.render_lines(Region(0, 0, width, height))
        stack.extend(child for child in widget.children if isinstance(child, Widget))


class BuildAhead:
    """Mixed into ``MemtuiApp``: needs ``_ui``, ``view``, ``result``, ``keys``, ``heap``,
    ``_auditing``, ``screen_stack`` and ``set_timer``."""

    _ahead_started = False
    _ahead_pane: TabPane | None = None  # the pane laid out under the one shown
    _laid: list[float]  # when the screen laid it out (monotonic seconds)
    _laying_since = 0.0  # when it was put there
    _filled = False  # its rows and first lines are in
    #: Every view is built and laid out ahead (or there was nothing to make ahead).
    ahead_done = False

    def ahead_wanted(self) -> bool:
        """Whether the workspace is small enough for views and modules made ahead."""
        result = self.result  # type: ignore[attr-defined]
        return result is not None and len(result.files) <= AHEAD_MAX_FILES

    def _start_building_ahead(self) -> None:
        """The first audit is complete: build the views not shown yet, one at a time."""
        if self._ahead_started or not self.ahead_wanted():
            return
        self._ahead_started = True
        self.set_timer(AHEAD_GAP, self._build_ahead)  # type: ignore[attr-defined]

    def _unbuilt(self) -> str | None:
        """The first view (in key order) whose pane holds no view yet."""
        ui: Any = self._ui  # type: ignore[attr-defined]
        for pid, _, _ in VIEWS:
            try:
                pane = ui.query_one(f"#{pid}", TabPane)
            except NoMatches:
                return None  # the app is closing
            if not pane.children:
                return pid
        return None

    def _build_ahead(self) -> None:
        app: Any = self
        if not app.is_running:
            return  # closing
        if len(app.screen_stack) != 1:
            if app.screen_stack:  # a dialog or the help is up (none: the app is closing)
                app.set_timer(AHEAD_RETRY, self._build_ahead)
            return
        if (app._auditing or app.keys.held
                or time.monotonic() - app.heap.last_input < AHEAD_QUIET):
            app.set_timer(AHEAD_RETRY, self._build_ahead)
            return
        pid = self._unbuilt()
        if pid is None:
            app.call_later(self._parse_css_ahead)
            return
        try:
            pane = app._ui.query_one(f"#{pid}", TabPane)
        except NoMatches:
            return  # the app is closing
        self._lay_out_under(pane)
        view: Widget = app.view(pid)  # mounted under the shown view; the latest audit
        # Its mount, its layouts (from the screen's timer) are waited for from timers of
        # their own, a few ms each: this runs in the app's queue, where a key would wait.
        self._laid = []
        self._laying_since = time.monotonic()
        self._filled = False
        app._ui.screen_layout_refresh_signal.subscribe(
            pane, lambda _: self._laid.append(time.monotonic()), immediate=True)
        app.set_timer(AHEAD_POLL, lambda: self._ahead_step(pane, view))

    async def _parse_css_ahead(self) -> None:
        """The widget classes of the first dialogs mounted hidden and taken away: their
        default CSS parsed now (Textual parses a class's when its first widget mounts)."""
        from memtui.tui.dialogs.new_memory import NewMemoryScreen

        app: Any = self
        if app.is_running and len(app.screen_stack) == 1:
            holder = Widget(*NewMemoryScreen.widgets_ahead())
            holder.display = False
            await app.screen.mount(holder)
            await holder.remove()
        self.ahead_done = True

    def _ahead_step(self, pane: TabPane, view: Widget) -> None:
        """Once ``view`` is mounted, fill it; once the screen has laid its pane out and no
        layout followed for ``AHEAD_LAID_OUT`` seconds (or after ``AHEAD_LAYOUT_MAX``),
        take the pane down and build the next view (an input may have taken it down)."""
        app: Any = self
        now = time.monotonic()
        late = now - self._laying_since > AHEAD_LAYOUT_MAX
        if app.is_running and view.is_attached and not self._filled:
            if not view.is_mounted:
                app.set_timer(AHEAD_POLL, lambda: self._ahead_step(pane, view))
                return
            self._filled = self._fill_ahead(view)
            self._laying_since = now  # (its layouts are counted from its fill)
        if (self._filled and self._ahead_pane is pane and app.is_running and not late
                and not (self._laid and pane.size.area
                         and now - self._laid[-1] > AHEAD_LAID_OUT)):
            app.set_timer(AHEAD_POLL, lambda: self._ahead_step(pane, view))
            return
        if pane.is_attached:
            app._ui.screen_layout_refresh_signal.unsubscribe(pane)
        if self._ahead_pane is pane:
            if self._filled and app.is_running:
                draw_laid_out(pane)
            self.end_laying_out_ahead()
        if app.is_running and self._filled:
            app.set_timer(AHEAD_GAP, self._build_ahead)

    def _fill_ahead(self, view: Widget) -> bool:
        """The rows of ``view`` just built, the lines its first frame shows and its first
        file's body in the preview; False when the app is closing."""
        app: Any = self
        if isinstance(view, AuditView) and not isinstance(view, TrendView):
            try:
                view.ensure_fresh()  # its rows in now, not in the key that first shows it
                if isinstance(view, AuditTable):
                    view.draw_ahead()  # and the lines its first frame shows
                picked = view.selection()
            except NoMatches:
                return False  # its widgets taken down meanwhile: the app is closing
            for preview in app._previews():  # and the body of the file it first shows
                preview.prepare(*(picked or (None, None)))
        return True

    async def on_event(self, event: events.Event) -> None:
        """A key or a mouse event (handed on by ``KeyFlow`` when its turn comes) first
        takes down the pane laid out under the shown one."""
        if isinstance(event, (events.Key, events.MouseEvent)):
            self.end_laying_out_ahead()
        await super().on_event(event)  # type: ignore[misc]

    def _lay_out_under(self, pane: TabPane) -> None:
        """Show ``pane`` in the layer under the shown view's, placed below the screen: laid
        out (its widgets get their sizes), never drawn."""
        pane.styles.layer = AHEAD_LAYER  # (inline: no restyle of the view under it)
        pane.absolute_offset = Offset(0, self.size.height)  # type: ignore[attr-defined]
        pane.display = True
        self._ahead_pane = pane

    def end_laying_out_ahead(self) -> None:
        """Take down the pane laid out under the shown one, if any (hidden again, unless it
        became the view shown meanwhile)."""
        pane, self._ahead_pane = self._ahead_pane, None
        if pane is None:
            return
        pane.styles.layer = None
        pane.absolute_offset = None
        try:
            active = self._ui.query_one(TabbedContent).active  # type: ignore[attr-defined]
        except NoMatches:
            active = None  # the app is closing
        pane.display = pane.id == active
