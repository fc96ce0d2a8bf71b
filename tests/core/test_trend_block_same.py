"""newuser32 #18: an OpenClaw workspace's injected block was 7,953 tokens in ``audit`` and
7,958 in ``trend`` for the same tree: OpenClaw's ``[MISSING] Expected at: <path>`` line for
an absent bootstrap file named trend's temporary folder. It names the workspace's path."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from memtui.cli import main


def test_the_last_trend_point_counts_the_block_the_audit_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = tmp_path / "a-workspace-path-of-some-length"
    (ws / "memory").mkdir(parents=True)
    for name, text in {"AGENTS.md": "# Agents\nBe kind.\n", "SOUL.md": "# Soul\nCalm.\n",
                       "MEMORY.md": "# Memory\n- fact one\n",
                       "memory/2026-01-01.md": "note\n"}.items():
        (ws / name).write_text(text, encoding="utf-8")
    git = ["git", "-c", "user.email=a@b", "-c", "user.name=a", "-C", str(ws)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "one"], check=True)
    main(["audit", str(ws), "--json", "--fail-on", "never"])
    audit = json.loads(capsys.readouterr().out)
    assert audit["profile"] == "openclaw"
    main(["trend", str(ws), "--json"])
    points = json.loads(capsys.readouterr().out)["points"]
    assert points[-1]["block_tokens"] == audit["injected_block"]["tokens"]["qwen"]
