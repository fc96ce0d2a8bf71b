"""newuser42 #21: under the codex profile a broken link in MEMORY.md (a missing skill, a
missing rollout) was an error, so the default gate (``--fail-on error``) failed on files
Codex writes and rewrites itself, where memtui offers no fix (``remove-link`` is refused
under codex) and the only way out was a baseline. It is a warning now, as its rollout
orphans are info (newuser40 #23). The CLI as a child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _audit(ws: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), *args],
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1"})


def codex_home(tmp: Path) -> Path:
    ws = tmp / "bot" / ".codex" / "memories"
    (ws / "rollout_summaries").mkdir(parents=True)
    (ws / "rollout_summaries" / "2026-11-02T10-00-00-billing.md").write_text(
        "# billing\nMoved the tax code.\n", encoding="utf-8")
    (ws / "memory_summary.md").write_text("# Summary\nBilling lives in src/billing.\n",
                                          encoding="utf-8")
    (ws / "MEMORY.md").write_text(
        "# Memory\n- [billing](rollout_summaries/2026-11-02T10-00-00-billing.md)\n"
        "- [rollback](skills/rollback/SKILL.md)\n", encoding="utf-8")
    return ws


def test_a_broken_link_in_codexs_own_files_is_a_warning(tmp_path: Path) -> None:
    ws = codex_home(tmp_path)
    out = _audit(ws, "--json", "--fail-on", "never")
    report = json.loads(out.stdout)
    assert report["profile"] == "codex"
    broken = [f for f in report["findings"] if f["kind"] == "broken_link"]
    assert broken and {f["severity"] for f in broken} == {"warning"}, broken
    assert "skills/rollback/SKILL.md" in broken[0]["message"]
    assert _audit(ws).returncode == 0  # the default gate: errors only
    assert _audit(ws, "--fail-on", "warning").returncode == 1  # still seen, still gateable


def test_a_broken_link_elsewhere_is_still_an_error(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [gone](memory/gone.md) — x\n", encoding="utf-8")
    out = _audit(ws, "--json", "--fail-on", "never")
    broken = [f for f in json.loads(out.stdout)["findings"] if f["kind"] == "broken_link"]
    assert [f["severity"] for f in broken] == ["error"]
