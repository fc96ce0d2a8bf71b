"""The index's relative dates as its lines' memories' would be (newuser37 #36).

MEMORY.md's lines are read for relative dates (`memtui.core.scanner.scan.index_findings`),
but a hook is the one-line summary of the memory it links, and a typed agent's memories are
read only when they are ``project`` memories: a reference's "payment due in 14 days" or a
feedback rule's "turno de mañana" (the morning shift) is a term, no date to go stale (the
folded blind sets: 32 of 40 hooks so reported were of such memories). So where memories
carry a type, an index line linking memories counts only when one of them is a project
memory (or none is a memory the audit read: a line like prose); a prose line always counts.
Where memories carry none (Hermes, Gemini CLI, OpenClaw…), every line counts."""

from __future__ import annotations

from collections.abc import Mapping

from memtui.core.checks.findings import Finding
from memtui.core.scanner.index import Index
from memtui.core.scanner.scan import FileScan
from memtui.core.workspace import INDEX_NAME


def index_dates(found: list[Finding], index: Index, scans: Mapping[str, FileScan],
                typed: bool) -> list[Finding]:
    """``found`` (what the index yields on its own) less the ``relative_date`` findings of
    lines whose linked memories are none of them project memories, when ``typed``."""
    if not typed or not any(f.kind == "relative_date" for f in found):
        return found
    lines = {ln.number: ln for ln in index.lines}

    def counts(f: Finding) -> bool:
        ln = lines.get(f.line) if f.line is not None else None
        if ln is None:
            return True
        linked = [scans[t].memory for t in ln.targets if t in scans]
        return not linked or any((m.type or "").strip().lower() == "project" for m in linked)

    return [f for f in found
            if f.kind != "relative_date" or f.path != INDEX_NAME or counts(f)]
