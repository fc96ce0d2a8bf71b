"""newuser25 #23: putting an old memory folder under git (``git init``, ``git commit``, as
the Trend view advises) made every memory without a frontmatter date 0 days old — the
import commit outranked the files' mtimes, 400 days older — and hid every stale memory. A
file last written before the commit that dates it is dated by its mtime."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

from memtui.core.audit import audit
from memtui.demo import copy_demo

DAY = 86400


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t",
                    "-c", "commit.gpgsign=false", *args], check=True, capture_output=True)


def test_an_import_commit_does_not_make_old_memories_new(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    copy_demo(ws)
    old = ws / "memory" / "legacy-export.md"
    before = {r.path: (r.age_days, r.age_source) for r in audit(ws).files}
    assert before[old.relative_to(ws).as_posix()][1] == "mtime"
    _git(ws, "init", "-q")
    _git(ws, "add", "-A")
    _git(ws, "commit", "-qm", "import")
    after = {r.path: (r.age_days, r.age_source) for r in audit(ws).files}
    assert after == before  # each file's text is as old as its mtime says
    # A file written after the commit (an edit not committed yet) keeps the commit's date
    # as before, and one committed after its last write is dated by that write.
    now = time.time()
    os.utime(old, (now - 3 * DAY, now - 3 * DAY))
    assert {r.path: r.age_source for r in audit(ws).files}["memory/legacy-export.md"] == "mtime"
    os.utime(old, (now + 60, now + 60))
    rows = {r.path: (r.age_days, r.age_source) for r in audit(ws).files}
    assert rows["memory/legacy-export.md"] == (0, "git")
