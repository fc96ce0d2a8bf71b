"""What a configuration hides, counted (issue 31 §2: nothing is hidden silently).

A workspace's own ``.memtui.toml`` can leave files out (``exclude``) and lower a rule's
severity (``[severity]``). Neither may make a finding vanish unseen:

- each excluded memory (and each one in an archive folder left out by default) is still
  read on its own (up to ``SCAN_FILES`` files and
  ``SCAN_BYTES`` bytes in all; each memory's 1 MiB cap holds) and what it would have
  yielded on its own (frontmatter…) is counted as suppressed by ``exclude``, listed as
  such in the JSON and in SARIF ``suppressions``; a credential there (or text the
  credential check did not read) is never suppressed: it is reported, as in every file
  under the memory root (`memtui.core.scanner.readable`, session 28);
- an ``exclude`` that leaves out the index or every memory is itself a finding
  (``exclude_all``, an error); a pattern that matches no file is named (as an unused
  ignore is: a dead pattern reads as a folder left out; newuser24 #68);
- a severity the configuration lowers is named, with the findings it lowered
  (`memtui.core.reporting.suppress.apply` records them in ``AuditResult.lowered``); an explicit
  ``--fail-on`` counts them at their own severity (`effective_severity`).
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Container, Iterable, Sequence
from typing import TYPE_CHECKING

from memtui.core.caches.clean_texts import CleanTexts
from memtui.core.checks.findings import SEVERITY_RANK, Finding, finding
from memtui.core.config import Config, excluder
from memtui.core.record import FrozenRecord, init_field
from memtui.core.reporting.wording import plural
from memtui.core.scanner.links import Link, looks_like_path, resolve_href, without_position
from memtui.core.scanner.readable import walk as readable_walk
from memtui.core.scanner.scan import scan_file
from memtui.core.scanner.share import NO_KEY, Key, key_of
from memtui.core.workspace import (
    INDEX_NAME,
    MEMORY_DIR,
    Workspace,
    discover,
    is_documentation,
)

if TYPE_CHECKING:
    from memtui.core.caches.scans import ScanStore

#: Excluded memories read for what they would yield, at most this many…
SCAN_FILES = 2_000
#: …and this many bytes in all (each memory is read up to its 1 MiB cap).
SCAN_BYTES = 64 << 20


def excluded_files(ws: Workspace, patterns: Sequence[str], archives: Sequence[str] = ()
                   ) -> tuple[list[str], list[tuple[str, str | None, int]]]:
    """The memory files ``patterns`` leave out, and those in the ``archives`` folders the
    walk left out by default (documentation is not memory); and each pattern that matches
    no memory (nor the index), with the pattern under ``memory/`` when that one would match
    (in an item workspace patterns are relative to the workspace, not its memory folder),
    and how many files that are no memory it matches (newuser29 #1: ``memory/notes.txt``
    is there, read for credentials, and was said to be "no file")."""
    if not patterns and not archives:
        return [], []
    files = discover(ws).files
    excluded = excluder(tuple(patterns)) if patterns else lambda _rel: False
    folders = tuple(f"{a}/" for a in archives)
    left_out = [rel for rel in files
                if (excluded(rel) or rel.startswith(folders)) and not is_documentation(rel)]
    unmatched: list[tuple[str, str | None, int]] = []
    others: list[str] | None = None  # the files the agent reads that are no memory
    for pattern in dict.fromkeys(p for p in patterns if p.strip()):
        matches = excluder((pattern,))
        if matches(INDEX_NAME) or any(map(matches, files)):
            continue
        under = f"{MEMORY_DIR}/{pattern.lstrip('/')}"
        inside = ws.layout == "item" and not pattern.startswith(f"{MEMORY_DIR}/") \
            and any(map(excluder((under,)), files))
        if others is None:
            others = [rel for rel, _, _ in readable_walk(ws, ())]
        unmatched.append((pattern, under if inside else None, sum(map(matches, others))))
    return left_out, unmatched


class Excluded(FrozenRecord):
    """What an audit left out: the memories the configuration's ``exclude`` and the archive
    folders left out, those of them not read for what they would yield, and those the
    patterns left out (the archive folders' apart) — one record, set by
    `memtui.core.reporting.suppress.apply_to` and read by the reports (closing37: two fields
    of the result, one computed beside the other)."""

    files: int = 0
    unread: int = 0
    by_patterns: int = 0

    def __init__(self, files: int = 0, unread: int = 0, by_patterns: int = 0) -> None:
        init_field(self, "files", files)
        init_field(self, "unread", unread)
        init_field(self, "by_patterns", by_patterns)


#: Nothing left out.
NONE_EXCLUDED = Excluded()


def unread_note(excluded: Excluded) -> str:
    """What ``exclude`` left unread, for the text report's Config row and SARIF's run
    notification ("" when every excluded memory was read): JSON's ``excluded.unread``
    alone said it (newuser32 #4)."""
    files, unread = excluded.files, excluded.unread
    if not unread:
        return ""
    return (f"exclude: {files:,} files left out, {unread:,} of them not read (past the "
            f"{SCAN_FILES:,}-file or {SCAN_BYTES >> 20} MiB bound, or unreadable): their "
            "links and frontmatter were not checked")


def excluded_findings(ws: Workspace, files: Sequence[str], cached: bool = False,
                      typed: bool = True) -> tuple[list[Finding], int]:
    """What the excluded ``files`` would have yielded on their own, and how many of them
    were not read (past ``SCAN_FILES`` or ``SCAN_BYTES``). ``typed``: the agent's memories
    carry a type, so an untyped file's relative dates are no finding (as a memory's are
    not, `memtui.core.derivation.derive.file_state`: newuser37 #20). ``cached``: each file's scan is
    kept between runs as a memory's is (`memtui.core.caches.scans`: keyed by its stat key,
    an ambiguous one scanned again), in a cache of its own beside the memories', and what
    it yielded is kept in this process for the next re-audit (the app's) — the files the
    exclusion and the archive folders leave out (newuser35 #13: after ``fix archive``
    moved 1,200 memories into ``_archive/``, every warm audit scanned them all again,
    ~3 CPU s more, and each of the app's re-audits too). A scan is kept, on disk or in the
    process, only when no folder on its file's path changed while it was read (`Settled`:
    a folder swapped for a clean twin during the read left the credential file's key
    remembered clean; redteam36)."""
    from memtui.core.caches.scans import Settled, ambiguous

    memo = _memo(ws) if cached else None
    settled = Settled(time.time_ns(), str(ws.root)) if cached else None
    store: ScanStore | None = None  # loaded when a file is not in the memo
    clean: CleanTexts | None = None
    out: list[Finding] = []
    budget = SCAN_BYTES
    unread = 0
    for n, rel in enumerate(files):
        full = ws.root / rel
        try:
            st = os.stat(full)
        except OSError:
            continue
        if n >= SCAN_FILES or budget <= 0:
            unread += 1
            continue
        budget -= min(st.st_size, 1 << 20)
        key = key_of(st)
        known = memo.get(rel) if memo is not None else None
        if known is not None and known[0] == key and key != NO_KEY \
                and not ambiguous(key, known[1]):
            out.extend(_dated(known[2], typed and known[4]))
            out.extend(missing_targets(ws, known[3]))
            continue
        if memo is not None and store is None:
            store = _excluded_store(ws)
            # (the texts found clean, by digest, as the audit's: a scan with its digest is
            # storable)
            clean = CleanTexts.beside(store.path) if store is not None else None
        hit = store.get(rel, key) if store is not None else None
        if hit is not None and not hit[1]:
            scan, made_ns = hit[0], store.entries[rel][4] if store is not None else 0
        else:
            made_ns = time.time_ns()
            try:
                scan = scan_file(full, rel, st.st_mtime, st, clean)
            except (OSError, ValueError, RecursionError, MemoryError):
                unread += 1
                continue
            if settled is not None and not settled.path(str(full)):
                key = NO_KEY  # (read while a folder on its path changed: never vouched for)
            elif store is not None:
                store.put(rel, key, made_ns, scan)
        if memo is not None:
            memo[rel] = (key, made_ns, list(scan.own_findings), list(scan.links),
                         not scan.memory.type)
        out.extend(_dated(scan.own_findings, typed and not scan.memory.type))
        out.extend(missing_targets(ws, scan.links))
    if memo is not None:
        for rel in set(memo) - set(files):
            del memo[rel]
    if clean is not None:
        clean.save()
    if store is not None:
        store.keep_only(set(files))
        if store.dirty and store.save() and store.path is not None:
            from memtui.core.caches.store import prune

            prune(store.path.parent, store.path, EXCLUDED_CACHES, EXCLUDED_PREFIX, ".marshal")
    return out, unread


#: What each excluded file yielded on its own, per workspace, in this process: (stat key,
#: when read, findings, links: their targets looked for each time) by path (the app
#: re-audits on every change).
_MEMOS: dict[str, dict[str, tuple[Key, int, list[Finding], list[Link], bool]]] = {}


def _dated(found: list[Finding], drop: bool) -> list[Finding]:
    """``found`` less its ``relative_date`` findings when ``drop``."""
    return [f for f in found if f.kind != "relative_date"] if drop else found


def _memo(ws: Workspace) -> dict[str, tuple[Key, int, list[Finding], list[Link], bool]]:
    root = str(ws.root)
    if root not in _MEMOS and len(_MEMOS) >= 8:
        _MEMOS.clear()
    return _MEMOS.setdefault(root, {})


#: The excluded files' scan caches: one per workspace, the least recently written past
#: this many deleted.
EXCLUDED_CACHES = 64
EXCLUDED_PREFIX = "excluded-"


def _excluded_store(ws: Workspace) -> ScanStore | None:
    """The scan cache of the files ``ws`` leaves out (None: caching is off)."""
    from memtui.core.caches.scans import ScanStore, workspace_file

    path = workspace_file(ws.root, EXCLUDED_PREFIX, ".marshal")
    return ScanStore(ws.root, path, find=False) if path is not None else None


def missing_targets(ws: Workspace, links: Iterable[Link]) -> list[Finding]:
    """A ``broken_link`` for each markdown link of a file read on its own whose target, in
    the workspace, is not there: an excluded memory's links lead the agent as a memory's
    do (newuser28 #21: its broken link was neither reported nor counted)."""
    out: list[Finding] = []
    for lk in links:
        if lk.kind != "markdown" or lk.outside or lk.target is None \
                or not looks_like_path(lk.raw):
            continue
        try:
            os.lstat(ws.root / lk.target)
        except FileNotFoundError:
            if not _there_at_position(ws, lk):
                out.append(finding("broken_link", lk.source, lk.line,
                                   f"link to {lk.target}: no such file"))
        except (OSError, ValueError):
            continue
    return out


def _there_at_position(ws: Workspace, lk: Link) -> bool:
    """Whether ``lk``'s destination names a file of the workspace once an editor's
    ``:line[:col]`` is taken off (``notes/run.md:12``; real35)."""
    bare = without_position(lk.raw.strip())
    resolved = resolve_href(lk.source, bare) if bare is not None else None
    if resolved is None or resolved[0] is None:
        return False
    return os.path.lexists(ws.root / resolved[0])


def linked_unaudited(ws: Workspace, targets: Iterable[str], audited: Container[str]
                     ) -> list[str]:
    """The regular files among the index's link ``targets`` that are there but were not
    audited as memories (not in ``audited``; documentation apart): outside memory/ in an
    item workspace, excluded, in an archive folder (``unaudited_link``). The agent reads
    them when it follows the link, so no layout or configuration may hide what they hold
    (newuser26 #8, #11)."""
    out: dict[str, None] = {}
    for rel in targets:
        if rel in audited or rel in out or rel == INDEX_NAME or is_documentation(rel):
            continue
        try:
            st = os.lstat(ws.root / rel)
        except (OSError, ValueError):
            continue
        if stat.S_ISREG(st.st_mode):
            out[rel] = None
    return list(out)


def exclude_all_finding(config: Config, ws: Workspace, kept: int,
                        excluded: Sequence[str]) -> Finding | None:
    """An ``exclude_all`` error when the configuration's ``exclude`` leaves out the index,
    or every memory (``kept``: the memories audited, ``excluded``: those left out)."""
    if not config.exclude:
        return None
    where = os.path.basename(config.path or ".memtui.toml")
    globs = ", ".join(config.exclude)
    if excluder(config.exclude)(INDEX_NAME) and ws.index_path.exists():
        return finding("exclude_all", INDEX_NAME, None,
                       f"exclude ({globs}) in {where} leaves out the index: the injected "
                       "index is never left out; exclude folders that are not memories")
    if excluded and not kept:
        return finding("exclude_all", INDEX_NAME, None,
                       f"exclude ({globs}) in {where} leaves out every memory "
                       f"({plural(len(excluded), 'file')}): nothing is audited; exclude folders "
                       "that are not memories, never all of them")
    return None


def severity_changes(lowered: Sequence[tuple[Finding, str]]) -> list[dict[str, object]]:
    """The configuration's lowerings, each named once: rule, from, to, how many findings."""
    counted: dict[tuple[str, str, str], int] = {}
    for f, was in lowered:
        key = (f.kind, was, f.severity)
        counted[key] = counted.get(key, 0) + 1
    return [{"rule": rule, "from": was, "to": now, "findings": n}
            for (rule, was, now), n in sorted(counted.items())]


def effective_severity(f: Finding, original: str | None) -> str:
    """The severity an explicit ``--fail-on`` counts: the higher of the reported one and
    the one the finding had before the configuration lowered it."""
    if original is None or SEVERITY_RANK[original] <= SEVERITY_RANK[f.severity]:
        return f.severity
    return original
