"""newuser40 #23: Codex's rollout summaries are its own output (memtui will not index
them): named nowhere, they are ``info`` orphans, never warnings that fail
``--fail-on warning`` (real files, the real CLI)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_cli_audit import memtui


def test_unnamed_rollout_summaries_are_info(tmp_path: Path) -> None:
    mem = tmp_path / ".codex" / "memories"
    (mem / "rollout_summaries").mkdir(parents=True)
    (mem / "memory_summary.md").write_text("# Summary\n\n- Ship on Fridays.\n",
                                           encoding="utf-8")
    (mem / "MEMORY.md").write_text("# Memory\n\n- See rollout_summaries/2026-11-02-auth.md\n",
                                   encoding="utf-8")
    for name in ("2026-11-02-auth", "2026-11-18-metricas", "2026-11-19-astreinte"):
        (mem / "rollout_summaries" / f"{name}.md").write_text(
            f"# {name}\n\nWhat the thread did.\n", encoding="utf-8")
    (mem / "loose-note.md").write_text("# Loose\n\nA note of mine.\n", encoding="utf-8")
    proc = memtui("audit", str(mem), "--json", "--fail-on", "warning")
    doc = json.loads(proc.stdout)
    orphans = {f["path"]: f["severity"] for f in doc["findings"] if f["kind"] == "orphan"}
    assert orphans == {"rollout_summaries/2026-11-18-metricas.md": "info",
                       "rollout_summaries/2026-11-19-astreinte.md": "info",
                       "loose-note.md": "warning"}, orphans
    # (the loose note, the user's own, still fails the gate; the summaries alone do not)
    (mem / "loose-note.md").unlink()
    assert memtui("audit", str(mem), "--fail-on", "warning").returncode == 0
