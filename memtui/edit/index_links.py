"""Which index lines link a memory: by a markdown link or a wikilink resolved as the audit
resolves it."""

from __future__ import annotations

from collections.abc import Iterable

from memtui.edit.snapshot import Snapshot


def index_line_of(snap: Snapshot, rel: str) -> list[int]:
    """Index line numbers whose links (markdown or wikilink) lead to ``rel``."""
    return [ln.number for ln in snap.index.lines
            if rel in ln.targets or any(snap.resolver.resolve(w.target or "").path == rel
                                        for w in ln.wikilinks)]


def index_lines_of(snap: Snapshot, rels: Iterable[str]) -> dict[str, list[int]]:
    """``index_line_of`` for each of ``rels`` (those no line links left out), in one pass
    over the index: asked of 667 orphans one by one it read 1,333 lines 667 times (~1 s,
    newuser22 #44)."""
    wanted = set(rels)
    out: dict[str, list[int]] = {}
    for ln in snap.index.lines:
        led = {t for t in ln.targets if t in wanted}
        led.update(path for w in ln.wikilinks
                   if (path := snap.resolver.resolve(w.target or "").path) in wanted)
        for rel in led:
            out.setdefault(rel, []).append(ln.number)
    return out
