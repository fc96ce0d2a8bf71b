"""Whether a widget's own focus changes its styles: does any CSS rule ask for ``:focus``
on a selector that names it?

Textual restyles a widget and everything under it (its scrollbars, one node a component
class) whenever it gains or loses the focus, for the ``:focus`` rules it might match, and
each restyle repaints all of it: for a view's table, ~4 ms of each view switch (the table
the focus leaves and the one it enters; issue 32 item 17). A widget no such rule names
looks the same either way, so that restyle changes nothing. The rules are read from the
app's stylesheet (parsed again when it changes: a new list): a selector part with the
``:focus`` pseudo-class names the widget when it is universal, one of its type names,
its id or one of its classes — whatever the rest of the selector (the widget may match
it one day), so the answer errs toward restyling.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.css.model import Selector, SelectorType
from textual.widget import Widget

_seen: list[object] = []  # the stylesheet's rule list the parts below were read from
_parts: list[Selector] = []  # every selector part with `:focus`


def _focus_parts(widget: Widget) -> list[Selector]:
    rules = widget.app.stylesheet.rules
    if not _seen or _seen[0] is not rules:
        _parts.clear()
        _parts.extend(part for rule in rules if "focus" in rule.pseudo_classes
                      for selectors in rule.selector_set for part in selectors.selectors
                      if "focus" in part.pseudo_classes)
        _seen[:] = [rules]
    return _parts


def styled_by_focus(widget: Widget) -> bool:
    """Whether a rule of the app's stylesheet asks for ``widget`` with ``:focus``."""
    names = {cls.__name__ for cls in type(widget).__mro__}
    for part in _focus_parts(widget):
        kind, name = part.type, part.name
        if kind is SelectorType.TYPE:
            named = name in names
        elif kind is SelectorType.CLASS:
            named = widget.has_class(name)
        elif kind is SelectorType.ID:
            named = name == widget.id
        else:
            named = True  # universal (or anything else): may be it
        if named:
            return True
    return False


def focus_moved(widget: Widget, event: events.Focus | events.Blur,
                repaint: Callable[[], object]) -> None:
    """What Textual's own focus handlers (`Widget`'s, the only others) do — ``has_focus``,
    a repaint, the parent told — with ``repaint`` the widget's own (a widget whose focus
    changes a line or two need not repaint every line); theirs are not run."""
    event.prevent_default()
    focused = isinstance(event, events.Focus)
    widget.has_focus = focused
    repaint()
    if widget.parent is not None:
        told = events.DescendantFocus if focused else events.DescendantBlur
        widget.parent.post_message(told(widget))
