"""newuser40 #18: OpenClaw follows no link between files (retrieval by search): a
``[[missing-note]]`` in its daily notes is inert text, no dangling wikilink in the report
or the header's count (real files, the real CLI)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_cli_audit import memtui


def test_a_wikilink_in_an_openclaw_note_is_inert(tmp_path: Path) -> None:
    ws = tmp_path / ".openclaw" / "workspace"
    (ws / "memory").mkdir(parents=True)
    (ws / "SOUL.md").write_text("# Soul\n\nBe brief.\n", encoding="utf-8")
    (ws / "AGENTS.md").write_text("# Agents\n\nRead today's note.\n", encoding="utf-8")
    (ws / "MEMORY.md").write_text("# Memory\n\n- The deploy window is Tuesday.\n",
                                  encoding="utf-8")
    for day in range(1, 4):
        (ws / "memory" / f"2026-11-0{day}.md").write_text(
            f"# 2026-11-0{day}\n\nTalked about the release; see [[missing-note]].\n",
            encoding="utf-8")
    proc = memtui("audit", str(ws), "--json")
    doc = json.loads(proc.stdout)
    assert doc["profile"] == "openclaw", doc["profile"]
    assert doc["wikilinks"]["total"] == 0 and not doc["wikilinks"]["dangling"]
    assert not [f for f in doc["findings"] if f["kind"].endswith("_wikilink")]
