"""Finding kinds, their severities, and the Finding record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from memtui.core.safe_output import printable

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


#: What each kind means and what to do about it (SARIF rule help, ``--format sarif``).
KIND_HELP: dict[str, str] = {
    "broken_link": "An index link, or a markdown link in a memory, leads to a file that does "
                   "not exist or lies outside the workspace. Repoint it (memtui fix repoint) "
                   "or remove it (memtui fix remove-link).",
    "orphan": "A memory no MEMORY.md line links: it never enters the agent's context by "
              "itself. Unreachable orphans are not even found by following links. Add it "
              "to the index (memtui fix add-to-index) or delete it.",
    "beyond_load_limit": "An index line past the profile's load limit (Claude Code loads "
                         "the first 200 lines or 25 KB): its memories are silently never "
                         "loaded. Fold cold entries into packed lines (memtui fix fold).",
    "dangling_wikilink": "A [[wikilink]] to no memory yet: allowed, it marks something "
                         "worth writing later.",
    "fuzzy_wikilink": "A [[wikilink]] that resolves only after folding case and -/_: the "
                      "agent may not find it. Rewrite it (memtui fix fix-wikilinks).",
    "duplicate_name": "Two memories share a frontmatter name, so a [[wikilink]] to it is "
                      "ambiguous. Rename one (memtui fix rename).",
    "frontmatter": "Frontmatter that is missing, unterminated or invalid YAML (or an alias "
                   "bomb), or that lacks name, description or type.",
    "content_in_index": "A long index line without a link: memory content leaking into the "
                        "index, which is injected whole into every turn. Move it to a "
                        "memory file.",
    "secret": "Something that looks like a credential. Memories are replayed verbatim into "
              "every later turn. Redact it (memtui fix redact) and rotate the credential.",
    "instruction_like": "Text that reads as an order to the model (\"ignore previous "
                        "instructions\", role tags): memories are data, never instructions.",
    "stale": "A memory older than the stale threshold: verify it still holds.",
    "unlinked_mention": "A file named in backticks in the index but not linked: the agent "
                        "cannot follow it. Link it.",
    "read_problem": "A file that could not be read whole: unreadable, not UTF-8, over "
                    "1 MiB, a FIFO, a symlink out of the workspace or a loop.",
}

MESSAGE_CHARS = 500


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
