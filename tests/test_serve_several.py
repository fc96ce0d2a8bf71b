"""``memtui serve ROOT`` on a folder that looks like several workspaces (newuser42 #3): the
tab drew the app's offer of the fleet, and Enter on "Open the fleet" ended the browser
session (the fleet ends its app to open a workspace, and a served session ends with its
app). serve refuses such a folder in one line naming a workspace to serve and the fleet's
command, before it listens."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.browser import free_port, port_is_open
from tests.test_cli_fleet import fleet

ROOT = Path(__file__).resolve().parents[1]


def test_serve_refuses_several_workspaces_naming_one_to_serve(tmp_path: Path) -> None:
    items = fleet(tmp_path) / "items"
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1"}
    proc = subprocess.run([sys.executable, "-m", "memtui", "serve", str(items), "--port",
                           str(port)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert proc.returncode == 2, proc.stdout
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.startswith(f"memtui serve: error: {items} looks like several "
                                  "workspaces"), proc.stderr
    assert f"memtui serve {items}/broken" in proc.stderr
    assert f"memtui fleet {items}" in proc.stderr
    assert not port_is_open(port)
