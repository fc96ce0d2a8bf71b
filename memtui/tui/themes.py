"""memtui's own themes: TOML files in ``themes/`` loaded into Textual ``Theme`` objects.

A theme file holds the Textual colour fields (``primary``, ``background``, …, ``dark``) and a
``[variables]`` table; memtui reads these variables (with fallbacks for Textual's built-in
themes, see ``SEVERITY_FALLBACKS``):

- ``severity-error``, ``severity-warning``, ``severity-info``: finding severities;
- ``wikilink-resolved``, ``wikilink-fuzzy``, ``wikilink-dangling``: wikilink states.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from textual.theme import Theme

#: memtui's variable → the Textual colour variable used when a theme does not set it.
SEVERITY_FALLBACKS: dict[str, str] = {
    "severity-error": "error",
    "severity-warning": "warning",
    "severity-info": "primary",
    "wikilink-resolved": "success",
    "wikilink-fuzzy": "warning",
    "wikilink-dangling": "error",
}

_FIELDS = ("primary", "secondary", "warning", "error", "success", "accent", "foreground",
           "background", "surface", "panel", "boost")


def theme_dirs() -> list[Path]:
    """Where theme files live: the user's own (``themes/`` in the memtui config folder),
    then the shipped ones (``themes/`` at the repository root, or inside the wheel)."""
    from memtui.tui.config import config_dir

    here = Path(__file__).resolve().parent
    return [p for p in (config_dir() / "themes", here.parents[1] / "themes",
                        here.parent / "themes") if p.is_dir()]


def theme_from_toml(path: Path) -> Theme:
    """Read one theme file (raises ValueError with the file name when it is malformed)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{path.name}: {exc}") from None
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
