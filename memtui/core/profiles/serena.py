"""Serena (oraios/serena, a coding agent's MCP server): a project's memories are the
markdown files under ``.serena/memories/`` (``MemoriesManager``,
``src/serena/memories/memory_manager.py``). There is no index file: ``list_memories`` and
the ``activate_project`` output name every memory (``rglob("*.md")``, a subfolder a topic:
``topic/name``), and the agent opens one with ``read_memory`` by that name. So no memory is
an orphan, and none carries Claude Code's name / description / type frontmatter (Serena's
own, optional, starts ``serena_frontmatter_version: 1``: ``memories/frontmatter.py``).
Nothing of a memory is injected. Source: oraios/serena at 14e939ee (real33: eleven
memories of a ``.serena/memories`` folder were "not linked from the index; unreachable:
never seen" and "no frontmatter", under the claude-code profile)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from memtui.core.profiles.base import Profile, Reader, References

if TYPE_CHECKING:
    from memtui.core.scanner.index import Index
    from memtui.core.workspace import Workspace

#: The folder Serena keeps a project's memories in, and the one it lies in.
FOLDER, HOME_NAME = "memories", ".serena"


class Serena(Profile):
    name = "serena"
    agent = "Serena"
    frontmatter = False
    agent_files = True
    found_by = "listed by Serena's list_memories"

    def recognise(self, root: Path) -> bool:
        return root.name == FOLDER and root.parent.name == HOME_NAME

    def evidence(self, root: Path, given: Path | None = None) -> tuple[int, str] | None:
        from memtui.core.profiles.evidence import PLACE, paths_of

        if any(self.recognise(p) for p in paths_of(root, given)):
            return PLACE, f"the folder is Serena's {HOME_NAME}/{FOLDER}"
        return None

    def rule(self, limits: dict[str, int]) -> str:
        return "Serena: no index, every memory listed by name"

    def references(self, ws: Workspace, index: Index, paths: tuple[str, ...],
                   limits: dict[str, int], read: Reader) -> References:
        # every memory is named to the agent by list_memories: found, never an orphan
        return References(found=set(paths))
