"""What the walk of the agent's files sees besides their text (redteam35): their names, and
what it could not look into.

A name is text the agent reads (a listing, the index that links it, a path in a tool's
reply): a memory named ``ghp_….md`` or a folder named by a token puts the credential in
front of the model as surely as a line of a memory does. The names the walk lists (files
and folders, memories included, under the memory root and, where the profile says so, at
the top of the workspace) are one text, one name a line (a folder's with its ``/``), read by
the credential check (`memtui.core.creds.detector.scan_text_bounded`, whose
`memtui.core.creds.named` pass reads a path-shaped word as the name it spells); a credential
there is a ``secret`` error at the file's or folder's path.

A folder or file the walk cannot look into or open (a name past the system's path length,
2,000 folders deep; no permission) is not clean: each is an ``unchecked_text`` error (the
agent's own tools may reach it: ``grep -r`` opens folders relative to each other), at most
`MAX_PROBLEMS` of them, then one counting the rest. A file gone since it was listed is no
problem (the agent cannot read it either).
"""

from __future__ import annotations

import errno
import os

from memtui.core.checks.findings import Finding, finding
from memtui.core.creds.detector import scan_text_bounded
from memtui.core.scanner.scan import unchecked

#: Folders and files the walk could not read reported one by one at most; the rest counted.
MAX_PROBLEMS = 100
#: What a name's credential says instead of a memory's "replayed" ending.
NAMED = (": the agent sees this name (a listing, a link, the index); rename it by hand "
         "(fix redact edits text only) and rotate the credential")


def name_findings(entries: list[tuple[str, bool]]) -> list[Finding]:
    """The ``secret`` findings of the names of ``entries`` ((relative path, is a folder)),
    each at its entry's path."""
    if not entries:
        return []
    lines = [rel.rsplit("/", 1)[-1] + ("/" if is_dir else "") for rel, is_dir in entries]
    hits, _cut = scan_text_bounded("\n".join(lines))
    out: list[Finding] = []
    for hit in hits:
        if 1 <= hit.line <= len(entries):
            rel, is_dir = entries[hit.line - 1]
            kind = hit.kind.replace(", written as a file or folder name", "")
            out.append(finding("secret", rel, None,
                               f"{kind} ({hit.redacted}) in the {'folder' if is_dir else 'file'}"
                               f"'s name{NAMED}"))
    return out


def gone(exc: OSError) -> bool:
    """Whether ``exc`` says the file simply is not there any more (removed since listed)."""
    return exc.errno in (errno.ENOENT, errno.ENOTDIR)


def problem_findings(problems: list[tuple[str, OSError]]) -> list[Finding]:
    """An ``unchecked_text`` error for each (relative path, error) the walk met, at most
    `MAX_PROBLEMS`, then one saying how many more."""
    out = [unchecked(rel, None, f"the audit could not read it ({_why(exc)}); the agent's "
                                "own tools may")
           for rel, exc in problems[:MAX_PROBLEMS]]
    if len(problems) > MAX_PROBLEMS:
        rest = len(problems) - MAX_PROBLEMS
        more = "it" if rest == 1 else f"it and {rest - 1:,} more files or folders"
        out.append(unchecked(problems[MAX_PROBLEMS][0], None,
                             f"{more} the audit could not read"))
    return out


def _why(exc: OSError) -> str:
    return os.strerror(exc.errno) if exc.errno else type(exc).__name__
