"""Index lines a change wrote where the agent never loads them, and the sentence that says
so, one place for every writer: memtui's own agent (the chat pane's effects), an outside
writer the app's watcher sees (Claude Code saving a memory: newuser38 #19, the notice read
"61 entries (was 60)" for a line 228 the agent never loads) and ``memtui eval``'s reason for
``orphan_written`` (newuser38 #5: "MEMORY.md changed", never why)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from memtui.core.reporting.wording import plural

if TYPE_CHECKING:
    from memtui.core.results import AuditResult

#: The index lines that link memories (an entry, a packed line of several).
LINK_LINES = ("entry", "packed")


def added_unloaded(before: AuditResult | None, after: AuditResult) -> list[int]:
    """The numbers of the link lines of ``after``'s index that ``before``'s did not hold
    (by their text) and that the agent never loads: past the lines it loads, or in the
    middle its cut drops (`AuditResult.never_loaded`). [] when ``before`` is None."""
    if before is None:
        return []
    old = Counter(ln.text for ln in before.index.lines if ln.kind in LINK_LINES)
    new = Counter(ln.text for ln in after.index.lines if ln.kind in LINK_LINES) - old
    return [ln.number for ln in after.index.lines
            if ln.kind in LINK_LINES and ln.text in new and after.never_loaded(ln.number)]


def unloaded_phrase(numbers: list[int], after: AuditResult, verb: str = "added") -> str:
    """``index line added past the load limit (line 228; the agent loads 200): never
    loaded`` for the index lines ``numbers`` of ``after`` (`added_unloaded`); a line in the
    middle the agent's cut drops (OpenClaw) is said so."""
    where = ", ".join(str(n) for n in numbers[:5]) + (" …" if len(numbers) > 5 else "")
    lines = "index line" if len(numbers) == 1 else plural(len(numbers), "index line")
    word = "line" if len(numbers) == 1 else "lines"
    if all(n > after.loaded_lines for n in numbers):
        return (f"{lines} {verb} past the load limit ({word} {where}; the agent loads "
                f"{after.loaded_lines:,}): never loaded")
    dropped = after.block.dropped
    cut = f"; the agent drops lines {dropped[0]:,}–{dropped[1]:,}" if dropped else ""
    return f"{lines} {verb} where the agent's load cut drops it ({word} {where}{cut}): " \
        "never loaded"
