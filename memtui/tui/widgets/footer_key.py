"""One key of the footer: the key as the app displays it and what it does ("/ Filter").

memtui's own, since Textual 8 keeps its footer's key widget private; it looks and acts
the same (the same component classes and theme variables, a click presses the key)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget


class FooterKey(Widget):
    """A key and its description; dimmed (a click only rings the bell) when disabled."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {"footer-key--key", "footer-key--description"}
    DEFAULT_CSS = """
    FooterKey {
        width: auto;
        height: 1;
        text-wrap: nowrap;
        background: $footer-item-background;
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
            padding: 0 1;
        }
        .footer-key--description {
            padding: 0 1 0 0;
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        &:hover {
            pointer: pointer;
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        &.-disabled { text-style: dim; }
        &.-compact {
            .footer-key--key { padding: 0; }
            .footer-key--description { padding: 0 0 0 1; }
        }
    }
    """

    compact = reactive(True)
    """The compact style (no padding around the key)."""

    def __init__(self, key: str, key_display: str, description: str, action: str, *,
                 enabled: bool = True, tooltip: str = "", classes: str = "",
                 compact: bool = True) -> None:
        """``compact``: the style it is born with (its footer's), so that no restyle
        follows: restyling each new key cost ~2 ms, 15–30 keys per footer."""
        self.key = key
        self.key_display = key_display
        self.description = description
        self.action = action
        self.enabled = enabled
        super().__init__(classes=" ".join(
            (classes, "-compact" if compact else "", "" if enabled else "-disabled")))
        self.set_reactive(FooterKey.compact, compact)
        self.set_reactive(Widget.shrink, False)
        if tooltip:
            self.tooltip = tooltip

    def watch_compact(self, compact: bool) -> None:
        self.set_class(compact, "-compact")

    def render(self) -> Text:
        key_style = self.get_component_rich_style("footer-key--key")
        key_pad = self.get_component_styles("footer-key--key").padding
        if self.description:
            words_style = self.get_component_rich_style("footer-key--description")
            words_pad = self.get_component_styles("footer-key--description").padding
            text = Text.assemble(
                (" " * key_pad.left + self.key_display + " " * key_pad.right, key_style),
                (" " * words_pad.left + self.description + " " * words_pad.right,
                 words_style))
        else:
            text = Text.assemble((self.key_display, key_style))
        text.stylize_before(self.rich_style)
        return text

    def on_mouse_down(self) -> None:
        """A click presses the key, so it does whatever the key does where the focus is."""
        if self.enabled:
            self.app.simulate_key(self.key)
        else:
            self.app.bell()
