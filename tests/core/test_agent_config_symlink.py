"""A symlinked agent config (newuser32 #34: ``~/.openclaw/openclaw.json -> dotfiles/…``, as
GNU stow makes it) was ignored in silence: default caps, no ``agent_config`` finding. The
link is still not followed, and now said."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main

CAPS = '{"agents": {"defaults": {"bootstrapMaxChars": 5000, "bootstrapTotalMaxChars": 30000}}}'


def _home(tmp_path: Path) -> Path:
    ws = tmp_path / "home" / ".openclaw" / "workspace"
    (ws / "memory").mkdir(parents=True)
    (ws / "SOUL.md").write_text("# Soul\n\nBe kind.\n")
    (ws / "MEMORY.md").write_text("# Memory\n\n- tea\n")
    (ws / "memory" / "2026-01-02.md").write_text("# 2026-01-02\n\nA day.\n")
    return ws


def _config(ws: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    main(["audit", str(ws), "--json"])
    got = json.loads(capsys.readouterr().out)
    return [f["message"] for f in got["findings"] if f["kind"] == "agent_config"]


def test_a_symlinked_openclaw_json_is_said(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    ws = _home(tmp_path)
    (tmp_path / "dotfiles.json").write_text(CAPS)
    (ws.parent / "openclaw.json").symlink_to(tmp_path / "dotfiles.json")
    found = _config(ws, capsys)
    assert len(found) == 1 and "symbolic link, not followed" in found[0]
    assert "default caps assumed" in found[0] and "plain JSON" not in found[0]


def test_no_config_is_no_finding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _config(_home(tmp_path), capsys) == []
