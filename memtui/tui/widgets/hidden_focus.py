"""A widget's restyle for the focus it loses while hidden, put off until it is shown again
(issue 32 item 17).

Textual restyles a widget (and its scrollbars) whenever it gains or loses the focus, for
its ``:focus`` rules: the Trend view's table and the Graph view's tree have them (Textual's
``DataTable:focus`` and ``Tree:focus``: a tint, the cursor's colours), ~3 ms each way. A
view switch takes the focus from the view going out of sight, by then in a hidden pane,
and gives it back when that view is shown again: two restyles a round trip, the first for
looks nobody sees, the second back to the styles it had. Here a widget that loses the
focus inside a hidden pane (``ShowsLater``: the views' panes) keeps its styles, which still
resolve for the focus, and the pane is told: when the widget gains the focus again its
styles are already those, and no restyle is needed; when the pane is shown with the widget
still without the focus (and not about to get it, Textual's ``Screen.focused``), the pane
restyles it then, before that frame is laid out and drawn. Any other restyle (a theme, a
class, the stylesheet) resolves for the focus it has at that time, and nothing is owed.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from textual.widget import Widget


@runtime_checkable
class ShowsLater(Protocol):
    """A container hidden and shown again (a view's pane), which restyles, when it is
    shown, each widget under it whose focus restyle was put off."""

    def restyle_when_shown(self, widget: Widget) -> None: ...


def hiding_pane(widget: Widget) -> ShowsLater | None:
    """The pane hiding ``widget``: its nearest ancestor not displayed, when that is a
    ``ShowsLater`` (None when the widget shows, or something else hides it)."""
    for node in widget.ancestors_with_self:
        if not node.display:
            return node if isinstance(node, ShowsLater) else None
    return None


def restyle_owed(widget: Widget) -> None:
    """Restyle ``widget`` for its focus now if its styles were left for the other focus
    state, unless the focus is already on its way to it (Textual's ``Focus`` event, sent
    by ``Screen.set_focus``, finds its styles right)."""
    owed = getattr(widget, "_styles_for_focus", None)
    if owed is None or not widget.is_attached or owed == widget.has_focus:
        return
    if owed and widget.screen.focused is widget:
        return
    widget.update_node_styles()


class FocusStylesPutOffWhileHidden:
    """Mixed in before a Textual widget class (``class T(FocusStylesPutOffWhileHidden,
    Tree)``)."""

    #: The focus state its styles resolve for while it differs from ``has_focus`` (a
    #: restyle put off), else None.
    _styles_for_focus: bool | None = None

    def watch_has_focus(self, has_focus: bool) -> None:
        me: Any = self
        owed = self._styles_for_focus
        if owed is not None and owed == has_focus:
            self._styles_for_focus = None  # back to the focus its styles are for
            return
        pane = None if has_focus else hiding_pane(me)
        if pane is not None:
            self._styles_for_focus = True
            pane.restyle_when_shown(me)
            return
        outer: Any = super()
        outer.watch_has_focus(has_focus)

    def notify_style_update(self) -> None:
        self._styles_for_focus = None  # any restyle resolves for the focus it has now
        outer: Any = super()
        outer.notify_style_update()
