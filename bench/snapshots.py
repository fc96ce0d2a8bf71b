"""Folders extracted from the ``fetch`` snapshots of public repositories (``/work/.mirror``),
for the real-folder benches (``bench/realfolders.py``, ``bench/agentfolders.py``).

Each folder is ``git archive COMMIT -- PATHSPEC… | tar -x`` of one repository's snapshot
(``MIRROR/OWNER+REPO/repo``, a git directory) into ``DEST/NAME``; ``DEST/README.txt`` lists
what was extracted from where. The folders' text stays out of this repository.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

MIRROR = Path("/work/.mirror")
TIMEOUT = 900


@dataclass(frozen=True)
class Folder:
    """One folder to extract: ``repo`` at ``commit``, the ``specs`` pathspecs, into
    ``DEST/name``; ``inner`` is the memory folder within it (its files are counted), ``row``
    its line in ``README.txt``."""

    name: str
    repo: str
    commit: str
    specs: tuple[str, ...]
    inner: str
    row: str


def extract(folder: Folder, dest: Path, mirror: Path) -> str | None:
    """Extract ``folder`` into ``dest / folder.name``; None, or why it could not be."""
    git_dir = mirror / folder.repo.replace("/", "+", 1) / "repo"
    if not git_dir.is_dir():
        return f"no snapshot of {folder.repo} at {git_dir} (fetch it first)"
    target = dest / folder.name
    target.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(
        ["git", f"--git-dir={git_dir}", "archive", folder.commit, "--", *folder.specs],
        capture_output=True, check=False, timeout=TIMEOUT)
    if archive.returncode != 0:
        return (f"git archive failed for {folder.repo}: "
                f"{archive.stderr.decode(errors='replace').strip()[:200]}")
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True,
                   timeout=TIMEOUT)
    return None


def rebuild(dest: Path, mirror: Path, folders: list[Folder], header: list[str],
            prog: str) -> int:
    """Extract every folder, print each one's file count, write ``DEST/README.txt`` (``header``
    then one row per folder extracted); 2 when any could not be, else 0."""
    dest.mkdir(parents=True, exist_ok=True)
    lines = list(header)
    failed = 0
    for folder in folders:
        problem = extract(folder, dest, mirror)
        if problem is not None:
            print(f"{prog}: {problem}", file=sys.stderr)
            failed += 1
            continue
        files = sum(1 for p in (dest / folder.name / folder.inner).rglob("*") if p.is_file())
        print(f"{folder.name}: {files} files")
        lines.append(folder.row)
    (dest / "README.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 2 if failed else 0
