"""memtui's folders in the user's home: where its cache and its user config live.

On Linux and the BSDs these are the XDG base directories, worked out here in a few lines:
``$XDG_CACHE_HOME/memtui`` or ``~/.cache/memtui``, ``$XDG_CONFIG_HOME/memtui`` or
``~/.config/memtui`` (a relative XDG value is ignored, as the XDG specification says). That
is what platformdirs answers there (a test holds the two together), without its import:
platformdirs 4.14 loads ``tempfile`` and compiles four patterns when it is imported, about
30 million instructions, 2% of a whole cold 261-file audit (bench/RESULTS.md, session 8).
On macOS and Windows, whose folders have more rules, platformdirs answers.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Literal

APP = "memtui"
_XDG = {"cache": ("XDG_CACHE_HOME", ".cache"), "config": ("XDG_CONFIG_HOME", ".config")}


def _home() -> str | None:
    """The home folder: ``$HOME`` when absolute, else the account's (None: there is none)."""
    home = os.environ.get("HOME", "")
    if not os.path.isabs(home):
        try:
            import pwd

            home = pwd.getpwuid(os.getuid()).pw_dir
        except (ImportError, KeyError):
            return None
    return home if os.path.isabs(home) else None


def user_dir(kind: Literal["cache", "config"]) -> Path | None:
    """memtui's user ``kind`` folder (not created), or None when no home can be found."""
    if sys.platform in ("darwin", "win32"):
        import platformdirs

        try:  # the arguments memtui has always passed
            if kind == "cache":
                return Path(platformdirs.user_cache_dir(APP, appauthor=False))
            return Path(platformdirs.user_config_dir(APP))
        except RuntimeError:  # no home folder
            return None
    variable, fallback = _XDG[kind]
    value = os.environ.get(variable, "")
    if os.path.isabs(value):
        return Path(value, APP)
    home = _home()
    return Path(home, fallback, APP) if home else None


def user_config_dir() -> Path | None:
    """memtui's user config folder (``MEMTUI_CONFIG_DIR``, else the user's; None when the
    user has no home folder): the audit's user-level config, the app's settings and the
    journal key (`memtui.edit.journal_seal`) live there."""
    override = os.environ.get("MEMTUI_CONFIG_DIR")
    if override:
        return Path(override)
    return user_dir("config")
