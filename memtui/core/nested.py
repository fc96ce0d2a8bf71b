"""A folder that holds several workspaces rather than being one (issue 32 §8).

Pointed at ``~/items`` or ``~/.claude/projects``, memtui would read the folder as one flat
workspace with no index: every sub-folder's ``MEMORY.md`` counted as a memory and every
file an orphan. :func:`nested_workspaces` tells that case apart, so that ``memtui audit``
refuses it in one line and the app offers the fleet, both naming ``memtui fleet ROOT`` and
``memtui audit ROOT --discover``.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from memtui.core.record import FrozenRecord, init_field
from memtui.core.reporting.safe_output import printable
from memtui.core.workspace import INDEX_NAME, MEMORY_DIR, Workspace, open_workspace

#: How deep under the folder its workspaces are looked for (``~/.claude/projects`` holds
#: them at ``NAME/memory/``, depth 2).
NESTED_DEPTH = 4
#: Sub-workspaces that make a folder "several workspaces" (one is a workspace in a folder).
SEVERAL = 2
#: Workspaces named in the one line (then "…").
NAMED = 3


def workspaces_below(ws: Workspace) -> list[str]:
    """The folders under ``ws`` (relative, sorted) that hold their own ``MEMORY.md`` (or
    are another agent's memory folder), looked for within `NESTED_DEPTH` folders (when
    there are several, as deep as ``--discover`` looks, so both count the same) only when
    ``ws`` has no ``MEMORY.md`` and no ``memory/`` folder of its own (a flat folder with no
    index); ``["memory"]`` when it has no ``MEMORY.md`` but its ``memory/`` folder has one
    (the folder above a Claude Code memory folder); empty otherwise. One walk that both
    `nested_workspaces` and `lone_nested` read, for a caller that needs both (``memtui
    audit``)."""
    if _exists(ws.index_path) or _own_memory(ws):  # (~/.gemini's GEMINI.md: newuser34 #1)
        return []
    if ws.layout != "flat":  # the folder above a Claude Code memory/ (newuser22 #18)
        return [MEMORY_DIR] if _exists(ws.memory_root / INDEX_NAME) else []
    from memtui.core.fleet import find_workspaces  # only on this rare path: it is heavier

    found = [p for p in find_workspaces(ws.root, max_depth=NESTED_DEPTH) if p != ws.root]
    if len(found) >= SEVERAL:  # several: counted and named as --discover and the fleet
        # find them, every level it walks (newuser42 #6: "5 folders", a fleet of 6)
        found = [p for p in find_workspaces(ws.root) if p != ws.root]
    if not found:  # a memory in a hidden folder of its own (.claude-memory/, newuser23 #6)
        found = _hidden_below(ws.root)
    return sorted(p.relative_to(ws.root).as_posix() for p in found)


def memory_folder_line(ws: Workspace, path: str, command: str = "memtui audit") -> str | None:
    """When ``ws`` (given as ``path``) is the ``memory/`` folder of an item workspace — no
    ``MEMORY.md`` of its own, one in the folder above — the line saying so and what to run
    (newuser24 #19: read alone it is a flat folder of orphans with no index); else None."""
    import shlex

    if ws.root.name != MEMORY_DIR or _exists(ws.index_path):
        return None
    try:
        if not stat.S_ISREG(os.stat(ws.root.parent / INDEX_NAME).st_mode):
            return None
    except OSError:
        return None
    parent = os.path.normpath(os.path.join(path, os.pardir))
    return (f"{printable(path)} is the {MEMORY_DIR}/ folder of the workspace "
            f"{printable(parent)}, whose {INDEX_NAME} is there: {command} "
            f"{shlex.quote(printable(parent))}")


def _hidden_below(root: Path) -> list[Path]:
    """The hidden folders right under ``root`` (not symbolic links, not ``.git`` nor
    memtui's own) that hold a ``MEMORY.md``: a fleet does not walk them, but a project
    opened at its root may keep its memory in one (``.claude-memory/``)."""
    from memtui.core.fleet import SKIP_DIRS

    found: list[Path] = []
    try:
        with os.scandir(root) as it:
            entries = [e for e in it if e.name.startswith(".") and e.name not in SKIP_DIRS]
    except OSError:
        return []
    for entry in entries:
        try:
            if entry.is_dir(follow_symlinks=False) and \
                    stat.S_ISREG(os.lstat(os.path.join(entry.path, INDEX_NAME)).st_mode):
                found.append(Path(entry.path))
        except OSError:
            continue
    return found


def several_of(below: list[str]) -> list[str]:
    """``below`` (`workspaces_below`) when it makes the folder several workspaces (at
    least `SEVERAL`), else empty."""
    return below if len(below) >= SEVERAL else []


def lone_of(below: list[str]) -> str | None:
    """The one folder of ``below`` (`workspaces_below`) when there is exactly one."""
    return below[0] if len(below) == 1 else None


def nested_workspaces(ws: Workspace) -> list[str]:
    """The folders under ``ws`` (relative, sorted) that hold their own ``MEMORY.md``, when
    ``ws`` looks like several workspaces: it has no ``MEMORY.md`` and no ``memory/`` folder
    of its own (a flat folder with no index) and at least `SEVERAL` of them lie within
    `NESTED_DEPTH` folders. Empty otherwise (a workspace, even one holding others)."""
    return several_of(workspaces_below(ws))


def lone_nested(ws: Workspace) -> str | None:
    """The one folder under ``ws`` (relative) that holds a ``MEMORY.md`` when ``ws`` has
    none and no ``memory/`` folder: a project opened at its root, its memory one level
    down (``.claude/memory/``, newuser21 #9). None otherwise (several: `nested_workspaces`)."""
    return lone_of(workspaces_below(ws))


def chosen_line(path: str, below: str, doing: str = "auditing") -> str:
    """``proj holds no MEMORY.md; auditing its agent's memory, proj/.claude/memory/ …``:
    what ``memtui audit`` (``doing``: what the command does with it) chose when ``path``
    (as the user gave it) has no index but the one folder ``below`` it has (newuser27 #33):
    that folder, not the project's own files."""
    shown = printable(path)
    target = printable(os.path.normpath(os.path.join(path, below)))
    return (f"{shown} holds no {INDEX_NAME}; {doing} the agent's memory below it, "
            f"{target} (the files of {shown} itself are not memories)")


#: The profiles whose memory folder lies in the agent's own home, never in a project.
AGENT_HOMES = frozenset({"gemini", "hermes", "codex"})


class Resolved(FrozenRecord):
    """The workspace a PATH names, as every command and the app read it (newuser29 #19):
    ``path``, the workspace's folder as the user would write it (PATH, or PATH/below);
    ``project``, the folder PATH named when the workspace is the one memory folder
    ``below`` it (relative), else None."""

    __slots__ = ("below", "path", "project", "workspace")

    workspace: Workspace
    path: str
    project: Path | None
    below: str | None

    def __init__(self, workspace: Workspace, path: str, project: Path | None,
                 below: str | None) -> None:
        init_field(self, "workspace", workspace)
        init_field(self, "path", path)
        init_field(self, "project", project)
        init_field(self, "below", below)

    @property
    def path_project(self) -> Path | None:
        """The project PATH names: ``project``, unless the memory folder below it is an
        agent's own (``~/.gemini/tmp/<p>/memory``, ``~/.hermes/memories``,
        ``~/.codex/memories``): PATH is then the agent's home or scratch folder, no project
        its memories are about, as the folder typed itself has none (newuser32 #36)."""
        if self.project is None:
            return None
        from memtui.core.profiles.registry import recognise

        ws = self.workspace
        return None if recognise(ws.root, ws.layout, ws.given) in AGENT_HOMES else self.project

    def chosen(self, given: str, doing: str) -> str | None:
        """The line saying which folder was chosen for ``given`` (`chosen_line`), or None
        when PATH is the workspace itself."""
        return None if self.below is None else chosen_line(given, self.below, doing)


def resolve(path: str) -> Resolved:
    """The workspace ``path`` names: itself, or — when it holds no ``MEMORY.md`` but the
    one folder below it does (a project at its root, ``.claude/memory/``; a Hermes home,
    ``memories/``) — that folder. One reading for ``audit``, ``fix``, ``history``,
    ``undo``, ``trend`` and the app, so that one PATH never means two workspaces
    (newuser29 #19). Raises `WorkspaceError` as `open_workspace`."""
    ws = open_workspace(path)
    if os.path.isfile(path) or _own_memory(ws):
        # a file named (GEMINI.md, USER.md …) names its own folder; ~/.gemini holding
        # GEMINI.md is Gemini CLI's global memory, not the way to its projects' memory
        # folders (newuser34 #1: ``GEMINI.md/tmp/<p>/memory``, and GEMINI.md unreachable)
        return Resolved(ws, path, None, None)
    lone = None if memory_folder_line(ws, path) else lone_of(workspaces_below(ws))
    if lone is None:
        return Resolved(ws, path, None, None)
    chosen = os.path.normpath(os.path.join(path, lone))
    return Resolved(open_workspace(chosen), chosen, ws.root, lone)


def _own_memory(ws: Workspace) -> bool:
    """Whether ``ws``, holding no MEMORY.md, is an agent's memory by its place (Gemini
    CLI's ``~/.gemini`` with GEMINI.md, `memtui.core.profiles.evidence.PLACE`)."""
    from memtui.core.profiles.evidence import PLACE
    from memtui.core.profiles.gemini import Gemini

    if _exists(ws.index_path):
        return False
    try:
        seen = Gemini().evidence(ws.root, ws.given)
    except OSError:
        return False
    return seen is not None and seen[0] >= PLACE


def home_line(ws: Workspace, path: str, command: str = "memtui audit") -> str | None:
    """When ``ws`` (given as ``path``) is Gemini CLI's ``~/.gemini`` holding GEMINI.md and
    project memory folders lie below it, the line saying the global memory is the one
    audited and how to reach the others (newuser34 #1); else None."""
    import shlex

    if not _own_memory(ws):
        return None
    from memtui.core.fleet import find_workspaces

    folder = path if os.path.isdir(path) else os.path.dirname(path) or "."
    below = [p for p in find_workspaces(ws.root, max_depth=NESTED_DEPTH) if p != ws.root]
    if not below:
        return None
    first = shlex.quote(printable(os.path.normpath(os.path.join(
        folder, below[0].relative_to(ws.root).as_posix()))))
    more = f" ({len(below):,} in all: --discover)" if len(below) > 1 else ""
    return (f"{printable(folder)} is Gemini CLI's home: its global memory, GEMINI.md, is "
            f"audited; each project's memory folder below it is a workspace of its own: "
            f"{command} {first}{more}")


def own_folder(folder: str) -> tuple[str, ...]:
    """The ``exclude`` pattern that leaves out ``folder`` (relative), which holds a
    workspace of its own; none for a name a pattern would read as a wildcard."""
    return () if any(c in folder for c in "*?") else (f"{folder}/**",)


def several_line(root: str, nested: list[str]) -> str:
    """The one line saying ``root`` looks like several workspaces, and what to run."""
    import shlex

    names = ", ".join(f"{printable(n)}/" for n in nested[:NAMED])
    more = f", … ({len(nested):,} in all)" if len(nested) > NAMED else ""
    shown = printable(root)
    arg = shlex.quote(shown)
    return (f"{shown} looks like several workspaces, not one: it holds no {INDEX_NAME} but "
            f"{len(nested):,} folders under it are memory folders ({names}{more}); audit "
            f"each with memtui audit {arg} --discover, or open them with memtui fleet {arg}")


def _exists(path: Path) -> bool:
    try:
        return path.is_symlink() or path.exists()
    except OSError:
        return True  # cannot tell: not this case


def is_empty_memory(ws: Workspace, scans: object, loaded: object) -> bool:
    """Whether ``ws`` holds no index, no memory file (``scans`` empty), no file the agent
    loads (``loaded`` empty) and, for an item workspace, no ``memory/`` folder: SPEC §2's
    valid, empty memory, which may also be a wrong folder given (newuser24 #22)."""
    return (not scans and not loaded and not _exists(ws.index_path)
            and not (ws.layout == "item" and ws.memory_root.is_dir()))


def empty_line(path: str) -> str:
    """The note for a folder audited as an empty memory (`is_empty_memory`): SPEC §2 makes
    it valid, and an empty folder or a project's code given by mistake would pass unseen."""
    return (f"note: {printable(path)} holds no {INDEX_NAME} and no memory file: audited as "
            f"an empty memory — if this is not the agent's memory folder, give the folder "
            f"that holds it")


def listed_itself(ws: Workspace) -> bool:
    """Whether ``ws``, holding no MEMORY.md, is still a workspace ``--discover`` and the
    fleet list (a project's GEMINI.md holding Gemini's saved memories, Codex's
    ``memory_summary.md``): one ``memtui audit`` takes, its rows below left to their own
    audits (newuser40 #28: the row was listed, its single audit refused)."""
    from memtui.core.fleet import find_workspaces

    return not _exists(ws.index_path) and ws.root in find_workspaces(ws.root, max_depth=0)


def rows_line(path: str, nested: list[str]) -> str:
    """The note for `listed_itself`'s audit: what is audited, and what is not."""
    import shlex

    folder = path if os.path.isdir(path) else os.path.dirname(path) or "."
    arg = shlex.quote(printable(folder))
    return (f"{printable(folder)} is a workspace of its own (what its agent loads there) "
            f"and {len(nested):,} workspaces lie below it ({', '.join(nested[:NAMED])}"
            f"{', …' if len(nested) > NAMED else ''}): their files are theirs, left out "
            f"here; audit them with memtui audit {arg} --discover")

