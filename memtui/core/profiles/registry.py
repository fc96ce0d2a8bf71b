"""Every profile, by name, and which one a folder gets when none is asked for."""

from __future__ import annotations

from pathlib import Path

from memtui.core.profiles.base import Profile
from memtui.core.profiles.claude_code import ClaudeCode
from memtui.core.profiles.codex import Codex
from memtui.core.profiles.gemini import Gemini
from memtui.core.profiles.hermes import Hermes
from memtui.core.profiles.item import Item
from memtui.core.profiles.openclaw import OpenClaw
from memtui.core.profiles.serena import Serena

#: name → profile, in the order recognition tries them (the agents' first: their layouts
#: are specific; item and claude-code follow the layout and are never recognised).
BY_NAME: dict[str, Profile] = {p.name: p for p in (
    Serena(), Gemini(), Codex(), Hermes(), OpenClaw(), Item(), ClaudeCode())}
#: The profile names ``--profile`` and ``profile =`` accept.
PROFILES: tuple[str, ...] = tuple(BY_NAME)


def get(name: str) -> Profile:
    """The profile named ``name`` (KeyError for an unknown one)."""
    return BY_NAME[name]


def recognise(root: Path, layout: str) -> str:
    """The profile a folder gets when none is asked for: the agent whose layout it has,
    else the layout's (``item`` → item, ``flat`` → claude-code)."""
    for profile in BY_NAME.values():
        try:
            if profile.recognise(root):
                return profile.name
        except OSError:  # a folder that cannot be looked into is no agent's
            continue
    return "item" if layout == "item" else "claude-code"
