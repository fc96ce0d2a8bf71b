"""A footer that leaves out the keys that do not fit instead of running them under the
command palette key (Textual's footer lets them overflow, half hidden, at 80 columns)."""

from __future__ import annotations

from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class FittingFooter(Footer):
    """Keys are shown in binding order while they fit beside the palette key; the rest
    stay reachable by their keys, the ``?`` help and the command palette."""

    DEFAULT_CSS = """
    FittingFooter.-compact FooterKey.-command-palette { margin-right: 0; padding-right: 1; }
    """

    async def recompose(self) -> None:
        await super().recompose()
        self.call_after_refresh(self.fit)

    def on_resize(self) -> None:
        for key in self.query_children(FooterKey):
            key.display = True  # measured again at the new width
        self.call_after_refresh(self.fit)

    def fit(self) -> None:
        """Hide every key from the first one that reaches the palette key (or the edge)."""
        keys = list(self.query_children(FooterKey))
        palette = next((k for k in keys if k.has_class("-command-palette")), None)
        limit = palette.region.x if palette is not None else self.region.right
        full = False
        for key in keys:
            if key is not palette:
                full = full or key.region.right > limit
                key.display = not full
