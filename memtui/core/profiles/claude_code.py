"""Claude Code: ``~/.claude/projects/<project>/memory/``, MEMORY.md and topic files; the
first 200 lines or 25 KB of MEMORY.md, whichever comes first, enter context (docs:
code.claude.com, the memory page); topic files are read on demand. Team memory, when on,
lives in the ``team/`` folder of the same directory and has its own index, ``team/MEMORY.md``,
which Claude Code loads at session start beside the private one (cut the same way): its
links reach the team's memories (the team memory sync, ``services/teamMemorySync`` of its
source; jakegoldsborough.com, "Inside Claude Code's Team Memory Sync Engine")."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from memtui.core.checks.findings import Finding
from memtui.core.derivation.gathered import load_limit_finding
from memtui.core.profiles.base import Load, Profile, load_findings
from memtui.core.profiles.claude_loads import Loads, loads

if TYPE_CHECKING:
    from memtui.core.scanner.index import Index

#: Claude's context window, which the ``claude-code`` profile measures against.
CLAUDE_WINDOW = 200_000
#: The team memory's index, relative to the memory directory.
TEAM_INDEX = "team/MEMORY.md"


class ClaudeCode(Profile):
    name = "claude-code"
    agent = "Claude Code"
    hosted_only = True
    # cl100k: the closer of the two offline tokenizers to Claude's
    window = (CLAUDE_WINDOW, "Claude", "cl100k")
    # its memories (and memtui's fix new in its folders) put type: at the top level
    top_level_type = True
    index_cut = True

    def rule(self, limits: dict[str, int]) -> str:
        return "the first 200 lines or 25 KB of MEMORY.md"

    def second_indexes(self, paths: tuple[str, ...]) -> tuple[str, ...]:
        return (TEAM_INDEX,) if TEAM_INDEX in paths else ()

    def keeps(self, f: Finding) -> bool:
        """The team index is an index, not a memory: no frontmatter expected of it (real32:
        "no frontmatter" for a team/MEMORY.md of links)."""
        if f.path == TEAM_INDEX and f.kind in ("frontmatter", "missing_why"):
            return False
        return super().keeps(f)

    def ages(self, rel: str) -> bool:
        """The team index is an index, loaded every session as MEMORY.md is: never a stale
        memory to verify (real37: "4 memories older than 90 days … team/MEMORY.md"); the
        memories it links age as any."""
        return rel != TEAM_INDEX

    def not_in_block(self, root: Path, project: str | None) -> list[tuple[str, int]]:
        """The CLAUDE.md files Claude Code also loads whole every turn (AGENT_LAYOUTS.md):
        the user's ``~/.claude/CLAUDE.md`` (the ``.claude`` folder holding ``projects/``)
        and the project's ``CLAUDE.md``, ``.claude/CLAUDE.md`` and ``CLAUDE.local.md``, and
        every file their ``@path`` imports pull in, each after its importer
        (`memtui.core.profiles.claude_loads`; newuser38 #8). The block counts MEMORY.md
        only; these are named beside it, not counted in it (newuser35 #22: "the exact text
        the agent receives" left them out unsaid)."""
        return self._loads(root, project).files

    def not_in_block_unread(self, root: Path, project: str | None) -> list[str]:
        """The imports of those files not followed: missing, in a cycle, too deep."""
        return self._loads(root, project).unread

    @staticmethod
    def _loads(root: Path, project: str | None) -> Loads:
        places: list[Path] = []
        if root.parent.parent.name == "projects" and root.parent.parent.parent.name == ".claude":
            places.append(root.parent.parent.parent / "CLAUDE.md")
        if project:
            top = Path(project)
            places += [top / "CLAUDE.md", top / ".claude" / "CLAUDE.md", top / "CLAUDE.local.md"]
        return loads([str(place) for place in places])

    def loaded_lines(self, index: Index, max_lines: int, max_bytes: int) -> int:
        # Claude Code splits MEMORY.md on "\n" (``text.trim().split("\n")``): a line ending
        # with a CR alone is one line with the next (newuser30 #19)
        loaded, seen, joined = 0, 1, set(index.cr_lines)
        for line in index.lines:
            if seen > max_lines or line.end_byte > max_bytes:
                break
            loaded = line.number
            seen += line.number not in joined
        return loaded

    @staticmethod
    def agent_lines(index: Index) -> int:
        """How many lines Claude Code sees in the index (those ending with a CR alone are
        one with the next)."""
        return len(index.lines) - sum(1 for n in index.cr_lines if n < len(index.lines))

    def load_findings(self, index: Index, loaded: int, max_lines: int, max_bytes: int
                      ) -> list[Finding]:
        cut = load_limit_finding(index, loaded, max_lines, max_bytes)
        if cut is not None:
            return [cut]
        # Nothing cut yet: an early warning from 80 % of either limit, as for the other
        # agents (newuser24 #39: 170 of 200 lines said nothing until lines were lost).
        used = index.lines[-1].end_byte if index.lines else 0
        loads = [Load(index.path, self.agent_lines(index), max_lines, "lines", index.path),
                 Load(index.path, used, max_bytes, "bytes", index.path)]
        return [f for f in load_findings(loads, self.agent, self.cut_note)
                if f.kind == "near_limit"]
