"""Issue 32 #14: every agent profile (Codex, Hermes, OpenClaw, Gemini CLI) was measured
against a "Qwen window", read as that agent's; the item platform's window is Qwen's, an
agent's model is unknown to memtui: the report says the window is assumed and how to give
the real one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main

SHAPES: dict[str, dict[str, str]] = {
    "hermes": {"MEMORY.md": "Deploys run on Fridays.\n§\nThe VPN drops at midnight.\n",
               "USER.md": "Prefers short answers.\n"},
    "openclaw": {"MEMORY.md": "- Deploys run on Fridays.\n", "AGENTS.md": "Be brief.\n",
                 "SOUL.md": "Calm.\n"},  # AGENTS.md alone is any agent's (newuser24 #37)
}


def _audit(ws: Path, capsys: pytest.CaptureFixture[str], *more: str) -> str:
    main(["audit", str(ws), *more])
    return capsys.readouterr().out


@pytest.mark.parametrize("agent", sorted(SHAPES))
def test_an_agent_profile_says_its_window_is_assumed(
        agent: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ws = tmp_path / agent
    ws.mkdir()
    for rel, text in SHAPES[agent].items():
        (ws / rel).write_text(text, encoding="utf-8")
    out = _audit(ws, capsys, "--json")
    report = json.loads(out)
    assert report["profile"] == agent
    assert report["injected_block"]["window_name"] == "assumed Qwen"
    row = next(ln for ln in _audit(ws, capsys).splitlines()
               if ln.startswith("Share of the window"))
    assert "(assumed Qwen window, qwen count; give --num-ctx for the agent's model)" in row
    row = next(ln for ln in _audit(ws, capsys, "--num-ctx", "200000").splitlines()
               if ln.startswith("Share of the window"))
    assert "of 200,000 tokens (--num-ctx window" in row and "assumed" not in row


def test_the_item_platform_runs_qwen(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    ws = tmp_path / "item"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — about a\n", encoding="utf-8")
    (ws / "memory/a.md").write_text("---\nname: a\ndescription: about a\nmetadata:\n"
                                    "  type: project\n---\nA fact.\n", encoding="utf-8")
    row = next(ln for ln in _audit(ws, capsys).splitlines()
               if ln.startswith("Share of the window"))
    assert "of 40,960 tokens (Qwen window, qwen count)" in row


@pytest.mark.parametrize(("agent", "files", "row"), [
    ("codex", {"memory_summary.md": "Deploys run on Fridays.\n",
               "MEMORY.md": "# Notes\n- Deploys run on Fridays.\n"},
     "of 272,000 tokens (Codex (gpt-5) window, cl100k count)"),
    ("gemini", {"GEMINI.md": "## Gemini Added Memories\n- Deploys run on Fridays.\n"},
     "of 1,048,576 tokens (Gemini window, qwen count)"),
])
def test_codex_and_gemini_are_measured_against_their_models_window(
        agent: str, files: dict[str, str], row: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """newuser32 #53: Codex and Gemini CLI run their own models (gpt-5's 272,000 tokens in
    codex-rs; Gemini CLI's 1,048,576): not an assumed Qwen window of 40,960."""
    ws = tmp_path / ".gemini" if agent == "gemini" else tmp_path / agent
    ws.mkdir()
    for rel, text in files.items():
        (ws / rel).write_text(text, encoding="utf-8")
    assert json.loads(_audit(ws, capsys, "--json"))["profile"] == agent
    line = next(ln for ln in _audit(ws, capsys).splitlines()
                if ln.startswith("Share of the window"))
    assert row in line and "assumed" not in line
