"""What excluding folders leaves of the text report's rows, counted without drawing them:
the findings an ``exclude`` of some folders keeps, the folders the findings lie in, and the
rows the text report draws for a list of findings (`memtui.commands.report_text`'s
``fitting_exclude`` tries an ``exclude`` line with them before a real audit)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from memtui.core.checks.findings import Finding
from memtui.core.reporting.grouping import TEXT_PER_LINE_KINDS, Group, draw_items


def without_folders(findings: list[Finding], folders: tuple[str, ...]) -> list[Finding]:
    """The findings left when ``folders`` are excluded: those on their files go, and so
    does a workspace-level one whose files all lie in them (one with files elsewhere
    stays)."""
    inside = tuple(folder + "/" for folder in folders)
    return [f for f in findings
            if not f.path.startswith(inside)
            and not (f.files and all(p.startswith(inside) for p in f.files))]


def folders_of(findings: list[Finding]) -> list[str]:
    """Every folder a finding's file lies in, shallowest first."""
    out: set[str] = set()
    for f in findings:
        for path in (f.path, *f.files):
            parts = path.split("/")[:-1]
            out.update("/".join(parts[:depth]) for depth in range(1, len(parts) + 1))
    return sorted(out, key=lambda d: (d.count("/"), d))


def row_count(findings: list[Finding], folders: Mapping[str, Sequence[str]] | None = None
              ) -> int:
    """``len(findings_text(result))`` for these findings, without building the rows: a
    blank line, one heading per kind, then per kind the lines of each drawn item (a group
    its one or two, a finding one and its files line if it has one). ``folders``: the
    noise folders (`memtui.core.checks.noise.noise_folders`)."""
    if not findings:
        return 0
    by_kind: dict[str, list[Finding]] = {}
    for f in findings:
        by_kind.setdefault(f.kind, []).append(f)
    lines = 1 + len(by_kind)
    for rows in by_kind.values():
        for item in draw_items(rows, folders or {}, TEXT_PER_LINE_KINDS):
            lines += item.lines() if isinstance(item, Group) else 1 + bool(item.files)
    return lines
