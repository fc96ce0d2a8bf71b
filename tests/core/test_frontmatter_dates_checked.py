"""newuser27 #19: a frontmatter date in the future is not the memory's age (it would keep the
memory from ever being stale) and says so; a date no calendar holds is named by its key and
value, not reported as "unreadable frontmatter" while every other field was read."""

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


def _memory(ws: Path, name: str, date_line: str) -> None:
    (ws / "memory" / f"{name}.md").write_text(
        f"---\nname: {name}\ndescription: about {name}\ntype: project\n{date_line}\n---\n"
        f"body of {name}\n", encoding="utf-8")


def test_future_and_impossible_dates_are_named_and_not_taken(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    _memory(tmp_path, "f", "updated: 2999-01-01")
    _memory(tmp_path, "g", "updated: 2026-13-45")
    _memory(tmp_path, "h", "modified: 1700000000")
    (tmp_path / "MEMORY.md").write_text(
        "# M\n\n- [f](memory/f.md) — f\n- [g](memory/g.md) — g\n- [h](memory/h.md) — h\n",
        encoding="utf-8")
    then = time.time() - 400 * 86400
    os.utime(tmp_path / "memory" / "f.md", (then, then))
    data = _audit(tmp_path)
    files = {f["path"]: f for f in data["files"]}  # type: ignore[attr-defined]
    assert (files["memory/f.md"]["age_source"], files["memory/f.md"]["age_days"]) == \
        ("mtime", 400)
    assert files["memory/g.md"]["age_source"] == "mtime"
    assert files["memory/h.md"]["age_source"] == "frontmatter"
    said = {(f["path"], f["line"]): f["message"]
            for f in data["findings"] if f["kind"] == "frontmatter"}  # type: ignore[attr-defined]
    assert said[("memory/f.md", None)] == (
        "frontmatter date 2999-01-01 lies in the future: not taken as the memory's age "
        "(dated by mtime)")
    assert said[("memory/g.md", 5)].startswith(
        "updated: 2026-13-45 is not a date (month must be in 1..12)")
    assert not any("unreadable" in m for m in said.values())
    stale = [f for f in data["findings"] if f["kind"] == "stale"]  # type: ignore[attr-defined]
    assert "memory/f.md" in stale[0]["files"]
