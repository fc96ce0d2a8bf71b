"""The colours memtui paints data with, resolved from the active theme's variables.

Table cells are Rich renderables, so they need concrete colours rather than CSS variables;
views rebuild their rows when the theme changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from memtui.tui.themes import SEVERITY_FALLBACKS


@dataclass(frozen=True)
class Palette:
    error: str = "red"
    warning: str = "yellow"
    info: str = "blue"
    resolved: str = "green"
    fuzzy: str = "yellow"
    dangling: str = "magenta"
    accent: str = "cyan"
    muted: str = "grey50"

    @classmethod
    def from_variables(cls, variables: Mapping[str, str]) -> Palette:
        def pick(name: str) -> str:
            value = variables.get(name) or variables.get(SEVERITY_FALLBACKS[name], "")
            return _plain_colour(value) or getattr(cls, _FIELD[name])

        return cls(
            error=pick("severity-error"), warning=pick("severity-warning"),
            info=pick("severity-info"), resolved=pick("wikilink-resolved"),
            fuzzy=pick("wikilink-fuzzy"), dangling=pick("wikilink-dangling"),
            accent=_plain_colour(variables.get("accent", "")) or cls.accent,
            muted=_plain_colour(variables.get("foreground-muted", "")) or cls.muted,
        )

    def severity(self, severity: str) -> str:
        return {"error": self.error, "warning": self.warning}.get(severity, self.info)

    def link_state(self, state: str) -> str:
        """Colour for a wikilink resolution state (exact/stem → resolved)."""
        return {"fuzzy": self.fuzzy, "dangling": self.dangling}.get(state, self.resolved)


_FIELD = {"severity-error": "error", "severity-warning": "warning", "severity-info": "info",
          "wikilink-resolved": "resolved", "wikilink-fuzzy": "fuzzy",
          "wikilink-dangling": "dangling"}


def _plain_colour(value: str) -> str:
    """A CSS colour value Rich can use ('#rrggbb'); alpha and named shades are dropped."""
    if not value:
        return ""
    from textual.color import Color

    try:
        return Color.parse(value.split()[0]).hex6
    except Exception:
        return ""
