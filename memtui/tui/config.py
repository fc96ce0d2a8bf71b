"""The user's memtui settings (the chosen theme), kept in the user config folder.

``MEMTUI_CONFIG_DIR`` overrides the folder (tests point it at a temporary one).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from memtui.core.config import user_config_dir

CONFIG_NAME = "config.json"


def config_dir() -> Path | None:
    return user_config_dir()  # the audit's user-level config.toml lives beside it


def load_config() -> dict[str, Any]:
    """The stored settings; an unreadable or malformed file counts as none."""
    folder = config_dir()
    if folder is None:
        return {}
    try:
        data = json.loads((folder / CONFIG_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_config(**changes: Any) -> bool:
    """Merge ``changes`` into the stored settings, atomically. False when it cannot be written."""
    data = {**load_config(), **changes}
    folder = config_dir()
    if folder is None:
        return False
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".config-", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2)
            fh.write("\n")
        os.replace(tmp, folder / CONFIG_NAME)
    except OSError:
        return False
    return True
