"""Reading what an agent profile needs beyond the memory files: the agent's own files in
the workspace (bootstrap files, stores, summaries) and its config file next to it. Every
read is bounded, regular files only, nothing followed out of the workspace, nothing
decoded but as UTF-8 with replacement; the text is given as the agent reads it (no line
endings folded: each profile folds what its agent folds)."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memtui.core.workspace import Workspace

#: The most of one agent file read (OpenClaw refuses a bootstrap file past 2 MiB too).
MAX_AGENT_FILE = 2 * 1024 * 1024
#: The most of an agent's config file read.
MAX_CONFIG = 256 * 1024


def read_bounded(path: Path, limit: int) -> str | None:
    """``path``'s text when it is a regular file (a symbolic link is not followed), at most
    ``limit`` bytes of it; None otherwise or on any error."""
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode):
            return None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0)
                     | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        try:
            data = os.read(fd, min(limit, st.st_size + 1))
        finally:
            os.close(fd)
    except (OSError, ValueError):
        return None
    return data[:limit].decode("utf-8", errors="replace")


def past_bound(path: Path) -> int | None:
    """``path``'s size in bytes when it is a regular file longer than `MAX_AGENT_FILE` (what
    `reader` reads of it is then a cut: newuser32 #46), else None."""
    try:
        st = os.lstat(path)
    except (OSError, ValueError):
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) and st.st_size > MAX_AGENT_FILE else None


def reader(ws: Workspace) -> Callable[[str], str | None]:  # (base's Reader)
    """A reader of workspace-relative files (each read once), for one audit."""
    known: dict[str, str | None] = {}

    def read(rel: str) -> str | None:
        if rel not in known:
            known[rel] = read_bounded(ws.root / rel, MAX_AGENT_FILE) \
                if "\x00" not in rel and ".." not in rel.split("/") else None
        return known[rel]
    return read


def load_config(path: Path) -> tuple[Any, str | None]:
    """An agent's JSON or YAML config (by its suffix): (data, None), (None, None) when
    there is no such file, (None, why) when it cannot be used (a symbolic link too)."""
    text = read_bounded(path, MAX_CONFIG + 1)
    if text is None:
        # a symlinked config (GNU stow, chezmoi) is never followed, and said: its agent
        # reads it, so the defaults assumed may not be its limits (newuser32 #34)
        if path.is_symlink():
            return None, "a symbolic link, not followed (a flag sets the limits)"
        return None, None
    if len(text.encode("utf-8")) > MAX_CONFIG:
        return None, f"larger than {MAX_CONFIG // 1024} KiB; not read"
    try:
        if path.suffix in (".yaml", ".yml"):
            from memtui.core.scanner.memory_file import load_yaml

            return load_yaml(text), None
        return json.loads(text), None
    except Exception as exc:  # whatever a hostile file makes the parser raise
        return None, f"does not parse ({type(exc).__name__})"


def dig(data: Any, *keys: str) -> Any:
    """``data[k1][k2]…`` through dicts only (None when any step is missing)."""
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def positive_int(value: Any) -> int | None:
    """A config value usable as a limit: a finite number > 0, floored (bools are not)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if value != value or value in (float("inf"), float("-inf")) or value <= 0:
        return None
    return min(int(value), 10**12)
