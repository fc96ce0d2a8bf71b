"""How many memories an index's link lines name: each memory once, however many of its
lines link it (newuser27 #14: "55 entries (55 memories)" beside "54 of 54 files")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from memtui.core.reporting.wording import plural

if TYPE_CHECKING:
    from memtui.core.scanner.index import Index
    from memtui.core.scanner.links import Link


def _key(lk: Link) -> tuple[str, str]:
    return lk.kind, lk.target if lk.target is not None else lk.raw


def index_memories(index: Index, not_memory: Callable[[str], bool] = lambda _t: False,
                   missing: Callable[[str], bool] = lambda _t: False,
                   outside: Callable[[Link], bool | None] | None = None
                   ) -> tuple[int, int, str, tuple[int, int]]:
    """The distinct memories the index's entry lines and its packed lines link, a note
    on those linked more than once (``1 memory linked twice``; '' when none is), and how
    many distinct link targets of its entry lines and of its packed lines name no file at
    all (``missing``: broken links are no memories, newuser33 #26). A link whose target
    ``not_memory`` answers (a file of the project: newuser28 #2) is none either, nor is
    a link out of the workspace: ``outside`` says where it leads (`memtui.core.derivation.
    link_target.target_state`: True back inside, a memory as before; None a file out there,
    no memory; False nothing, broken), as the audit's outside_link and broken_link say it
    (real38: ``[CLAUDE.md](../../CLAUDE.md)`` counted among "6 entries (6 memories)")."""
    seen: dict[str, set[tuple[str, str]]] = {"entry": set(), "packed": set()}
    broken: dict[str, set[tuple[str, str]]] = {"entry": set(), "packed": set()}
    times: Counter[tuple[str, str]] = Counter()
    for ln in index.lines:
        if ln.kind in seen:
            keys = []
            for lk in (*ln.links, *ln.wikilinks):
                if lk.kind != "wikilink" and lk.target is None and outside is not None:
                    where = outside(lk)
                    if where is False:
                        broken[ln.kind].add(_key(lk))
                    if where is not True:
                        continue
                if lk.kind != "wikilink" and lk.target is not None:
                    if not_memory(lk.target):
                        continue
                    if missing(lk.target):
                        broken[ln.kind].add(_key(lk))
                        continue
                keys.append(_key(lk))
            seen[ln.kind].update(keys)
            times.update(keys)
    repeated = [n for n in times.values() if n > 1]
    note = ""
    if repeated:
        how = "twice" if max(repeated) == 2 else "more than once"
        note = f"{plural(len(repeated), 'memory', 'memories')} linked {how}"
    return (len(seen["entry"]), len(seen["packed"]), note,
            (len(broken["entry"]), len(broken["packed"])))
