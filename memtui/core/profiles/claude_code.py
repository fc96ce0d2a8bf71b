"""Claude Code: ``~/.claude/projects/<project>/memory/``, MEMORY.md and topic files; the
first 200 lines or 25 KB of MEMORY.md, whichever comes first, enter context (docs:
code.claude.com, the memory page); topic files are read on demand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from memtui.core.checks.findings import Finding
from memtui.core.derivation.gathered import load_limit_finding
from memtui.core.profiles.base import Profile

if TYPE_CHECKING:
    from memtui.core.scanner.index import Index

#: Claude's context window, which the ``claude-code`` profile measures against.
CLAUDE_WINDOW = 200_000


class ClaudeCode(Profile):
    name = "claude-code"
    agent = "Claude Code"
    # cl100k: the closer of the two offline tokenizers to Claude's
    window = (CLAUDE_WINDOW, "Claude", "cl100k")
    # its memories (and memtui's fix new in its folders) put type: at the top level
    top_level_type = True

    def rule(self, limits: dict[str, int]) -> str:
        return "the first 200 lines or 25 KB of MEMORY.md"

    def loaded_lines(self, index: Index, max_lines: int, max_bytes: int) -> int:
        loaded = 0
        for line in index.lines:
            if line.number > max_lines or line.end_byte > max_bytes:
                break
            loaded = line.number
        return loaded

    def load_findings(self, index: Index, loaded: int, max_lines: int, max_bytes: int
                      ) -> list[Finding]:
        cut = load_limit_finding(index, loaded, max_lines, max_bytes)
        return [cut] if cut is not None else []
