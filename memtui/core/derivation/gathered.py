"""Workspace-level findings: one finding for what many files share, listing the files.

Age and format are columns of the file list, not a finding per file: a workspace in the
older Claude Code format would otherwise yield one "type at top level" per memory, and an old
workspace one "stale" per memory, burying the findings that need action.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from operator import sub

from memtui.core.checks.findings import WORKSPACE, Finding, finding
from memtui.core.files.name_order import name_key
from memtui.core.reporting.wording import plural
from memtui.core.scanner.index import Index

#: A copy is recognised when at least this many files dated only by their mtime…
COPY_MIN_FILES = 10
#: …were written within COPY_SPREAD seconds, and they are most (more than half) of the files
#: dated only by mtime: the group that shares the moment keeps its age unknown when a few
#: files are edited after it (newuser26 #9; "nearly all" before, 90 %, lost it at 12 of 14).
COPY_SPREAD = 2.0


def copy_need(n: int) -> int:
    """How many of ``n`` files dated only by mtime a copy's moment must hold."""
    return max(COPY_MIN_FILES, n // 2 + 1)


def copy_group(mtimes: dict[str, float], times: list[float] | None = None
               ) -> tuple[float, set[str]] | None:
    """When most of the files dated only by mtime, at least `COPY_MIN_FILES`, were written in
    one moment (a copy, an archive extraction), that moment and those files: their mtime is
    not their age (the others, edited since, keep theirs).
    ``times``: the values of ``mtimes`` sorted, when known already."""
    if len(mtimes) < COPY_MIN_FILES:
        return None
    # First the cheap question, asked on every re-audit: does any window of COPY_SPREAD
    # seconds hold `copy_need` of the files at all? (Usually not: then no copy.) The
    # narrowest span of ``need`` consecutive times, in C.
    times = times if times is not None else sorted(mtimes.values())
    need = copy_need(len(times))
    if min(map(sub, times[need - 1:], times)) > COPY_SPREAD:
        return None
    return best_window(mtimes)


#: `copied`'s value: the files whose mtime is a copy date, and what it was found from (each
#: undated file's mtime, and those times sorted).
Copied = tuple[set[str], dict[str, float], list[float]]


def copied(mtimes: Mapping[str, float | None], diff: Iterable[str] | None = None,
           last: Copied | None = None) -> Copied:
    """The files of ``mtimes`` (path → mtime, None: dated otherwise) in a `copy_group`;
    from ``last``, its value before the files of ``diff`` changed, when given (``mtimes``
    then needs to hold those files alone)."""
    if diff is None or last is None:
        kept = {rel: t for rel, t in mtimes.items() if t is not None}
        times = sorted(kept.values())
    else:
        kept, times = dict(last[1]), list(last[2])
        for rel in diff:
            old = kept.pop(rel, None)
            if old is not None:
                del times[bisect_left(times, old)]
            now = mtimes[rel]
            if now is not None:
                kept[rel] = now
                insort(times, now)
    group = copy_group(kept, times)
    return (group[1] if group is not None else set()), kept, times


def best_window(mtimes: dict[str, float]) -> tuple[float, set[str]] | None:
    """``copy_group`` found window by window, without its first question."""
    if len(mtimes) < COPY_MIN_FILES:
        return None
    ordered = sorted(mtimes.items(), key=lambda kv: kv[1])
    best, best_start, start = 0, 0, 0
    for end in range(len(ordered)):
        while ordered[end][1] - ordered[start][1] > COPY_SPREAD:
            start += 1
        if end - start + 1 > best:
            best, best_start = end - start + 1, start
    if best < copy_need(len(ordered)):
        return None
    group = ordered[best_start:best_start + best]
    return group[0][1], {rel for rel, _ in group}


def copy_finding(files: set[str], rank: Callable[[str], int] | None = None) -> Finding:
    """The one ``unknown_age`` finding of ``files``, listed in the natural order of names;
    ``rank``: each file's place in a list of paths already in that order (`name_key`'s: the
    same order, without a key made for each name: issue 35, ~6,000 keys made on every
    re-audit of a copied folder of 10,000)."""
    return finding("unknown_age", WORKSPACE, None,
                   f"{plural(len(files), 'memory', 'memories')} "
                   + ("shares the one modification time of a copy or an extraction and has "
                      "no git history or frontmatter date, so its" if len(files) == 1 else
                      "share one modification time and have no git history or frontmatter "
                      "date: a copy or an extraction, so their")
                   + " age is unknown (age source 'unknown'; no stale claims)",
                   files=tuple(sorted(files, key=rank or name_key)))


def stale_finding(ages: Iterable[tuple[str, int, str]], stale_days: float | None
                  ) -> Finding | None:
    """One finding for the memories older than ``stale_days`` ((path, days, source) each;
    files whose age is unknown never count)."""
    if stale_days is None:
        return None
    old = [(path, days, source) for path, days, source in ages
           if days > stale_days and source != "unknown"]
    if not old:
        return None
    by_source = Counter(source for _, _, source in old)
    sources = ", ".join(f"{n} by {s}" for s, n in by_source.most_common())
    oldest = max(days for _, days, _ in old)
    days = "day" if stale_days == 1 else "days"  # "older than 1 day" (newuser24 #43)
    return finding("stale", WORKSPACE, None,
                   f"{plural(len(old), 'memory', 'memories')} older than {stale_days:g} {days} "
                   f"(oldest {oldest} days; {sources})",
                   files=tuple(sorted((path for path, _, _ in old), key=name_key)))


def old_format_finding(paths: list[str]) -> Finding | None:
    """One finding for the memories with ``type`` at the top level (tolerated drift)."""
    if not paths:
        return None
    return finding("frontmatter", WORKSPACE, None,
                   f"{plural(len(paths), 'memory', 'memories')} "
                   f"{'uses' if len(paths) == 1 else 'use'} top-level `type` (older format; "
                   "tolerated)", "info", files=tuple(sorted(paths, key=name_key)))


def newest_cut(f: Finding, past_limit: Mapping[str, int], indexed: Iterable[str],
               ages: Iterable[tuple[str, int]]) -> Finding:
    """``f``, the beyond_load_limit finding, saying when what falls past the limit is the
    newest memories: an index appended to puts its newest entries last, where the agent
    never loads them (newuser35 #19; claude-code 39811). ``ages``: (memory, days) of the
    memories whose age is known; ``indexed``: those the index links at all."""
    linked = set(indexed)
    cut: list[int] = []
    loaded: list[int] = []
    for rel, age in ages:
        if rel in past_limit:
            cut.append(age)
        elif rel in linked:
            loaded.append(age)
    # newer than every memory the agent does load (days: a tie is not "newer")
    dated = sorted(age for age in cut if age < min(loaded, default=1 << 62))
    newest = len(dated)
    if newest == 0:
        return f
    young, old = dated[0], dated[-1]
    span = plural(young, "day") if young == old else f"{young}–{old} days"
    what = "the newest memory" if newest == 1 else f"the {newest:,} newest memories"
    return finding(f.kind, f.path, f.line,
                   f"{f.message}; among them {what} ({span} old): what the agent wrote last "
                   "is what it never loads", f.severity, f.files)


def load_limit_finding(index: Index, loaded: int, max_lines: int, max_bytes: int
                       ) -> Finding | None:
    """One finding for the index lines past the load limit, with how many links they hold."""
    cut = [ln for ln in index.lines[loaded:] if ln.kind != "blank"]
    if not cut:
        return None
    links = sum(len(ln.links) + len(ln.wikilinks) for ln in cut)
    first, last = cut[0].number, cut[-1].number
    where = f"line {first}" if first == last else f"lines {first}–{last}"
    return finding("beyond_load_limit", index.path, first,
                   f"{where} past the load limit ({max_lines} lines / {max_bytes:,} bytes): "
                   f"never loaded; {plural(links, 'memory link')} unseen")
