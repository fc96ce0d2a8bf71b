"""A project read only up to its file bound (newuser32 #24): ``stale_reference`` said a name
"occurs nowhere in the project's text" when the walk had stopped before the file holding
it, and neither the report nor JSON ``project.note`` said the project was read in part."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.checks import project


def _setup(tmp_path: Path) -> Path:
    proj = tmp_path / "proj"
    (proj / "a").mkdir(parents=True)
    for i in range(12):
        (proj / "a" / f"f{i}.py").write_text(f"x = {i}\n")
    (proj / "z").mkdir()
    (proj / "z" / "zzz.py").write_text("def run_deploy_script(): pass\n")
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("# Index\n\n- [Deploy](memory/deploy.md) — how\n")
    (ws / "memory" / "deploy.md").write_text(
        "---\nname: deploy\ndescription: how\ntype: project\n---\n"
        "The deploy uses `run_deploy_script`.\n")
    (ws / ".memtui.toml").write_text(f'project = "{proj}"\n')
    return ws


def test_a_cut_project_calls_no_name_absent_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    ws = _setup(tmp_path)
    monkeypatch.setattr(project, "MAX_FILES", 5)
    main(["audit", str(ws), "--json"])
    got = json.loads(capsys.readouterr().out)
    assert not [f for f in got["findings"] if f["kind"] == "stale_reference"]
    assert "first 5 files" in got["project"]["note"]
    main(["audit", str(ws)])
    assert "read only its first 5 files" in capsys.readouterr().out.replace("\n", " ")
