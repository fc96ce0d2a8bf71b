"""memtui's own themes: TOML files in ``themes/`` loaded into Textual ``Theme`` objects.

A theme file holds the Textual colour fields (``primary``, ``background``, …, ``dark``) and a
``[variables]`` table; memtui reads these variables (with fallbacks for Textual's built-in
themes, see ``SEVERITY_FALLBACKS``):

- ``severity-error``, ``severity-warning``, ``severity-info``: finding severities;
- ``wikilink-resolved``, ``wikilink-fuzzy``, ``wikilink-dangling``: wikilink states.
"""

from __future__ import annotations

from pathlib import Path

from textual.color import Color, ColorParseError
from textual.theme import Theme

from memtui.core.files.input_file import CONFIG_LIMIT, InputError, parse_toml, read_input

#: memtui's variable → the Textual colour variable used when a theme does not set it.
SEVERITY_FALLBACKS: dict[str, str] = {
    "severity-error": "error",
    "severity-warning": "warning",
    "severity-info": "primary",
    "wikilink-resolved": "success",
    "wikilink-fuzzy": "warning",
    "wikilink-dangling": "error",
}

#: WCAG's least contrast for normal text (AA).
MIN_CONTRAST = 4.5
#: (background, foreground) variable pairs of the table cursor, focused and not.
CURSOR_PAIRS = (("block-cursor-background", "block-cursor-foreground"),
                ("block-cursor-blurred-background", "block-cursor-blurred-foreground"))

_FIELDS = ("primary", "secondary", "warning", "error", "success", "accent", "foreground",
           "background", "surface", "panel", "boost")


def theme_dirs() -> list[Path]:
    """Where theme files live: the user's own (``themes/`` in the memtui config folder),
    then the shipped ones (``themes/`` at the repository root, or inside the wheel)."""
    from memtui.tui.config import config_dir

    here = Path(__file__).resolve().parent
    user = config_dir()
    places = [user / "themes"] if user else []
    return [p for p in (*places, here.parents[1] / "themes", here.parent / "themes")
            if p.is_dir()]


def theme_from_toml(path: Path) -> Theme:
    """Read one theme file (raises ValueError with the file name when it is malformed)."""
    try:  # the one bounded reader: never a FIFO, at most 1 MiB, nesting bounded
        raw = read_input(path, CONFIG_LIMIT)
        if raw is None:
            raise ValueError(f"{path.name}: no such file")
        data = parse_toml(raw, path.name)
    except InputError as exc:
        raise ValueError(f"{path.name}: {exc.reason}") from None
    if "name" not in data or "primary" not in data:
        raise ValueError(f"{path.name}: a theme needs 'name' and 'primary'")
    variables = {str(k): str(v) for k, v in dict(data.get("variables", {})).items()}
    return Theme(name=str(data["name"]), dark=bool(data.get("dark", True)),
                 variables=variables,
                 **{k: str(data[k]) for k in _FIELDS if k in data})


def load_themes() -> list[Theme]:
    """Every theme file found (the first of a name wins, so a user's file can replace a
    shipped theme); malformed files are skipped."""
    themes: dict[str, Theme] = {}
    for folder in theme_dirs():
        for path in sorted(folder.glob("*.toml")):
            try:
                theme = theme_from_toml(path)
            except ValueError:
                continue
            themes.setdefault(theme.name, theme)
    return list(themes.values())


def theme_names() -> list[str]:
    """memtui's theme names plus Textual's built-in ones, sorted."""
    from textual.theme import BUILTIN_THEMES

    return sorted({*BUILTIN_THEMES, *(t.name for t in load_themes())})


def contrast(a: Color, b: Color) -> float:
    """WCAG contrast ratio of two opaque colours (1 to 21)."""

    def luminance(c: Color) -> float:
        def channel(v: int) -> float:
            x = v / 255
            return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

        return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def resolve(value: str, under: Color) -> Color:
    """A theme variable's colour as drawn over ``under``: ``#rrggbb``, ``#rrggbbaa`` or
    ``#rrggbb 40%`` blend into it; ``auto 87%`` is Textual's contrasting text."""
    parts = value.split()
    alpha = float(parts[1].rstrip("%")) / 100 if len(parts) > 1 else None
    if parts[0] == "auto":
        colour = under.get_contrast_text(1.0 if alpha is None else alpha)
    else:
        colour = Color.parse(parts[0])
        if alpha is not None:
            colour = colour.multiply_alpha(alpha)
    return under + colour


def readable_cursor(variables: dict[str, str]) -> dict[str, str]:
    """Cursor foregrounds to use instead of the theme's where they contrast less than
    ``MIN_CONTRAST`` with the cursor bar (Textual's default blue bar with 87% white is
    3.8:1): white or black, whichever contrasts more."""
    out: dict[str, str] = {}
    try:
        surface = resolve(variables["surface"], Color(0, 0, 0))
        for bg_name, fg_name in CURSOR_PAIRS:
            bar = resolve(variables[bg_name], surface)
            if contrast(resolve(variables[fg_name], bar), bar) < MIN_CONTRAST:
                white, black = Color(255, 255, 255), Color(0, 0, 0)
                best = max((white, black), key=lambda c: contrast(c, bar))
                out[fg_name] = best.hex6
    except (KeyError, ValueError, ColorParseError):
        pass  # a theme without these variables: Textual's own rules apply
    return out
