"""What the readable walk reads for credentials, as far as the agent's tools reach
(newuser38 #25, #6): one rule for every layout and profile."""

from __future__ import annotations

from memtui.core.workspace import Workspace


def scope(ws: Workspace, reach: str, workspace_files: bool) -> tuple[bool, bool]:
    """(``tops``, ``whole``) for `readable_findings`: what the agent's tools reach in ``ws``,
    read for credentials, as one rule whatever layout the folder was taken for (newuser38
    #25 #6). ``reach`` is the profile's memory folder (`Profile.reach`): ``folder``, the
    whole folder (Claude Code, Gemini CLI, Codex, Hermes, Serena, an OpenClaw workspace):
    walked whole, from the root, even when a ``memory/`` subfolder made it look like an
    item workspace (#25: a ``memory/`` added by the change under review left every
    top-level file unread); ``memory``, the item platform's MEMORY.md and ``memory/``: the
    memory folder walked, and what the layout's detection left out of it, the top-level
    files, read for credentials only — the folders beside ``memory/`` are not walked (an
    item workspace at a repository's root would walk ``src/``), and memtui's own agent is
    refused them (`memtui.agent.tools`), so nothing memtui hands a model went unread."""
    if ws.memory_root == ws.root:
        return workspace_files, False
    if reach == "folder":
        return workspace_files, True
    return True, False
