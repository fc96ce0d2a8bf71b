"""A credential in a file that is no memory of the audited workspace but a memory of a
workspace of its own below it (Gemini CLI's ``~/.gemini/tmp/<project>/memory`` under
``~/.gemini``), said as such, with the command that redacts it there (newuser36 #18: "no
memory … fix redact edits memories only" was said of a project's memory, which ``memtui fix
redact`` on that folder does edit); and one in a markdown file ``fix redact`` edits here (an
archived memory), with that command (newuser37 #39)."""

from __future__ import annotations

import os
import shlex

from memtui.core.checks.findings import Finding, finding
from memtui.core.reporting.safe_output import printable
from memtui.core.workspace import INDEX_NAME


def said_there(f: Finding, root: os.PathLike[str] | str, ending: str,
               own: dict[str, bool]) -> Finding:
    """``f`` (whose message ends with ``ending``) said of the workspace below ``root`` whose
    memory it is: the nearest folder above it holding a MEMORY.md. ``own`` memoises the
    folders looked at; ``f`` as it is when there is none."""
    parts = f.path.split("/")[:-1]
    for depth in range(len(parts), 0, -1):
        folder = "/".join(parts[:depth])
        if folder not in own:
            own[folder] = os.path.isfile(os.path.join(root, folder, INDEX_NAME))
        if own[folder]:
            rest = f.path[len(folder) + 1:]
            where = shlex.quote(printable(os.path.join(root, folder)))
            said = (f": a memory of {folder}/, a workspace of its own below this one: redact "
                    f"it there (memtui fix redact {where} {shlex.quote(printable(rest))}) "
                    "and rotate it")
            return finding(f.kind, f.path, f.line, f.message[:-len(ending)] + said,
                           f.severity)
    return f


def redactable(f: Finding, root: os.PathLike[str] | str, ending: str) -> Finding:
    """``f`` (whose message ends with ``ending``, "remove the value by hand (fix redact edits
    memories only)") with the command that removes the value when ``fix redact`` edits its
    file: a markdown file in an archive folder, an archived memory (newuser37 #39: said of
    ``_archive/x.md``, which ``fix redact`` redacts, and journals)."""
    from memtui.core.workspace import in_archive

    if not f.message.endswith(ending) or not f.path.endswith(".md") or not in_archive(f.path):
        return f  # (a hidden file or a README is no memory `fix redact` takes)
    said = (": no memory, but the agent opens it with its file tools; remove the value "
            f"(memtui fix redact {shlex.quote(printable(os.fspath(root)))} "
            f"{shlex.quote(printable(f.path))}) and rotate it")
    return finding(f.kind, f.path, f.line, f.message[:-len(ending)] + said, f.severity)
