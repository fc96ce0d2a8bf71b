"""newuser23 #43: with ``--config FILE``, a relative ``project = "app"`` is taken from the
workspace (as README says), and the note for a missing one now names the folder it tried,
so a user who meant the config file's folder sees where memtui looked."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def memtui(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memtui", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_a_relative_project_that_is_missing_names_the_folder_tried(tmp_path: Path) -> None:
    demo = tmp_path / "demo"
    assert memtui("demo", str(demo)).returncode == 0
    cfg = tmp_path / "cfgdir"
    (cfg / "app").mkdir(parents=True)  # beside the config, not in the workspace
    (cfg / "c.toml").write_text('project = "app"\n', encoding="utf-8")
    proc = memtui("audit", str(demo), "--config", str(cfg / "c.toml"), "--json")
    project = json.loads(proc.stdout)["project"]
    assert project["path"] is None
    assert project["note"] == (f"app: no such folder ({demo / 'app'}); stale references "
                               "not checked")
    gone = tmp_path / "gone"  # an absolute one is already the whole answer
    (cfg / "c.toml").write_text(f'project = "{gone}"\n', encoding="utf-8")
    proc = memtui("audit", str(demo), "--config", str(cfg / "c.toml"), "--json")
    assert json.loads(proc.stdout)["project"]["note"] == (
        f"{gone}: no such folder; stale references not checked")
