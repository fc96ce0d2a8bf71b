"""newuser28 #2: a Claude memory's index links to the project's source files (Claude Code
opens them from the project, its working folder) are no broken links when the project is
known, and no memories of the Index row."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INDEX = ("# Project memory\n\n"
         "- The package is [hoaware](hoaware/__init__.py), the API [api](api/main.py).\n"
         "- Legal scripts: [legal](scripts/legal/) and [gone](scripts/gone.py).\n"
         "- Deploy rule: [deploy](deploy.md)\n")


def _project(tmp_path: Path) -> Path:
    project = tmp_path / "hoa"
    for rel in ("hoaware/__init__.py", "api/main.py", "scripts/legal/quality.py"):
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        (project / rel).write_text("x = 1\n", encoding="utf-8")
    memory = project / "claude-memory"
    memory.mkdir()
    (memory / "MEMORY.md").write_text(INDEX, encoding="utf-8")
    (memory / "deploy.md").write_text("---\nname: deploy\ndescription: d\ntype: feedback\n"
                                      "---\nTwo sign-offs.\n", encoding="utf-8")
    return project


def _audit(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "COLUMNS": "200"}
    return subprocess.run([sys.executable, "-m", "memtui", "audit", *args], env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_links_to_the_project_s_files_are_no_broken_links(tmp_path: Path) -> None:
    project = _project(tmp_path)
    got = _audit(str(project / "claude-memory"), "--project", str(project), "--format", "json")
    assert got.returncode == 1, got.stderr  # the one truly missing file stays an error
    findings = json.loads(got.stdout)["findings"]
    broken = [f["message"] for f in findings if f["kind"] == "broken_link"]
    assert broken == ["link to scripts/gone.py: no such file"]
    project_links = sorted(f["message"].split(":")[0] for f in findings
                           if f["kind"] == "outside_link")
    assert project_links == ["link to api/main.py", "link to hoaware/__init__.py",
                             "link to scripts/legal"]


def test_the_project_s_files_are_no_memories_of_the_index(tmp_path: Path) -> None:
    project = _project(tmp_path)
    got = _audit(str(project / "claude-memory"), "--project", str(project))
    index = next(ln for ln in got.stdout.splitlines() if ln.startswith("Index"))
    # the missing scripts/gone.py is a link to no file: a broken one, no memory
    # (newuser33 #26); the project's three files are no memories either
    assert "1 entry (1 memory), 2 packed (0 memories, 1 broken)" in index, index
