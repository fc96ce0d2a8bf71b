"""newuser26 #9: an extracted folder's memories share one mtime, so their age is unknown;
editing two of them afterwards must not make the other twelve, still sharing that one mtime,
"older than 90 days … by mtime". The judgement holds for the group that shares the moment
(at least 10 files and most of those dated only by mtime); the edited ones have their age."""

from __future__ import annotations

import os
from pathlib import Path

from tests.core.helpers import DAY, NOW, make_ws, memory, run_audit

NAMES = [f"m{i:02}" for i in range(14)]


def _extracted(tmp: Path) -> Path:
    files = {"MEMORY.md": "".join(f"- [{n}](memory/{n}.md) — about {n}\n" for n in NAMES),
             **{f"memory/{n}.md": memory(n, f"Body of {n}.") for n in NAMES}}
    return make_ws(tmp / "w", files, days_ago=232)  # one extraction's time for every file


def test_editing_two_files_keeps_the_others_of_unknown_age(tmp_path: Path) -> None:
    ws = _extracted(tmp_path)
    before = [f for f in run_audit(ws).findings if f.kind == "unknown_age"]
    assert len(before) == 1 and before[0].message.startswith(
        "14 memories share one modification time")
    for n in ("m03", "m07"):  # edited today
        (ws / f"memory/{n}.md").write_text(memory(n, "Edited."), encoding="utf-8")
        os.utime(ws / f"memory/{n}.md", (NOW, NOW))
    result = run_audit(ws)
    stale = [f for f in result.findings if f.kind == "unknown_age"]
    assert [f.message.split(":")[0] for f in stale] == [
        "12 memories share one modification time and have no git history or frontmatter "
        "date"]
    assert set(stale[0].files) == {f"memory/{n}.md" for n in NAMES} - {
        "memory/m03.md", "memory/m07.md"}
    ages = {r.path: (r.age_source, r.age_days) for r in result.files}
    assert ages["memory/m03.md"] == ("mtime", 0)
    assert ages["memory/m00.md"][0] == "unknown"


def test_a_few_files_sharing_a_moment_among_many_keep_their_age(tmp_path: Path) -> None:
    """Not most of the folder: 10 of 24 files written in one moment are not a copy."""
    ws = _extracted(tmp_path)
    for i, n in enumerate(NAMES[:14]):  # 14 of 24 spread over days, 10 sharing one moment
        when = NOW - (100 + i) * DAY
        os.utime(ws / f"memory/{n}.md", (when, when))
    extra = {f"memory/x{i}.md": memory(f"x{i}", "Body.") for i in range(10)}
    make_ws(ws, extra, days_ago=150)
    stale = [f for f in run_audit(ws).findings if f.kind == "stale"]
    assert len(stale) == 1 and "older than 90 days" in stale[0].message
    assert "24 by mtime" in stale[0].message
