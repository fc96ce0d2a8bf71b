"""Finding kinds, their severities, and the Finding record."""

from __future__ import annotations

from typing import Any

from memtui.core.checks.rules import RULES, Severity, help_text
from memtui.core.record import FrozenRecord, init_field
from memtui.core.reporting.safe_output import printable

SEVERITY_RANK: dict[str, int] = {"info": 0, "warning": 1, "error": 2}

#: Every finding kind, with its default severity, title and help: views of the one
#: registry, :data:`memtui.core.checks.rules.RULES`.
KINDS: dict[str, Severity] = {r.id: r.severity for r in RULES}
KIND_TITLES: dict[str, str] = {r.id: r.title for r in RULES}
KIND_HELP: dict[str, str] = {r.id: help_text(r) for r in RULES}

MESSAGE_CHARS = 500


class Finding(FrozenRecord):
    """One thing the audit found, anchored to a file (relative POSIX path) and a 1-based line."""

    __slots__ = ("files", "kind", "line", "message", "path", "severity")

    kind: str
    severity: Severity
    path: str
    line: int | None
    message: str
    #: The files a workspace-level finding gathers (``path`` is then ``WORKSPACE``).
    files: tuple[str, ...]

    def __init__(self, kind: str, severity: Severity, path: str, line: int | None, message: str,
                       files: tuple[str, ...] = ()) -> None:
        init_field(self, "kind", kind)
        init_field(self, "severity", severity)
        init_field(self, "path", path)
        init_field(self, "line", line)
        init_field(self, "message", message)
        init_field(self, "files", files)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "kind": self.kind,
            "severity": self.severity,
            "path": self.path,
            "line": self.line,
            "message": self.message,
        }
        if self.files:
            out["files"] = list(self.files)
        return out


#: The ``path`` of a finding about the workspace as a whole.
WORKSPACE = "."


def finding(kind: str, path: str, line: int | None, message: str,
            severity: Severity | None = None, files: tuple[str, ...] = ()) -> Finding:
    """Build a finding with the kind's default severity unless one is given. The message
    names files and quotes memory text, so it is made safe to print here, once (and cut
    to one screenful: a frontmatter value may be a megabyte long)."""
    message = printable(message)
    if len(message) > MESSAGE_CHARS:
        message = message[: MESSAGE_CHARS - 1] + "…"
    return Finding(kind, severity or KINDS[kind], path, line, message, files)


def reaches(severity: str, threshold: str) -> bool:
    """Whether ``severity`` is at or above ``threshold`` (``never`` is never reached)."""
    if threshold == "never":
        return False
    return SEVERITY_RANK[severity] >= SEVERITY_RANK[threshold]


def under(rel: str, folders: tuple[str, ...]) -> bool:
    """Whether ``rel`` lies in one of ``folders`` (relative paths)."""
    return any(rel == f or rel.startswith(f + "/") for f in folders)


def drop_nested(result: Any, nested: tuple[str, ...]) -> None:
    """Leave out of ``result`` (an `AuditResult`) what lies in ``nested``, workspaces of
    their own below it: counted in their own audits and fleet rows only (docs/fleet.md, "a
    credential is counted once"; newuser34 #4, newuser40 #28)."""
    result.findings = [f for f in result.findings if not under(f.path, nested)]
    result.suppressed = [s for s in result.suppressed if not under(s.finding.path, nested)]
    result.lowered = [(f, w) for f, w in result.lowered if not under(f.path, nested)]
