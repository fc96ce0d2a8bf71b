"""The main screen's containers drawn as blank lines, and the preview's parts laid out once.

A container whose children cover it shows nothing of its own, yet Textual renders every
line of it at each paint that crosses it, and all of them afresh after any refresh of it:
a view switch refreshes the screen (the focus moves), the tabbed content, its switcher and
two panes (the one hidden, the one shown), 5–6 ms of a switch's CPU (issue 32 item 17).
Textual's ``Widget.BLANK`` ("no border, no content") draws each such line as one blank
strip in the widget's own style instead; what shows is the children's, as before.

A widget's ``virtual_size`` is a layout reactive in Textual: when a layout gives a widget
a new size, setting it asks for a second full layout (and its paint) at once, although the
first has already placed everything by the new size. The preview's parts change height
with every file shown, so each switch was laid out twice; ``virtual_size_laid_once`` is
the same reactive without that request (a scrollbar that must appear or go still asks for
its layout: ``show_vertical_scrollbar`` is a layout reactive of its own).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.cells import cell_len
from textual.containers import Horizontal
from textual.dom import DOMNode
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Static, TabbedContent, TabPane

from memtui.tui.messages import AHEAD_LAYER
from memtui.tui.widgets.hidden_focus import restyle_owed


def virtual_size_laid_once() -> Reactive[Size]:
    """A ``virtual_size`` for a widget class whose size change needs no second layout, nor
    a repaint of its own (a new size repaints the widget already; a container's virtual
    size is its children's, drawn by them)."""
    return Reactive(Size(0, 0), layout=False, repaint=False)


class BlankScreen(Screen[None]):
    """The app's main screen: header, views, preview, notice and footer cover it.

    Its ``focused`` does not repaint it: in Textual a new focus repaints the whole screen
    (every widget on it, from cache: 3–4 ms of each view switch, a paint of its own after
    the switch's layout), yet the screen draws nothing of its own here, and the widgets
    the focus leaves and enters repaint themselves (their ``:focus`` styles change)."""

    BLANK: ClassVar[bool] = True
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)


class BlankRow(Horizontal):
    """A row covered by its children (the views and the preview)."""

    BLANK: ClassVar[bool] = True


class ViewTabs(TabbedContent):
    """The views' tabs: the tab bar and the panes' switcher cover it. The switcher has a
    layer under its panes' own, where a view built ahead is laid out (below the screen) at
    the shown one's size (``build_ahead``)."""

    BLANK: ClassVar[bool] = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._full_labels: dict[str, str] = {}

    def on_mount(self) -> None:
        # Textual composes the switcher itself (no class to name in its place): the shown
        # pane covers it.
        for switcher in self.query_children(ContentSwitcher):
            switcher.BLANK = True  # type: ignore[misc]
            switcher.styles.layers = (AHEAD_LAYER, "default")  # the first is the lowest

    def on_resize(self) -> None:
        self.fit_labels()

    def on_tabbed_content_tab_activated(self) -> None:
        self.fit_labels()  # (the message goes on to the app)

    def fit_labels(self) -> None:
        """Tab labels that fit the bar's width: whole; else the shown view's whole and the
        others by their first letters; else the others by their number alone (newuser41 #9:
        with the chat pane open at 120 columns the bar scrolled, ``rphans  4 Broken …``,
        and the first views' tabs were gone)."""
        width = self.size.width
        # (the switcher's own children: a query would walk every view's widgets)
        panes = [p for switcher in self.query_children(ContentSwitcher)
                 for p in switcher.children if isinstance(p, TabPane) and p.id]
        if not width or not panes:
            return
        full = self._full_labels  # each pane's whole label, as composed
        for pane in panes:
            full.setdefault(pane.id or "", str(self.get_tab(pane).label_text))
        active = self.active
        tiers = [
            dict(full),
            {pid: text if pid == active else text.split(" ", 1)[0] + " "
             + text.split(" ", 1)[-1][:3] for pid, text in full.items()},
            {pid: text if pid == active else text.split(" ", 1)[0]
             for pid, text in full.items()},
            {pid: text.split(" ", 1)[0] for pid, text in full.items()},
        ]
        chosen = next((t for t in tiers
                       if sum(cell_len(label) + 2 for label in t.values()) < width),
                      tiers[-1])
        for pid, label in chosen.items():
            tab = self.get_tab(pid)
            if str(tab.label_text) != label:
                tab.label = label



class ViewPane(TabPane):
    """A view's pane: the view fills it. When it is shown again (Textual's content
    switcher sets its ``display``), it restyles each widget under it whose restyle for the
    focus it lost while hidden was put off (``hidden_focus``)."""

    BLANK: ClassVar[bool] = True
    _owed: list[Widget] | None = None  # widgets whose restyle was put off

    def restyle_when_shown(self, widget: Widget) -> None:
        if self._owed is None:
            self._owed = []
        if widget not in self._owed:
            self._owed.append(widget)

    @property
    def display(self) -> bool:
        return DOMNode.display.__get__(self)

    @display.setter
    def display(self, new_val: bool | str) -> None:
        DOMNode.display.__set__(self, new_val)
        owed = self._owed
        if owed and self.display:
            self._owed = None
            for widget in owed:
                restyle_owed(widget)


class PreviewPart(Static):
    """A part of the preview (title, meta, findings, age note) laid out once a switch."""

    virtual_size = virtual_size_laid_once()
