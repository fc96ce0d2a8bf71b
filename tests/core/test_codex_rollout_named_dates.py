"""real31: in an extracted Codex memory folder (every file with one modification time, no
git) the rollout summaries were of "unknown age", though Codex names each one by the start
of the thread it summarises (``%Y-%m-%dT%H-%M-%S-<hash>-<slug>.md``). Their age comes from the
name, they are no part of the extraction's unknown_age count, and, records of one thread
each, they are never called stale."""

from __future__ import annotations

import calendar
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STEM = "2025-03-04T05-06-07-aB3x-fix_login"


def _audit(mem: Path) -> dict[str, object]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    got = subprocess.run([sys.executable, "-m", "memtui", "audit", str(mem), "--json"],
                         env=env, capture_output=True, text=True, timeout=120, check=False)
    assert got.returncode in (0, 1), got.stderr
    data: dict[str, object] = json.loads(got.stdout)
    return data


def test_rollout_summaries_are_dated_by_their_names(tmp_path: Path) -> None:
    mem = tmp_path / "memories"
    (mem / "rollout_summaries").mkdir(parents=True)
    (mem / "memory_summary.md").write_text("# Summary\n- login: see MEMORY.md\n",
                                           encoding="utf-8")
    (mem / "MEMORY.md").write_text(
        f"# Memory\n- login fix: rollout_summaries/{STEM}.md\n"
        "- bad date: rollout_summaries/2025-13-40T99-00-00-zzzz-odd.md\n"
        "- no date: rollout_summaries/notes.md\n", encoding="utf-8")
    for name in (f"{STEM}.md", "2025-13-40T99-00-00-zzzz-odd.md", "notes.md"):
        (mem / "rollout_summaries" / name).write_text("thread_id: x\n\nsummary\n",
                                                      encoding="utf-8")
    then = time.time() - 400 * 86400  # one moment for every file, as an extraction leaves it
    for path in [*mem.iterdir(), *(mem / "rollout_summaries").iterdir()]:
        os.utime(path, (then, then))
    data = _audit(mem)
    assert data["profile"] == "codex"
    files = {f["path"]: f for f in data["files"]}  # type: ignore[attr-defined]
    named = files[f"rollout_summaries/{STEM}.md"]
    assert named["age_source"] == "name"
    started = calendar.timegm((2025, 3, 4, 5, 6, 7, 0, 0, 0))
    assert abs(named["age_days"] - (time.time() - started) / 86400) < 1.5
    # a name that is no date, and a file of another name, are dated otherwise
    assert files["rollout_summaries/2025-13-40T99-00-00-zzzz-odd.md"]["age_source"] != "name"
    assert files["rollout_summaries/notes.md"]["age_source"] != "name"
    unknown = [f for f in data["findings"]  # type: ignore[attr-defined]
               if f["kind"] == "unknown_age"]
    assert all(f"rollout_summaries/{STEM}.md" not in (f.get("files") or []) for f in unknown)
    stale = [f for f in data["findings"] if f["kind"] == "stale"]  # type: ignore[attr-defined]
    assert all(f"rollout_summaries/{STEM}.md" not in (f.get("files") or []) for f in stale)
