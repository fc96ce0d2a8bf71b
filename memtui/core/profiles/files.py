"""Reading what an agent profile needs beyond the memory files: the agent's own files in
the workspace (bootstrap files, stores, summaries) and its config file next to it. Every
read is bounded, regular files only, nothing followed out of the workspace, nothing
decoded but as UTF-8 with replacement; the text is given as the agent reads it (no line
endings folded: each profile folds what its agent folds)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from memtui.core.workspace import Workspace

#: The most of one agent file read (OpenClaw refuses a bootstrap file past 2 MiB too).
MAX_AGENT_FILE = 2 * 1024 * 1024
#: The most of an agent's config file read.
MAX_CONFIG = 256 * 1024


def read_bounded(path: Path, limit: int, root: Path | None = None) -> str | None:
    """``path``'s text when it is a regular file, at most ``limit`` bytes of it; None
    otherwise or on any error. A symbolic link is not followed, unless ``root`` is given and
    it leads to a regular file inside ``root`` (checked as it is opened: `open_within`)."""
    from memtui.core.scanner.textfile import read_regular_head

    data = read_regular_head(path, limit, root, follow=False)
    return None if data is None else data[:limit].decode("utf-8", errors="replace")


def leads_out(path: Path, root: Path) -> bool:
    """Whether ``path`` is a symbolic link whose target lies outside ``root`` (or cannot be
    resolved): a file the agent follows and memtui never reads."""
    from memtui.core.files.input_file import lies_within

    try:
        if not os.path.islink(path):
            return False
        return not lies_within(os.path.realpath(path), root)
    except (OSError, ValueError):
        return False


class AgentFiles:
    """A reader of workspace-relative files (each read once), for one audit (base's
    Reader). A file the agent loads that is a symbolic link is read where it leads when
    that lies inside the workspace, as the audit reads a memory (an agent reads its
    bootstrap file, store or import through a link: redteam33, TOOLS.md → docs/tools.md
    hid its credential); one leading out is never read and is kept in ``links_out``, for
    the profile to report as text nobody checked (`memtui.core.scanner.scan.followed_unread`)."""

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws
        self.known: dict[str, str | None] = {}
        self.links_out: list[str] = []

    def __call__(self, rel: str) -> str | None:
        known = self.known
        if rel not in known:
            if "\x00" in rel or ".." in rel.split("/"):
                known[rel] = None
            else:
                path = self.ws.root / rel
                known[rel] = read_bounded(path, MAX_AGENT_FILE, self.ws.root)
                if known[rel] is None and leads_out(path, self.ws.root):
                    self.links_out.append(rel)
        return known[rel]


def past_bound(path: Path) -> int | None:
    """``path``'s size in bytes when it is a regular file longer than `MAX_AGENT_FILE` (what
    `reader` reads of it is then a cut: newuser32 #46), else None."""
    try:
        st = os.lstat(path)
    except (OSError, ValueError):
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) and st.st_size > MAX_AGENT_FILE else None


def reader(ws: Workspace) -> AgentFiles:  # (base's Reader)
    """A reader of workspace-relative files (each read once), for one audit."""
    return AgentFiles(ws)


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
