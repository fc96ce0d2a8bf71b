"""bench/agentfolders.py on a real git repository: rebuild extracts an OpenClaw workspace's
top-level files and notes only; audit names the profile and finds the block equal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@localhost"]


def _bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bench.agentfolders", *args], cwd=ROOT,
                          capture_output=True, text=True, check=False, timeout=300)


def test_rebuild_then_audit_an_openclaw_workspace(tmp_path: Path) -> None:
    work = tmp_path / "work"
    files = {"AGENTS.md": "# Agents\n\nBe brief.\n", "SOUL.md": "# Soul\n\nCalm.\n",
             "MEMORY.md": "# Memory\n\n- the NAS backs up at 02:00\n",
             "memory/2026-03-01.md": "# 2026-03-01\n\n- moved the backup\n",
             "src/app/README.md": "not part of the workspace extract\n"}
    for rel, body in files.items():
        (work / rel).parent.mkdir(parents=True, exist_ok=True)
        (work / rel).write_text(body, encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    subprocess.run([*GIT, "-C", str(work), "add", "."], check=True)
    subprocess.run([*GIT, "-C", str(work), "commit", "-qm", "ws"], check=True)
    commit = subprocess.run(["git", "-C", str(work), "rev-parse", "HEAD"], check=True,
                            capture_output=True, text=True).stdout.strip()
    mirror = tmp_path / "mirror"
    subprocess.run(["git", "clone", "-q", "--bare", str(work),
                    str(mirror / "someone+claw" / "repo")], check=True)
    sources = tmp_path / "sources.json"
    sources.write_text(json.dumps([{"repo": "someone/claw", "commit": commit, "path": ".",
                                    "profile": "openclaw",
                                    "include": [":(glob)*.md", "memory"]}]), encoding="utf-8")
    dest = tmp_path / "dest"
    out = _bench("rebuild", str(dest), "--mirror", str(mirror), "--sources", str(sources))
    assert out.returncode == 0, out.stderr
    ws = dest / "someone__claw__openclaw__root"
    assert sorted(p.relative_to(ws).as_posix() for p in ws.rglob("*") if p.is_file()) == [
        "AGENTS.md", "MEMORY.md", "SOUL.md", "memory/2026-03-01.md"]
    out = _bench("audit", str(dest), "--sources", str(sources))
    assert out.returncode == 0, out.stdout + out.stderr
    row = next(line for line in out.stdout.splitlines() if "someone__claw" in line)
    assert "| openclaw | openclaw |" in row and "| equal |" in row


def test_missing_snapshot_is_one_line_and_exit_2(tmp_path: Path) -> None:
    sources = tmp_path / "sources.json"
    sources.write_text(json.dumps([{"repo": "nobody/none", "commit": "0" * 40, "path": "m",
                                    "profile": "hermes"}]), encoding="utf-8")
    out = _bench("rebuild", str(tmp_path / "d"), "--mirror", str(tmp_path / "no"),
                 "--sources", str(sources))
    assert out.returncode == 2
    assert "no snapshot of nobody/none" in out.stderr
