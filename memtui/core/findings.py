"""Finding kinds, their severities, and the Finding record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning", "info"]

SEVERITY_RANK: dict[str, int] = {"info": 0, "warning": 1, "error": 2}

#: Every finding kind, with its default severity (SPEC §3, plus the read problems of issue 2).
KINDS: dict[str, Severity] = {
    "broken_link": "error",
    "orphan": "warning",
    "beyond_load_limit": "warning",
    "dangling_wikilink": "info",
    "fuzzy_wikilink": "warning",
    "duplicate_name": "warning",
    "frontmatter": "warning",
    "content_in_index": "warning",
    "secret": "error",
    "instruction_like": "warning",
    "stale": "info",
    "unlinked_mention": "info",
    "read_problem": "warning",
}

#: Human titles for the kinds, used by the report and the TUI.
KIND_TITLES: dict[str, str] = {
    "broken_link": "Broken links",
    "orphan": "Orphans",
    "beyond_load_limit": "Beyond the load limit",
    "dangling_wikilink": "Dangling wikilinks",
    "fuzzy_wikilink": "Fuzzy wikilinks",
    "duplicate_name": "Duplicate names",
    "frontmatter": "Frontmatter",
    "content_in_index": "Content in the index",
    "secret": "Secrets",
    "instruction_like": "Instruction-like text",
    "stale": "Stale memories",
    "unlinked_mention": "Unlinked mentions",
    "read_problem": "Read problems",
}


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the audit found, anchored to a file (relative POSIX path) and a 1-based line."""

    kind: str
    severity: Severity
    path: str
    line: int | None
    message: str
    #: The files a workspace-level finding gathers (``path`` is then ``WORKSPACE``).
    files: tuple[str, ...] = ()

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
    """Build a finding with the kind's default severity unless one is given."""
    return Finding(kind, severity or KINDS[kind], path, line, message, files)


def reaches(severity: str, threshold: str) -> bool:
    """Whether ``severity`` is at or above ``threshold`` (``never`` is never reached)."""
    if threshold == "never":
        return False
    return SEVERITY_RANK[severity] >= SEVERITY_RANK[threshold]
