"""A footer that leaves out the keys that do not fit instead of running them under the
command palette key (Textual's footer lets them overflow, half hidden, at 80 columns)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


def key_width(key: FooterKey) -> int:
    """The cells ``key`` takes in the footer row, margins included (measured from what it
    renders, so it needs no layout: a footer on a screen under a dialog is fitted too)."""
    margin = key.styles.margin
    return key.render().cell_len + key.styles.gutter.width + margin.left + margin.right


#: Actions whose keys a narrow footer never leaves out.
ALWAYS = ("help", "quit")


class FittingFooter(Footer):
    """Keys are shown in binding order while they fit beside the palette key; the rest
    stay reachable by their keys, the ``?`` help and the command palette."""

    DEFAULT_CSS = """
    FittingFooter.-compact FooterKey.-command-palette { margin-right: 0; padding-right: 1; }
    """

    def compose(self) -> ComposeResult:
        """The keys; one whose words depend on state (``footer_description`` of a focused
        widget or its ancestors: "clear 3 picked") gets them and comes first."""
        stated: list[Widget] = []
        rest: list[Widget] = []
        extra = getattr(self.screen, "footer_extra", None)
        shown = {b.key for _, b, _, _ in self.screen.active_bindings.values() if b.show}
        for binding in extra() if callable(extra) else ():
            if binding.key not in shown:  # a key a focused field answers, that it hides
                stated.append(FooterKey(binding.key, self.app.get_key_display(binding),
                                        binding.description, binding.action))
        for widget in super().compose():
            words = self._described(widget.action) if isinstance(widget, FooterKey) else None
            if words and isinstance(widget, FooterKey):
                widget.description = words
                stated.append(widget)
            else:
                rest.append(widget)
        yield from stated
        yield from rest

    def _described(self, action: str) -> str | None:
        focused = self.screen.focused
        for node in focused.ancestors_with_self if focused is not None else ():
            describe = getattr(node, "footer_description", None)
            if callable(describe):
                words = describe(action)
                if words:
                    return str(words)
        return None

    async def recompose(self) -> None:
        await super().recompose()
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def watch_compact(self) -> None:
        self.call_after_refresh(self.fit)  # once the keys have their compact styles

    def fit(self) -> None:
        """Hide every key from the first one that does not fit; help and quit (the way
        to all the others, and out) always keep their place."""
        keys = list(self.query_children(FooterKey))
        palette = next((k for k in keys if k.has_class("-command-palette")), None)
        kept = [k for k in keys if k is palette or k.action in ALWAYS]
        room = self.size.width - sum(key_width(k) for k in kept)
        used = 0
        for key in keys:
            if key not in kept:
                used += key_width(key)
                key.display = used <= room
