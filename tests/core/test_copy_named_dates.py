"""newuser27 #26: in an extracted OpenClaw folder the one file dated only by mtime among
daily notes dated by name is of unknown age (the notes witness the extraction's moment,
docs/formats.md), and the finding says so in the singular ("1 memory share … have")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _audit(ws: Path) -> dict[str, object]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    got = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), "--json"],
                         env=env, capture_output=True, text=True, timeout=120, check=False)
    assert got.returncode in (0, 1), got.stderr
    data: dict[str, object] = json.loads(got.stdout)
    return data


def test_one_file_of_an_extraction_is_named_in_the_singular(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "SOUL.md").write_text("# Soul\n", encoding="utf-8")
    (tmp_path / "MEMORY.md").write_text("# Memory\n\nLearnings: memory/learnings.md\n",
                                        encoding="utf-8")
    for day in range(1, 21):
        (tmp_path / "memory" / f"2025-02-{day:02d}.md").write_text(f"# day {day}\n",
                                                                   encoding="utf-8")
    (tmp_path / "memory" / "learnings.md").write_text("# learnings\n", encoding="utf-8")
    then = time.time() - 200 * 86400  # one moment, as an extraction leaves it
    for path in (tmp_path / "memory").iterdir():
        os.utime(path, (then, then))
    data = _audit(tmp_path)
    files = {f["path"]: f for f in data["files"]}  # type: ignore[attr-defined]
    assert files["memory/learnings.md"]["age_source"] == "unknown"
    assert files["memory/2025-02-01.md"]["age_source"] == "name"
    stale = [f["message"] for f in data["findings"]  # type: ignore[attr-defined]
             if f["kind"] == "unknown_age"]
    assert stale == ["1 memory shares the one modification time of a copy or an extraction "
                     "and has no git history or frontmatter date, so its age is unknown "
                     "(age source 'unknown'; no stale claims)"]
