"""newuser33 #11: a workspace's own ``.memtui.toml`` raising Claude Code's load limit
(``max-lines = 100000``) or choosing another profile turned memories the agent never loads
into "No findings." and exit 0, with no word unless ``--fail-on`` was given. Every report
now names the setting and what the operator's settings give without it, and counts what it
keeps out as suppressed by the config (`memtui.core.kept_out`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main

MEMORY = "---\nname: {n}\ndescription: about {n}\ntype: project\n---\nbody {n}\n"


def _flat(tmp: Path, config: str) -> Path:
    """A Claude Code folder whose last index line (206) is past the 200 it loads."""
    ws = tmp / "memory"
    ws.mkdir()
    (ws / "a.md").write_text(MEMORY.format(n="a"), encoding="utf-8")
    (ws / "MEMORY.md").write_text("# Index\n" + "## part\n" * 204 + "- [A](a.md) — about a\n",
                                  encoding="utf-8")
    (ws / ".memtui.toml").write_text(config, encoding="utf-8")
    return ws


@pytest.mark.parametrize(("config", "named"), [
    ("max-lines = 100000\n", "max-lines = 100000 (without it 200)"),
    ('profile = "item"\n', "profile = 'item' (without it claude-code)"),
])
def test_a_shaping_setting_of_the_workspace_is_named_and_counted(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        config: str, named: str) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    ws = _flat(tmp_path, config)
    assert main(["audit", str(ws)]) == 0  # warnings: no --fail-on, no failure
    out = capsys.readouterr().out
    layout = next(line for line in out.splitlines() if line.startswith("Layout / profile"))
    assert f".memtui.toml sets {named}" in layout, layout
    assert "No findings." not in out
    assert "suppressed (config " in out
    main(["audit", str(ws), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert named in data["shaped_by"]
    kept = {f["kind"] for f in data["suppressed_findings"] if f["suppressed_by"] == "config"}
    assert "orphan" in kept or "beyond_load_limit" in kept, kept
    main(["audit", str(ws), "--format", "sarif"])
    run = json.loads(capsys.readouterr().out)["runs"][0]
    assert named in run["properties"]["shapedByWorkspaceSettings"]
    assert run["properties"]["keptOutByWorkspaceSettings"] >= 1


def test_a_flag_over_the_setting_names_nothing(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    ws = _flat(tmp_path, "max-lines = 100000\n")
    main(["audit", str(ws), "--max-lines", "100000", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert "shaped_by" not in data
    assert data["suppressed"]["config"] == 0
