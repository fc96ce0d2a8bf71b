"""Whether a path an agent's profile finds named on a line is also a markdown link there:
``[gone](rollout_summaries/gone.md)`` is one mention, read once as a link (newuser27 #15)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from memtui.core.workspace import INDEX_NAME

if TYPE_CHECKING:
    from memtui.core.scanner.index import Index
    from memtui.core.scanner.links import Link
    from memtui.core.scanner.scan import FileScan


def _links_of(source: str, line: int, index: Index,
              scans: Mapping[str, FileScan]) -> Iterable[Link]:
    if source == INDEX_NAME:
        at = index.lines[line - 1] if 0 < line <= len(index.lines) else None
        if at is not None and at.number == line:
            return at.links
        return (lk for ln in index.lines if ln.number == line for lk in ln.links)
    scan = scans.get(source)
    return () if scan is None else (lk for lk in scan.links if lk.line == line)


def linked_already(source: str, line: int, target: str, index: Index,
                   scans: Mapping[str, FileScan]) -> bool:
    """Whether ``source``'s line ``line`` holds a markdown link to ``target``: the link's
    own check reports it (found or broken), so the path it contains is no second mention."""
    return any(lk.target == target for lk in _links_of(source, line, index, scans))
