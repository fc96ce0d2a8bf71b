"""A stored derivation brought up to date after files were only retimed (issue 35).

A `touch`, a copy back with the same bytes, an editor saving unchanged text: the file's stat
key changes, its content does not. Its scan is the same but for its mtime, so of the whole
derivation only what reads an mtime can differ: the file's age and what dates it
(`memtui.core.derivation.derive.file_age`), the group of files sharing a copy's moment
(`memtui.core.derivation.gathered.copied`), the workspace's `stale` finding and the span of
time the ages hold. This patches those in the derived cache's result
(`memtui.core.caches.derived`) instead of decoding every scan and deriving everything again
(at 10,000 memories ~2 s of CPU against ~0.7 s warm). It is exact or it declines: whenever
a retimed file would change something else — the copy group, a frontmatter date in the
future (a finding naming the source), a `stale` finding appearing where there was none —
it gives None and the audit derives afresh.

Inside git the stored derivation is of the same HEAD (the derived cache's key), so each
memory's commit time is the one it read; a retimed file's content is the one stored, so
whether it differs from HEAD's blob is too. What its new mtime can change is whether git
dates it at all (a file written after its commit is checked against HEAD, one committed
after its last write is dated by that write): the caller gives each retimed file's git
time as the derivation would read it now (`memtui.core.audit`'s ``_uncommitted``), and the
``undated`` part leaves out the memories git dated in the stored derivation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from memtui.core.caches import columns
from memtui.core.caches.scans import finding_out
from memtui.core.checks.findings import WORKSPACE, Finding
from memtui.core.derivation.derive import file_age
from memtui.core.derivation.gathered import copied, stale_finding
from memtui.core.profiles import Profile
from memtui.core.record import replace
from memtui.core.results import FileReport
from memtui.core.scanner.scan import FileScan

#: The most retimed files patched; past it the audit derives afresh (each is scanned again).
MOST = 64

#: One stored file's stat row: (rel, mtime_ns, size, inode, ctime_ns, digest, read_ns).
Row = tuple[str, int, int, int, int, bytes, int]


def undated_out(scans: Mapping[str, FileScan], git: Mapping[str, float | None]
                ) -> dict[str, Any] | None:
    """The memories whose scan holds no frontmatter date and that ``git`` (the git times
    the derivation read) does not date, and their mtimes, in path order: what `copied`
    reads (None for a stored result's scans, which are not made to find them)."""
    if getattr(scans, "commented", None) is not None:  # `derived.StoredScans`
        return None
    rels = [rel for rel, scan in scans.items() if scan.dated is None and rel not in git]
    return {"n": len(rels), "paths": columns.strs_out(rels),
            "mtimes": _times_out([scans[rel].mtime for rel in rels])}


def _times_out(times: list[float]) -> str:
    """Floats as one string (`repr`, which `float` reads back exactly): a warm run, which
    never patches, reads one string, not a number each."""
    return " ".join(map(repr, times))


def undated_in(v: Any) -> dict[str, float] | None:
    """`undated_out`'s memories and mtimes (None: not kept)."""
    if v is None:
        return None
    if type(v) is not dict or type(v["n"]) is not int or type(v["mtimes"]) is not str:
        raise TypeError("not mtimes")
    times = list(map(float, v["mtimes"].split())) if v["n"] else []
    return dict(zip(columns.strs_in(v["paths"], v["n"]), times, strict=True))


class Retimed:
    """The patched parts: the reports and findings as decoded, the span the ages hold,
    and the stored parts and stat rows to keep for the next run."""

    __slots__ = ("findings", "holds", "parts", "reports", "rows")

    def __init__(self, reports: list[FileReport], findings: list[Finding],
                 holds: tuple[float, float], parts: dict[str, Any], rows: list[Row]) -> None:
        self.reports = reports
        self.findings = findings
        self.holds = holds
        self.parts = parts
        self.rows = rows


def retimed(parts: dict[str, Any], rows: list[Row], holds: tuple[float, float],
            reports: list[FileReport], findings: list[Finding],
            touched: dict[int, tuple[FileScan, Row]], now: float, profile: Profile,
            stale_days: float | None, git: Mapping[str, float | None] | None = None
            ) -> Retimed | None:
    """The stored result (``parts`` as read, its ``rows``, ``holds``, and its ``reports``
    and ``findings`` decoded) with the files of ``touched`` (their place in ``rows`` → their
    scan made now, of the content stored, and their new row) retimed; None when that
    changes more than their ages (see the module). ``git``: the git time of each touched
    file git dates, as the derivation would read it now (none outside git)."""
    git = {} if git is None else git
    undated = undated_in(parts.get("undated"))
    if undated is None:
        return None
    mtimes = dict(undated)  # (in path order, as the derivation builds it)
    for scan, row in touched.values():
        if (row[0] in undated) != (scan.dated is None and row[0] not in git):
            return None
        if row[0] in undated:
            mtimes[row[0]] = scan.mtime
    group = copied(mtimes)[0]
    if copied(undated)[0] != group:
        return None
    reports, rows = list(reports), list(rows)
    since, until = holds
    for at, (scan, row) in touched.items():
        rel = row[0]
        age, source, began, ends, future = file_age(rel, scan.dated, scan.mtime, git, now,
                                                    rel in group, profile.dated(rel))
        if future is not None or reports[at].path != rel:
            return None
        reports[at] = replace(reports[at], age_days=age, age_source=source)
        rows[at] = row
        since, until = max(since, began), min(until, ends)
    if not since <= now < until:
        return None
    stale = stale_finding(((r.path, r.age_days, r.age_source) for r in reports
                           if profile.ages(r.path)), stale_days)
    was = next((at for at, f in enumerate(findings)
                if f.kind == "stale" and f.path == WORKSPACE), None)
    out = dict(parts)
    if was is None and stale is not None:
        return None  # a finding to place: derived afresh
    if was is not None and findings[was] != stale:
        findings, kept = list(findings), list(parts["findings"])
        if stale is None:
            del findings[was], kept[was]
        else:
            findings[was], kept[was] = stale, finding_out(stale)
        out["findings"] = kept
    files = out["files"] = dict(parts["files"])
    files["ages"] = [r.age_days for r in reports]
    files["sources"] = columns.strs_out([r.age_source for r in reports])
    out["undated"] = {**parts["undated"], "mtimes": _times_out(list(mtimes.values()))}
    return Retimed(reports, findings, (since, until), out, rows)
