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
from memtui.core.files.file_modes import STATE_MODE
from memtui.core.files.input_file import CONFIG_LIMIT, InputError, parse_json, read_input

CONFIG_NAME = "config.json"


def config_dir() -> Path | None:
    return user_config_dir()  # the audit's user-level config.toml lives beside it


def load_config() -> dict[str, Any]:
    """The stored settings; an unreadable or malformed file counts as none (read by the
    one bounded reader, `memtui.core.files.input_file`: never a FIFO, at most 1 MiB)."""
    folder = config_dir()
    if folder is None:
        return {}
    try:
        raw = read_input(folder / CONFIG_NAME, CONFIG_LIMIT)
        data = parse_json(raw, folder / CONFIG_NAME) if raw is not None else {}
    except InputError:
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
            os.fchmod(fd, STATE_MODE)  # exactly, whatever the umask
            json.dump(data, fh, indent=2)
            fh.write("\n")
        os.replace(tmp, folder / CONFIG_NAME)
    except OSError:
        return False
    return True
