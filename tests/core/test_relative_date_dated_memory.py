"""newuser27 #20: "this week" in a memory whose file name, ``name`` or heading above the
line holds an absolute date is dated: no relative_date finding. Elsewhere it still is."""

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


def test_a_dated_memory_dates_its_relative_words(tmp_path: Path) -> None:
    mem = tmp_path / "memory"
    mem.mkdir()
    files = {
        # the file name dates it
        "project_maddie_2026-03-24.md": FM.format("maddie") + "Call this week.\n",
        # the name dates it
        "project_session.md": FM.format("Session 2026-03-15 through 2026-03-19")
        + "Shipped this week.\n",
        # the heading above the line dates it; the line under an undated heading does not
        "project_state.md": FM.format("state") + "## State (as of 2026-03-19)\n\n"
        "Done this week.\n\n## Plans\n\nShip next week.\n",
        # nothing dates it
        "project_plain.md": FM.format("plain") + "Deploy next week.\n",
    }
    for name, text in files.items():
        (mem / name).write_text(text, encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text(
        "".join(f"- [{n}](memory/{n}) — x\n" for n in files), encoding="utf-8")
    assert _relative(tmp_path) == [("memory/project_plain.md", 6),
                                   ("memory/project_state.md", 12)]
