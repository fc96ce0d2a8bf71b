"""How strongly a folder shows an agent's layout (newuser34 #20 #23 #29 #30 #31).

One file or folder name used to decide the profile alone: a memory named by a date made an
item workspace OpenClaw's, a topic file named ``memory_summary.md`` made a Claude Code
folder Codex's, any folder named ``memories`` was Hermes'. Each profile now says what
evidence a folder holds of its layout and how strong it is, and recognition
(`memtui.core.profiles.registry.recognition`) weighs them together:

- `PLACE` — the agent's canonical path (``~/.claude/projects/<p>/memory``,
  ``~/.gemini/tmp/<p>/memory``, ``~/.hermes/memories``) or its config file beside the
  memory; judged on the path as given as well as resolved (a symlinked ``~/.gemini``);
- `SHAPE` — the shape of the index or the files (Hermes' ``§`` lines, Gemini's pointer
  lines, an index of links to memories with frontmatter, a file set only that agent keeps);
- `NAME` — a single file or folder name that other layouts may hold too.

A stronger kind wins; a single name never overrides stronger evidence of another layout.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from memtui.core.scanner.lazy_pattern import lazy_pattern

#: The agent's canonical path, or its config file beside the memory.
PLACE = 3
#: The index's or the files' shape, or a set of files only that agent keeps.
SHAPE = 2
#: One file or folder name, which other layouts hold too.
NAME = 1

#: Evidence: (strength, what was seen, in a few words).
Evidence = tuple[int, str]

#: A markdown link to a ``.md`` file (an index of links, SPEC §1).
MD_LINK = lazy_pattern(r"\]\(\s*<?([^)\s>]+\.md)(?:#[^)\s>]*)?>?\s*(?:\"[^\"]*\")?\)",
                       re.IGNORECASE)
#: A frontmatter key memtui's layouts give a memory (Claude Code's, the item's).
FRONT_KEY = lazy_pattern(r"^(?:type|description|name|metadata)\s*:", re.MULTILINE)
#: Bytes of a file read to weigh it (an index's head, a memory's frontmatter).
HEAD = 64 * 1024
#: Memories whose frontmatter is looked at, at most.
LOOKED_AT = 12


def head_of(path: Path, size: int = HEAD) -> str:
    """The first ``size`` bytes of ``path`` as text ('' when it cannot be read, or is no
    regular file: a FIFO named MEMORY.md is opened without blocking and left unread)."""
    from memtui.core.scanner.textfile import read_regular_head

    return (read_regular_head(path, size) or b"").decode("utf-8", errors="replace")


def paths_of(root: Path, given: Path | None) -> tuple[Path, ...]:
    """``root`` (resolved) and the path the user gave, when it differs (a symbolic link
    in it: ``~/.gemini -> /data/gemini`` loses its ``.gemini`` once resolved)."""
    return (root,) if given is None or given == root else (root, given)


def claude_place(path: Path) -> bool:
    """Whether ``path`` is Claude Code's ``~/.claude/projects/<project>/memory``."""
    parts = path.parts
    return len(parts) >= 4 and parts[-1] == "memory" and parts[-3] == "projects" \
        and parts[-4] == ".claude"


def has_frontmatter(path: Path) -> bool:
    """Whether the file at ``path`` opens with frontmatter holding a memory's keys."""
    text = head_of(path, 4096).lstrip("\ufeff")
    if not text.startswith("---"):
        return False
    end = text.find("\n---", 3)
    return end > 0 and FRONT_KEY.search(text, 3, end) is not None


def own_evidence(root: Path, layout: str, given: Path | None) -> Evidence | None:
    """The evidence of memtui's own layouts (``item``, ``claude-code``): Claude Code's
    canonical path, else an index of links to memories that carry frontmatter."""
    if layout == "flat" and any(claude_place(p) for p in paths_of(root, given)):
        return PLACE, "the folder is Claude Code's ~/.claude/projects/<project>/memory"
    text = head_of(root / "MEMORY.md")
    if not text:
        return None
    base = root / "memory" if layout == "item" else root
    linked = []
    for m in MD_LINK.finditer(text):
        target = m.group(1)
        if "://" in target:
            continue
        linked.append(root / target)
        if len(linked) >= LOOKED_AT:
            break
    if not linked:
        return None
    looked = [p for p in linked if p.is_file()]
    if len(looked) < LOOKED_AT:
        try:
            with os.scandir(base) as it:
                for entry in it:
                    if entry.name.lower().endswith(".md") and entry.name != "MEMORY.md":
                        looked.append(Path(entry.path))
                    if len(looked) >= 2 * LOOKED_AT:
                        break
        except OSError:
            pass
    if any(has_frontmatter(p) for p in looked[:2 * LOOKED_AT]):
        return SHAPE, "MEMORY.md is an index of links to memories with frontmatter"
    return None
