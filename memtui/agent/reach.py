"""What memtui's own agent may open in an item workspace (newuser38 #6).

The item platform loads MEMORY.md and reads ``memory/``; the audit reads those, and the
top-level files beside them, for credentials (`memtui.core.scanner.walk_scope.scope`). The
folders beside ``memory/`` (``docs/``, ``src/`` of a workspace at a repository's root) are
not walked: an audit in CI must not read a whole repository. So memtui's agent is refused
them, as it is refused ``.git/``: nothing it hands a model is text the audit did not read
for credentials (it listed and read ``docs/ops.md`` and sent its password to the model).
Under a profile whose memory folder is the whole folder (Claude Code, Gemini CLI…) the
audit walks all of it and nothing is refused here.
"""

from __future__ import annotations

from pathlib import Path

from memtui.agent.sandbox import Refused
from memtui.core.profiles.registry import get
from memtui.core.workspace import MEMORY_DIR, Workspace


def confined(ws: Workspace, profile: str) -> bool:
    """Whether the agent keeps to MEMORY.md, ``memory/`` and the top-level files."""
    try:
        reach = get(profile).reach
    except (KeyError, ValueError):
        reach = "memory"
    return ws.layout == "item" and reach == "memory"


def refuse_outside(root: Path, parts: list[str], shown: str, folder: bool = False) -> None:
    """Refused for a path in a folder beside ``memory/`` (``parts``: its components), or
    such a folder itself when it is to be listed (``folder``). A top-level link is judged
    by the folder it leads to; one out of ``root`` is the sandbox's to refuse."""
    if len(parts) <= (0 if folder else 1) or parts[0] == MEMORY_DIR:
        return
    first = root / parts[0]
    if first.is_symlink():
        try:
            real = first.resolve().relative_to(root.resolve()).parts
        except (OSError, RuntimeError, ValueError):
            return  # out of the workspace (or a loop): refused as such by the sandbox
        if real[:1] == (MEMORY_DIR,) or real[:1] in ((".git",), (".memtui",)):
            return  # (memtui's state and a repository: the sandbox's own refusal)
    raise Refused(f"{shown} lies in {parts[0]}/, outside MEMORY.md and {MEMORY_DIR}/: "
                  "the item platform does not read it, and memtui did not read it for "
                  "credentials")


def hidden_folder(sub: list[str], name: str) -> bool:
    """Whether the top-level folder ``name`` is left out of a listing (``sub``: the folder
    listed, as components; only the workspace's top holds such folders)."""
    return not sub and name != MEMORY_DIR
