"""OpenClaw's lowercase ``memory.md`` (newuser32 #41): workspace.ts loads it in MEMORY.md's
place when there is no MEMORY.md (DEFAULT_MEMORY_ALT_FILENAME, a fallback, never both); it
was neither in the injected block nor read, so a credential in it passed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main

KEY = "api_key: Sq7Lm3Zp9Xr2Ks8Tw4Yb6Nd"


def _workspace(root: Path, memory_name: str) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "SOUL.md").write_text("# Soul\n\nBe kind.\n")
    (root / "memory" / "2026-01-02.md").write_text("# 2026-01-02\n\nA day.\n")
    (root / memory_name).write_text(f"# Memory\n\n- likes tea\n{KEY}\n")
    return root


def _audit(ws: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    main(["audit", str(ws), "--json"])
    return json.loads(capsys.readouterr().out)


def test_memory_md_is_loaded_and_read_when_there_is_no_memory_upper(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    got = _audit(_workspace(tmp_path / "w", "memory.md"), capsys)
    assert got["profile"] == "openclaw"
    assert "memory.md" in got["injected_block"]["files"]
    secrets = [f for f in got["findings"] if f["kind"] == "secret"]
    assert [f["path"] for f in secrets] == ["memory.md"]
    assert "loads this file into every turn" in secrets[0]["message"]


def test_memory_upper_wins_over_the_alias(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    ws = _workspace(tmp_path / "w", "MEMORY.md")
    if (ws / "memory.md").exists():  # a case-insensitive file system: one file
        pytest.skip("case-insensitive file system")
    (ws / "memory.md").write_text("# old\n")
    files = _audit(ws, capsys)["injected_block"]["files"]
    assert "MEMORY.md" in files and "memory.md" not in files
