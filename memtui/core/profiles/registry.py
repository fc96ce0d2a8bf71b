"""Every profile, by name, and which one a folder gets when none is asked for."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from memtui.core.profiles.base import Profile
from memtui.core.profiles.claude_code import ClaudeCode
from memtui.core.profiles.codex import Codex
from memtui.core.profiles.evidence import NAME, Evidence, own_evidence
from memtui.core.profiles.gemini import Gemini
from memtui.core.profiles.hermes import Hermes
from memtui.core.profiles.item import Item
from memtui.core.profiles.openclaw import OpenClaw
from memtui.core.profiles.serena import Serena

if TYPE_CHECKING:
    from memtui.core.workspace import Workspace

#: name → profile, in the order recognition tries them (the agents' first: their layouts
#: are specific; item and claude-code follow the layout and are never recognised).
BY_NAME: dict[str, Profile] = {p.name: p for p in (
    Serena(), Gemini(), Codex(), Hermes(), OpenClaw(), Item(), ClaudeCode())}
#: The profile names ``--profile`` and ``profile =`` accept.
PROFILES: tuple[str, ...] = tuple(BY_NAME)


def get(name: str) -> Profile:
    """The profile named ``name`` (KeyError for an unknown one)."""
    return BY_NAME[name]


class Recognition:
    """The profile a folder gets when none is asked for, and why (`recognition`)."""

    __slots__ = ("name", "rival", "strength", "why")

    def __init__(self, name: str, strength: int, why: str,
                 rival: tuple[str, str] | None = None) -> None:
        self.name = name
        self.strength = strength  # 0: no evidence at all (the layout's default)
        self.why = why
        #: Another profile the folder also shows evidence of, and what: (name, why).
        self.rival = rival

    @property
    def doubtful(self) -> bool:
        """Whether the evidence is weak (one name) or mixed (another layout's too)."""
        return self.rival is not None or 0 < self.strength <= NAME

    def note(self) -> str:
        """The sentence a report says when the choice is doubtful: which profile, why,
        what else was seen, and how to force one."""
        said = f"profile {self.name} chosen: {self.why}"
        if self.rival is not None:
            said += f"; also seen: {self.rival[1]}, a sign of {self.rival[0]}"
        else:
            said += ", the only sign seen"
        return said + "; force another with --profile NAME"


def recognition(root: Path, layout: str, given: Path | None = None) -> Recognition:
    """The profile a folder gets when none is asked for, weighing every layout's evidence
    (`memtui.core.profiles.evidence`): the agent whose evidence is strongest (ties: in
    `BY_NAME`'s order), unless memtui's own layout (``item``, else ``claude-code``) has
    stronger evidence still; a single name never outweighs a path or a shape. ``given``:
    the folder as the user named it, before symbolic links were resolved."""
    base = "item" if layout == "item" else "claude-code"
    best: tuple[str, Evidence] | None = None
    for profile in BY_NAME.values():
        try:
            seen = profile.evidence(root, given)
        except OSError:  # a folder that cannot be looked into is no agent's
            continue
        if seen is not None and (best is None or seen[0] > best[1][0]):
            best = (profile.name, seen)
    if best is None:  # (most folders: nothing more read)
        return Recognition(base, 0, "no agent's layout recognised")
    try:
        own = own_evidence(root, layout, given)
    except OSError:
        own = None
    name, (strength, why) = best
    if own is not None and own[0] > strength:
        return Recognition(base, own[0], own[1], (name, why))
    return Recognition(name, strength, why, None if own is None else (base, own[1]))


def recognise(root: Path, layout: str, given: Path | None = None) -> str:
    """The profile a folder gets when none is asked for (`recognition`)."""
    return recognition(root, layout, given).name


def doubt(root: Path, layout: str, given: Path | None, asked: str | None) -> str | None:
    """The sentence saying which profile was chosen and why, when none was ``asked`` for
    and the evidence is weak or mixed (`Recognition.note`); None otherwise."""
    if asked:
        return None
    found = recognition(root, layout, given)
    return found.note() if found.doubtful else None


def walked_reach(ws: Workspace, name: str) -> str:
    """The memory folder the credential walk takes the agent's tools to reach in ``ws``
    (`memtui.core.scanner.walk_scope.scope`): the profile ``name``'s (`Profile.reach`), or the
    whole folder when that is the item platform's ``memory`` and the folder shows, by its
    place, its shape or a name, an agent whose memory folder is the whole folder.
    Recognition picks one profile (`recognition`), and a ``memory/`` subfolder or an index
    of links beside another agent's evidence made it the item's, which walks ``memory/``
    alone (redteam41: Claude Code's ``~/.claude/projects/<p>/memory`` with a
    ``memory/`` added was read as an item workspace, a credential in its ``notes/`` passed
    ``--fail-on error``): what is read follows every agent the folder shows, not the one
    chosen — by any evidence, a name too (redteam42: OpenClaw shown by its names alone,
    ``AGENTS.md`` beside ``TOOLS.md``, a dated note or its heartbeat state, outweighed by
    an index of links to memories with frontmatter, was read as an item workspace and a
    token in its ``skills/`` or ``docs/`` passed ``--fail-on error``; the evidence decides
    the rules, never narrows what is read for credentials)."""
    from memtui.core.profiles.evidence import NAME, claude_place, paths_of

    own = get(name).reach
    if own == "folder" or ws.memory_root == ws.root:
        return own
    if any(claude_place(p) for p in paths_of(ws.root, ws.given)):
        return "folder"
    for profile in BY_NAME.values():
        if profile.reach != "folder" or profile.name == name:
            continue
        try:
            seen = profile.evidence(ws.root, ws.given)
        except OSError:
            continue
        if seen is not None and seen[0] >= NAME:
            return "folder"
    return own
