"""A relative date in a note whose day is unknown says only what is true (fix38a's
relative_date on OpenClaw notes, newuser38's review): a note dated by its frontmatter is
dated as one dated by its name (its "yesterday" is the day before that one: no finding,
under every profile); a note nothing dates says that neither a reader nor memtui knows the
day meant, nor whether it has passed. Real files in a temp dir, the CLI in a child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def dates(ws: Path) -> dict[str, str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), "--json"],
                          capture_output=True, text=True, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return {f"{f['path']}:{f['line']}": f["message"] for f in json.loads(done.stdout)["findings"]
            if f["kind"] == "relative_date"}


def test_openclaw_notes_dated_or_not(tmp_path: Path) -> None:
    ws = tmp_path / ".openclaw" / "workspace"
    (ws / "memory").mkdir(parents=True)
    (ws / "SOUL.md").write_text("# Soul\nCalm.\n")
    (ws / "MEMORY.md").write_text("# Memory\n- The deploy window is Tuesday.\n")
    (ws / "memory" / "2026-11-03.md").write_text("# Day\nYesterday the staging run failed.\n")
    (ws / "memory" / "retro.md").write_text(
        "---\ndate: 2026-11-01\n---\n# Retro\nYesterday the staging run failed.\n")
    (ws / "memory" / "release.md").write_text("# Release\nWe ship the build next week.\n")
    found = dates(ws)
    assert set(found) == {"memory/release.md:2"}, found
    assert found["memory/release.md:2"] == (
        "\u201cnext week\u201d is a relative date with no absolute one beside it, in a note "
        "nothing dates (no day in its name, no date in its frontmatter): the day it meant is "
        "unknown, to a reader and to memtui, which cannot tell whether it has passed; write "
        "that day, or name the note by its day (memory/YYYY-MM-DD.md)")


def test_a_claude_code_memory_dated_by_its_frontmatter(tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_text("- [Retro](retro.md) — the retro\n")
    (tmp_path / "retro.md").write_text(
        "---\nname: retro\ndescription: the retro\ntype: project\ndate: 2026-11-01\n---\n"
        "Yesterday the staging run failed.\n")
    assert dates(tmp_path) == {}
