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


def _audit_and_trend(ws: Path, capsys: pytest.CaptureFixture[str]
                     ) -> tuple[dict[str, object], list[dict[str, object]]]:
    main(["audit", str(ws), "--json", "--fail-on", "never"])
    audit = json.loads(capsys.readouterr().out)
    main(["trend", str(ws), "--json"])
    return audit, json.loads(capsys.readouterr().out)["points"]


def _commit_all(repo: Path) -> None:
    git = ["git", "-c", "user.email=a@b", "-c", "user.name=a", "-C", str(repo)]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "one"], check=True)


def test_trend_reads_openclaw_json_beside_the_workspace_as_the_audit_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser34 #5: trend counted OpenClaw's default 20,000-character cap where the audit
    read 12,000 from ``~/.openclaw/openclaw.json``: its HEAD point was not the audit's."""
    home = tmp_path / ".openclaw"
    ws = home / "workspace"
    (ws / "memory").mkdir(parents=True)
    (ws / "SOUL.md").write_text("# Soul\nCalm.\n", encoding="utf-8")
    (ws / "MEMORY.md").write_text("# Memory\n" + "".join(
        f"- fact {i}: the deploy of service {i} runs on host {i * 7}\n" for i in range(600)),
        encoding="utf-8")
    (ws / "memory/2026-01-01.md").write_text("note\n", encoding="utf-8")
    (home / "openclaw.json").write_text(json.dumps(
        {"agents": {"defaults": {"bootstrapMaxChars": 4000,
                                 "bootstrapTotalMaxChars": 60000}}}), encoding="utf-8")
    _commit_all(tmp_path)
    audit, points = _audit_and_trend(ws, capsys)
    assert audit["profile"] == "openclaw"
    assert points[-1]["block_tokens"] == audit["injected_block"]["tokens"]["qwen"]
    assert points[-1]["block_tokens"] < 2000  # 4,000 characters, not the whole 30 K


def test_trend_reads_hermes_config_yaml_as_the_audit_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / ".hermes"
    ws = home / "memories"
    ws.mkdir(parents=True)
    entries = [f"Fact {i}: the deploy of service {i} runs on host {i * 7}." for i in range(80)]
    (ws / "MEMORY.md").write_text("\n§\n".join(entries) + "\n", encoding="utf-8")
    (ws / "USER.md").write_text("The user is an engineer.\n", encoding="utf-8")
    (home / "config.yaml").write_text("memory:\n  memory_char_limit: 1500\n",
                                      encoding="utf-8")
    _commit_all(tmp_path)
    audit, points = _audit_and_trend(ws, capsys)
    assert audit["profile"] == "hermes"
    assert points[-1]["block_tokens"] == audit["injected_block"]["tokens"]["qwen"]
