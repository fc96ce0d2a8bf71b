"""newuser34 #2: a credential in an OpenClaw daily note, or in a Codex rollout summary, was
worded "memories are replayed into every later turn", as the one in TOOLS.md (truly in
every turn) was: OpenClaw injects no daily note (memory_search finds it) and Codex loads
no rollout summary (opened on demand). The wording now follows what the profile loads.
Real folders, the real command."""

from __future__ import annotations

import json
from pathlib import Path

from tests.edit.conftest import cli

PASSWORD = "the DB password is hunter2-Prod!77\n"
AWS = "aws_secret_access_key = q8Zt1Lm4Xc7Vb0Nn3Kp6Rt9Yw2Hs5Jd8Fg1EaQRt\n"


def _secrets(folder: Path) -> dict[str, str]:
    report = json.loads(cli("audit", folder, "--json").stdout)
    return {f["path"]: f["message"] for f in report["findings"] if f["kind"] == "secret"}


def test_openclaw_daily_note_credential_is_searched_not_injected(tmp_path: Path) -> None:
    ws = tmp_path / ".openclaw" / "workspace"
    (ws / "memory").mkdir(parents=True)
    (ws / "SOUL.md").write_text("# Soul\nCalm.\n", encoding="utf-8")
    (ws / "MEMORY.md").write_text("# Memory\n- fact\n", encoding="utf-8")
    (ws / "TOOLS.md").write_text("# Tools\n" + AWS, encoding="utf-8")
    (ws / "memory/2026-11-05.md").write_text("# Notes\n" + PASSWORD, encoding="utf-8")
    said = _secrets(ws)
    assert "every later turn" not in said["memory/2026-11-05.md"]
    assert "memory_search finds it" in said["memory/2026-11-05.md"]
    assert "loads this file into every turn" in said["TOOLS.md"]


def test_codex_rollout_summary_credential_is_read_on_demand(tmp_path: Path) -> None:
    ws = tmp_path / ".codex" / "memories"
    (ws / "rollout_summaries").mkdir(parents=True)
    (ws / "memory_summary.md").write_text("# Summary\n- see rollout_summaries/t1.md\n",
                                          encoding="utf-8")
    (ws / "rollout_summaries/t1.md").write_text("# Thread\n" + AWS, encoding="utf-8")
    said = _secrets(ws)
    assert "every later turn" not in said["rollout_summaries/t1.md"]
    assert "on demand" in said["rollout_summaries/t1.md"]
