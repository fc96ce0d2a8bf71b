"""What the walk of the agent's files sees besides their text (redteam35): their names, and
what it could not look into.

A name is text the agent reads (a listing, the index that links it, a path in a tool's
reply): a memory named ``ghp_….md`` or a folder named by a token puts the credential in
front of the model as surely as a line of a memory does. The names the walk lists (files
and folders, memories included, under the memory root and, where the profile says so, at
the top of the workspace) are one text, one name a line (a folder's with its ``/``, a
file's without its extension: ``password=Zq8#mL2!vR9x.txt`` read whole was a value ending
``.txt``, a path; redteam36), a blank line between (no name is the value of the label the
name before it holds: ``base-passwd`` then ``libbrotli1``), read by the credential check
(`memtui.core.creds.detector.scan_text_bounded`, whose `memtui.core.creds.named` pass
reads a path-shaped word as the name it spells); a credential
there is a ``secret`` error at the file's or folder's path.

A folder or file the walk cannot look into or open (a name past the system's path length,
2,000 folders deep; no permission) is not clean: each is an ``unchecked_text`` error (the
agent's own tools may reach it: ``grep -r`` opens folders relative to each other), at most
`MAX_PROBLEMS` of them, then one counting the rest. A file gone since it was listed is no
problem (the agent cannot read it either).
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
from typing import Protocol

from memtui.core.checks.findings import Finding, finding
from memtui.core.creds.detector import scan_text_bounded
from memtui.core.scanner.scan import unchecked

#: Names read a text (the credential check's bound on one text's distinct lines), and in all.
BATCH = 4_000
MAX_NAMES = 100_000
#: Folders and files the walk could not read reported one by one at most; the rest counted.
MAX_PROBLEMS = 100
#: A file name's extension (its last one): a name is read as its stem, as a path-shaped word
#: is (`memtui.core.creds.named`), whatever characters it holds (redteam36: a file named
#: ``password=Zq8#mL2!vR9x.txt`` read whole was a value ending ``.txt``, a path to the check).
_EXTENSION = re.compile(r"\.[A-Za-z0-9]{1,8}$")
#: What a name's credential says instead of a memory's "replayed" ending.
NAMED = (": the agent sees this name (a listing, a link, the index); rename it by hand "
         "(fix redact edits text only) and rotate the credential")


class CleanNames(Protocol):
    """Where the batches of names found clean are remembered between runs, by the digest
    of the text read (`memtui.core.caches.readable.ReadableCache`)."""

    def names_clean(self, digest: bytes) -> bool: ...

    def names_found_clean(self, digest: bytes) -> None: ...


def name_findings(entries: list[tuple[str, bool]],
                  known: CleanNames | None = None) -> list[Finding]:
    """The ``secret`` findings of the names of ``entries`` ((relative path, is a folder)),
    each at its entry's path, read `BATCH` names a time (the check's bound on the distinct
    lines of one text); past `MAX_NAMES` names, or where a batch's check stopped, one
    ``unchecked_text`` error at the first name not read. ``known``: a batch whose text was
    found clean before (no credential, nothing past the check's bound; known by the digest
    of its entries, from which its text is made) is not read again,
    and one found clean now is remembered there (a warm audit of 50,000 names: issue 35)."""
    out: list[Finding] = []
    for at in range(0, min(len(entries), MAX_NAMES), BATCH):
        batch = entries[at:min(at + BATCH, MAX_NAMES)]
        digest = b""
        if known is not None:  # (the text read is made from the entries alone: their
            # digest, each path then ``/`` for a folder, NUL between, names it)
            digest = hashlib.blake2b("\0".join([rel + "/" if is_dir else rel for rel, is_dir
                                                 in batch]).encode("utf-8", "surrogatepass"),
                                     digest_size=16).digest()
            if known.names_clean(digest):
                continue
        lines = [_as_read(rel.rsplit("/", 1)[-1], is_dir) for rel, is_dir in batch]
        # (a blank line between names: one name's label never pairs with the next name as
        # its value, ``base-passwd`` then ``libbrotli1``; each name is a text of its own)
        hits, cut = scan_text_bounded("\n\n".join(lines))
        if known is not None and not hits and cut is None:
            known.names_found_clean(digest)
        for hit in hits:
            if hit.line % 2 and 1 <= hit.line <= 2 * len(batch):
                rel, is_dir = batch[hit.line // 2]
                kind = hit.kind.replace(", written as a file or folder name", "")
                where = "folder" if is_dir else "file"
                out.append(finding("secret", rel, None,
                                   f"{kind} ({hit.redacted}) in the {where}'s name{NAMED}"))
        if cut is not None and 1 <= cut <= 2 * len(batch):
            out.append(unchecked(batch[(cut - 1) // 2][0], None, "its name and those listed after "
                                 "it were past the credential check's bound on names"))
            return out
    if len(entries) > MAX_NAMES:
        out.append(unchecked(entries[MAX_NAMES][0], None, (
            f"its name and those of {len(entries) - MAX_NAMES - 1:,} more files or folders "
            f"were past the {MAX_NAMES:,} names the audit reads for credentials")))
    return out


def _as_read(name: str, is_dir: bool) -> str:
    """The line ``name`` is read as: a folder's with its ``/``, a file's without its
    extension (unless nothing else is left: ``.env``)."""
    if is_dir:
        return name + "/"
    stem = _EXTENSION.sub("", name)
    return stem if stem.strip(".") else name


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
