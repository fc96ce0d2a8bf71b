"""One module per agent profile behind one interface (`memtui.core.profiles.base`)."""

from memtui.core.profiles.base import (
    DEFAULT_NUM_CTX,
    AgentView,
    Injection,
    Load,
    Profile,
    References,
)
from memtui.core.profiles.claude_code import CLAUDE_WINDOW
from memtui.core.profiles.registry import PROFILES, get, recognise

__all__ = [
    "CLAUDE_WINDOW",
    "DEFAULT_NUM_CTX",
    "PROFILES",
    "AgentView",
    "Injection",
    "Load",
    "Profile",
    "References",
    "get",
    "recognise",
]
