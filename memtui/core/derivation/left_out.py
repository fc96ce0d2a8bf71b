"""Why the audit leaves a file an index links out of its memories (newuser25 #28).

An index entry into ``memory/archive/`` (an archive folder, excluded by default) or into a
folder the configuration's ``exclude`` names leads to a file that is there, so it is no
broken link; but the audit reads it as no memory, so without a word the index looked clean
while the agent, which loads the entry, opens an unaudited file.
"""

from __future__ import annotations

from collections.abc import Callable

from memtui.core.config import excluder
from memtui.core.results import AuditOptions
from memtui.core.workspace import in_archive, is_archive


def left_out(options: AuditOptions) -> Callable[[str], str | None]:
    """A function: why a workspace-relative ``.md`` path is left out of the memories, as
    ``leads …`` goes on (``into the archive folder …``, ``to a file the configuration leaves
    out …``), None when it is not."""
    excluded = excluder(options.exclude)
    patterns = [p for p in options.exclude if p.strip()]

    def why(rel: str) -> str | None:
        if not rel.lower().endswith(".md"):
            return None
        if not options.include_archives and in_archive(rel):
            parts = rel.split("/")[:-1]
            folder = "/".join(parts[:next(i for i, p in enumerate(parts) if is_archive(p)) + 1])
            return (f"into the archive folder {folder}/, which the audit leaves out by "
                    "default (include-archives = true audits it)")
        if excluded(rel):
            pattern = next(p for p in patterns if excluder((p,))(rel))
            return f"to a file the configuration leaves out (exclude = [\"{pattern}\"])"
        return None
    return why
