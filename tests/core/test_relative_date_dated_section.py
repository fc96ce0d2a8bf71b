"""real29 #1: a relative date in a subsection of a section whose heading holds an absolute
date ("## Old plan (2026-07-12)" → "### Test order" → "today") is dated by that heading: no
relative_date finding. A sibling section of the same level, undated, still is, and so is a
subsection under an undated parent."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FM = "---\nname: {0}\ndescription: d\ntype: project\n---\n"


def _relative(ws: Path) -> list[tuple[str, int]]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    got = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), "--json"],
                         env=env, capture_output=True, text=True, timeout=120, check=False)
    assert got.returncode in (0, 1), got.stderr
    return sorted((f["path"], f["line"]) for f in json.loads(got.stdout)["findings"]
                  if f["kind"] == "relative_date")


def test_a_dated_section_dates_its_subsections(tmp_path: Path) -> None:
    body = (FM.format("plan")
            + "# Hardware plan\n\n"                       # 6
            + "## Old plan (2026-07-12 end of day)\n\n"   # 8
            + "### Prerequisites\n\n"                     # 10
            + "- the arm step worked today\n\n"           # 12: dated by line 8
            + "#### Detail\n\n"                           # 14
            + "- seen today as well\n\n"                  # 16: dated by line 8
            + "### Order\n\n"                             # 18
            + "1. verified today\n\n"                     # 20: dated by line 8
            + "## Next steps\n\n"                         # 22: closes the dated section
            + "- test it tomorrow\n\n"                    # 24: undated
            + "### Later\n\n"                             # 26
            + "- and the day after tomorrow\n")           # 28: undated parent
    (tmp_path / "memory").mkdir()
    (tmp_path / "memory" / "project_plan.md").write_text(body, encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text("- [plan](memory/project_plan.md) — x\n",
                                        encoding="utf-8")
    assert _relative(tmp_path) == [("memory/project_plan.md", 24),
                                   ("memory/project_plan.md", 28)]
