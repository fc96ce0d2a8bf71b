"""newuser33 #31: OpenClaw's "all bootstrap files 418 of 150,000" stood beside files adding
up to 83; the rest is the ``[MISSING] Expected at: …`` line OpenClaw injects for each absent
bootstrap file. The row (and the JSON load) now says what the total holds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def audit(folder: Path, *more: str) -> str:
    proc = subprocess.run([sys.executable, "-m", "memtui", "audit", str(folder), *more],
                          capture_output=True, text=True, check=False, cwd=ROOT,
                          env={"COLUMNS": "400", "PATH": "/usr/bin:/bin",
                               "HOME": "/nonexistent"})
    assert proc.returncode in (0, 1), proc.stderr
    return proc.stdout


def test_the_total_says_what_the_missing_markers_add(tmp_path: Path) -> None:
    ws = tmp_path / ".openclaw" / "workspace"
    (ws / "memory").mkdir(parents=True)
    (ws / "AGENTS.md").write_text("# Agents", encoding="utf-8")
    (ws / "SOUL.md").write_text("# Soul", encoding="utf-8")
    (ws / "memory.md").write_text("- Deploys run on Fridays.\n- Ann prefers short answers "
                                  "to long ones.\n", encoding="utf-8")
    (ws / "memory" / "2026-12-01.md").write_text("# 2026-12-01\nMet Ann.\n", encoding="utf-8")
    loads = json.loads(audit(ws, "--json"))["injected_block"]["loads"]
    total = loads[-1]
    files = sum(ld["used"] for ld in loads[:-1])
    assert total["what"] == "all bootstrap files" and total["used"] > files
    marks = total["used"] - files
    assert total["holds"] == (
        f"{files:,} in the files above, {marks:,} in 5 [MISSING] markers OpenClaw injects "
        "for the absent TOOLS.md, IDENTITY.md, USER.md, HEARTBEAT.md, BOOTSTRAP.md")
    row = " ".join(audit(ws).split())
    assert (f"all bootstrap files {total['used']:,} of 150,000 characters (0%: "
            f"{files:,} in the files above, {marks:,} in 5 [MISSING] markers") in row


def test_no_word_of_markers_when_every_file_is_there(tmp_path: Path) -> None:
    ws = tmp_path / ".openclaw" / "workspace"
    (ws / "memory").mkdir(parents=True)
    for name in ("AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md",
                 "HEARTBEAT.md", "BOOTSTRAP.md", "MEMORY.md"):
        (ws / name).write_text(f"# {name}\n", encoding="utf-8")
    loads = json.loads(audit(ws, "--json"))["injected_block"]["loads"]
    assert "holds" not in loads[-1]
    assert "[MISSING]" not in audit(ws)
