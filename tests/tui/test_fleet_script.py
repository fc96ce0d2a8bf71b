"""The fleet screen started from a user's script that has no ``if __name__ == "__main__":``
guard: its worker processes (forkserver) must not run the script again, which would start
the fleet screen again in every worker and break the pool."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_cli_audit import ROOT
from tests.test_cli_fleet import fleet

SCRIPT = """\
import asyncio, json, sys, time
from pathlib import Path
from memtui.tui.fleet.app import FleetApp

with open(sys.argv[2], "a") as runs:  # one line each time this body runs
    runs.write("ran\\n")
app = FleetApp(Path(sys.argv[1]), watch=False, jobs=2)

async def go():
    async with app.run_test() as pilot:
        deadline = time.monotonic() + 90
        while len(app.state.rows) < 4 and time.monotonic() < deadline:
            await pilot.pause(0.1)
    print(json.dumps({Path(p).name: [r["exit"], r.get("error")]
                      for p, r in app.state.rows.items()}))

asyncio.run(go())
"""


@pytest.mark.parametrize("how", ["path", "module"])
def test_fleet_from_a_script_without_a_main_guard(tmp_path: Path, how: str) -> None:
    root = fleet(tmp_path / "root")
    (tmp_path / "unguarded.py").write_text(SCRIPT, encoding="utf-8")
    runs = tmp_path / "runs.txt"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(tmp_path)]),
           "MEMTUI_NO_CACHE": "1"}
    start = [str(tmp_path / "unguarded.py")] if how == "path" else ["-m", "unguarded"]
    proc = subprocess.run([sys.executable, *start, str(root), str(runs)], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "BrokenProcessPool" not in proc.stderr
    assert runs.read_text() == "ran\n"  # the script ran once, in no worker again
    rows = json.loads(proc.stdout.strip().splitlines()[-1])
    assert rows == {"memory": [0, None], "broken": [1, None], "clean": [0, None],
                    "orphaned": [0, None]}
