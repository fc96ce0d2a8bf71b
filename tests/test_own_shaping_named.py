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


def _hermes(tmp: Path, config: str) -> Path:
    """A Hermes store of 40 entries, 3,897 characters: over its 2,200."""
    ws = tmp / ".hermes" / "memories"
    ws.mkdir(parents=True)
    (ws / "MEMORY.md").write_text("\n§\n".join(
        f"Entry {i}: the user likes tea number {i} and coffee in the morning, every "
        "single day of the week." for i in range(40)) + "\n", encoding="utf-8")
    (ws / ".memtui.toml").write_text(config, encoding="utf-8")
    return ws


def test_num_ctx_and_tokenizer_are_config_keys_and_a_flag_wins(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser33 #23: ``num-ctx = 8192`` was "unknown key", exit 2."""
    ws = _flat(tmp_path, 'num-ctx = 8192\ntokenizer = "both"\n')
    assert main(["audit", str(ws), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["injected_block"]["window"] == 8192, data["injected_block"]
    assert {"qwen", "cl100k"} <= set(data["injected_block"]["tokens"])
    main(["audit", str(ws), "--json", "--num-ctx", "4096"])
    assert json.loads(capsys.readouterr().out)["injected_block"]["window"] == 4096
    (ws / ".memtui.toml").write_text("num-ctx = 1\n", encoding="utf-8")
    assert main(["audit", str(ws)]) == 2
    err = capsys.readouterr().err
    assert "num-ctx" in err and "Traceback" not in err


def test_an_agents_limit_in_the_workspaces_file_is_named_and_cannot_hide(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A raised ``memory-char-limit`` applies (a config key now) and what it keeps out of
    the audit (Hermes's over_limit) is counted as suppressed, and fails ``--fail-on``."""
    ws = _hermes(tmp_path, 'memory-char-limit = 100000\nignore = ["duplicate_entry"]\n')
    main(["audit", str(ws), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert "memory-char-limit = 100000" in data["shaped_by"]
    assert "over_limit" not in {f["kind"] for f in data["findings"]}
    assert "over_limit" in {f["kind"] for f in data["suppressed_findings"]
                            if f["suppressed_by"] == "config"}
    assert main(["audit", str(ws), "--fail-on", "warning"]) == 1
    assert "memory-char-limit = 100000" in capsys.readouterr().err
    # the flag wins over the file, and is the operator's: nothing kept out then
    main(["audit", str(ws), "--json", "--memory-char-limit", "100000"])
    assert "shaped_by" not in json.loads(capsys.readouterr().out)
