"""A frontmatter date YAML reads as a timestamp but no calendar holds (``2026-13-45``):
named by its key, value and line instead of "unreadable frontmatter" (newuser27 #19)."""

from __future__ import annotations

from memtui.core.checks.findings import Finding, finding
from memtui.core.scanner.lazy_pattern import lazy_pattern

_LENIENT_KEY = lazy_pattern(r"^(\s*)([A-Za-z_][\w-]*)\s*:\s*(.*)$")
_TIMESTAMP = lazy_pattern(r"\d{4}-\d\d?-\d\d?(?:$|[Tt ])")


def no_such_date(fm: str) -> tuple[int, str, str] | None:
    """(file line, key, value) of the first ``key: value`` of ``fm`` that YAML reads as a
    timestamp but no calendar holds (``2026-13-45``), or None."""
    import datetime as dt

    for i, line in enumerate(fm.split("\n")):
        m = _LENIENT_KEY.match(line)
        if m is None:
            continue
        value = m.group(3).strip()
        if not _TIMESTAMP.match(value):
            continue
        y, mo, d = value[:10].split("T")[0].split(" ")[0].split("-")[:3]
        try:
            dt.date(int(y), int(mo), int(d))
        except ValueError:
            return i + 2, m.group(2), value
    return None


def unreadable(path: str, fm: str, exc: Exception) -> Finding:
    """The ``frontmatter`` finding of ``path``'s frontmatter ``fm`` that YAML refused with
    ``exc``: for a date no calendar holds, every other field is read, so the key, the value
    and its line are named; else "unreadable frontmatter"."""
    bad = no_such_date(fm) if isinstance(exc, ValueError) else None
    if bad is None:
        return finding("frontmatter", path, 1, f"unreadable frontmatter: {exc}")
    line, key, value = bad
    return finding("frontmatter", path, line, f"{key}: {value} is not a date ({exc}); the "
                   "other fields were read, the age is not taken from it")
