"""A fleet row is its workspace's audit (newuser36 #13, #14).

#13: a ``--discover`` row took the workspace's own ``.memtui.toml`` ``exclude`` but not its
``bootstrap-max-chars``, so the row's block (4,844 tokens) matched neither the workspace's
audit (7,429) nor the operator's. #14: OpenClaw daily notes left out by ``exclude`` were
judged as item memories — ten "suppressed" frontmatter findings that OpenClaw's audit never
makes (its notes are free markdown). Real folders, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def _openclaw(home: Path) -> Path:
    ws = home / ".openclaw" / "workspace"
    (ws / "memory").mkdir(parents=True)
    (ws / "AGENTS.md").write_text("# Agents\n\n" + "".join(
        f"- Rule {i}: answer the operator in short sentences and cite the runbook page.\n"
        for i in range(400)), encoding="utf-8")  # ~30,000 characters: past the 20,000 cap
    (ws / "SOUL.md").write_text("# Soul\n\nCalm and precise.\n", encoding="utf-8")
    (ws / "MEMORY.md").write_text("# Memory\n\n- The deploy window is Tuesday.\n",
                                  encoding="utf-8")
    for day in range(1, 21):
        (ws / "memory" / f"2026-11-{day:02d}.md").write_text(
            f"# 2026-11-{day:02d}\n\n- Checked the backups on host {day}.\n", encoding="utf-8")
    (ws / ".memtui.toml").write_text(
        'exclude = ["memory/2026-11-1*.md"]\nbootstrap-max-chars = 50000\n', encoding="utf-8")
    return ws


def _memtui(*args: str, home: Path) -> dict:  # type: ignore[type-arg]
    proc = subprocess.run([sys.executable, "-m", "memtui", *args, "--json"], capture_output=True,
                          text=True, env={"HOME": str(home), "PATH": "/usr/bin:/bin"},
                          timeout=300)
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def test_a_row_counts_the_block_its_workspace_audit_counts(tmp_path: Path) -> None:
    home = tmp_path / "home"
    ws = _openclaw(home)
    alone = _memtui("audit", str(ws), home=home)
    assert alone["profile"] == "openclaw"
    row = next(r for r in _memtui("audit", str(home), "--discover", home=home)["workspaces"]
               if r["path"] == str(ws))
    assert row["memory_files"] == alone["memory_files"]
    assert row["block_tokens"] == alone["injected_block"]["tokens"][row["tokenizer"]]


def test_excluded_openclaw_notes_suppress_only_what_openclaw_reports(tmp_path: Path) -> None:
    home = tmp_path / "home"
    report = _memtui("audit", str(_openclaw(home)), home=home)
    assert report["profile"] == "openclaw"
    assert report["suppressed"]["exclude"] == 0
    assert not [s for s in report["suppressed_findings"] if s["kind"] == "frontmatter"]
