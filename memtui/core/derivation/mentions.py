"""An orphan the index names in backticks, told once (fix40a).

A memory no loaded index line links is an orphan (SPEC §3), though the index names it in
backticks: a name is no link. Each backticked name was also an ``unlinked_mention`` of the
index line, so one fact was two findings, the orphan's saying "never seen" of a file whose
name the agent reads every session (real40: a Russian ``.codex/memory`` index naming its 7
files so, 7 orphans and 7 mentions). The orphan now says where the index names it and the
link that fixes it; the mentions it tells are left out.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from memtui.core.checks.findings import Finding, finding
from memtui.core.results import Orphan
from memtui.core.workspace import INDEX_NAME


def told_once(findings: list[Finding], named: dict[str, list[tuple[Finding, str]]],
              orphans: Iterable[Orphan]) -> list[Finding]:
    """``findings`` with each orphan that ``named`` (a memory → the ``unlinked_mention``
    findings naming it, in line order, each with the name as written) holds saying where
    the index names it, and those mentions left out."""
    told: dict[str, Orphan] = {o.path: o for o in orphans if o.path in named}
    if not told:
        return findings
    gone = {id(f) for path in told for f, _ in named[path]}
    out: list[Finding] = []
    for f in findings:
        if id(f) in gone:
            continue
        if f.kind == "orphan" and f.line is None and f.path in told:
            f = _orphan(f, named[f.path], told[f.path])
        out.append(f)
    return out


def _orphan(f: Finding, mentions: list[tuple[Finding, str]], orphan: Orphan) -> Finding:
    """The orphan ``f`` saying the lines that name it and the link to write."""
    lines = sorted({m.line for m, _ in mentions if m.line is not None})
    where = f"{INDEX_NAME}:{lines[0]}" if lines else INDEX_NAME
    if len(lines) > 1:
        more = len(lines) - 1
        where += f" (and {more} more line{'s' if more > 1 else ''})"
    name = posixpath.basename(orphan.path)
    return finding("orphan", f.path, None,
                   f"named in backticks at {where}, not linked from the index: the agent "
                   f"reads the name, no link; write [{name}]({orphan.path}) there"
                   + ("; reachable by following links" if orphan.reachable else ""),
                   f.severity)
