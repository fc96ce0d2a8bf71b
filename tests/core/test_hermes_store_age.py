"""newuser30 #6: in a Hermes store MEMORY.md is a store of entries like USER.md, not an
index (AGENT_LAYOUTS.md), yet only USER.md was given an age: the stale finding named it
alone though MEMORY.md was as old, and the summary said "Memory files 1 (unknown 1)"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

OLD = time.time() - 211 * 86400


def _store(root: Path) -> Path:
    mem = root / "memories"
    mem.mkdir()
    (mem / "MEMORY.md").write_text("Build uses pnpm.\n§\nCI runs on node 20.\n",
                                   encoding="utf-8")
    (mem / "USER.md").write_text("Likes terse answers.\n§\nWorks in UTC.\n", encoding="utf-8")
    for name in ("MEMORY.md", "USER.md"):
        os.utime(mem / name, (OLD, OLD))
    return mem


def _audit(mem: Path, *flags: str) -> str:
    run = subprocess.run([sys.executable, "-m", "memtui", "audit", str(mem), *flags],
                         capture_output=True, text=True, check=False)
    assert run.returncode in (0, 1), run.stderr
    return run.stdout


def test_memory_md_of_a_hermes_store_is_as_stale_as_user_md(tmp_path: Path) -> None:
    mem = _store(tmp_path)
    report = json.loads(_audit(mem, "--json"))
    stale = [f for f in report["findings"] if f["kind"] == "stale"]
    assert len(stale) == 1
    assert stale[0]["files"] == ["MEMORY.md", "USER.md"]
    assert "2 memories older than 90 days" in stale[0]["message"]
    text = _audit(mem)
    assert "Memory files          2 (no types: Hermes memories have none)" in text
    assert "unknown 1" not in text


def test_a_fresh_memory_md_is_not_stale(tmp_path: Path) -> None:
    mem = _store(tmp_path)
    os.utime(mem / "MEMORY.md")  # edited now
    stale = [f for f in json.loads(_audit(mem, "--json"))["findings"] if f["kind"] == "stale"]
    assert [f["files"] for f in stale] == [["USER.md"]]
