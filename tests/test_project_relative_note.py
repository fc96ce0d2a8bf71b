"""newuser23 #43, newuser24 #45: with ``--config FILE``, a relative ``project = "app"`` is
taken from the workspace (as README says), and a missing one stops the audit naming the
folder it tried, so a user who meant the config file's folder sees where memtui looked."""

from __future__ import annotations

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
    # newuser24 #45: a missing project in the file stops the audit as the flag does, one
    # line naming the file, the key and the folder tried (not a note and a run without it)
    proc = memtui("audit", str(demo), "--config", str(cfg / "c.toml"), "--json")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == (f"memtui audit: error: {cfg / 'c.toml'}: project = 'app': no such "
                           f"folder ({demo / 'app'}; a relative one is read from the "
                           "workspace)\n")
    gone = tmp_path / "gone"
    (cfg / "c.toml").write_text(f'project = "{gone}"\n', encoding="utf-8")
    proc = memtui("audit", str(demo), "--config", str(cfg / "c.toml"), "--json")
    assert proc.returncode == 2 and f"project = '{gone}': no such folder" in proc.stderr
