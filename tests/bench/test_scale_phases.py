"""`bench/scale_phases.py` times each step of a real cold audit: every wrapped step is
reached (a renamed function would fail here, not silently drop out of the table)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bench.generate import generate

ROOT = Path(__file__).resolve().parents[2]


def test_every_step_is_timed(tmp_path: Path) -> None:
    ws = generate(tmp_path / "ws", 30)
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "scale_phases.py"), str(ws)],
                         capture_output=True, text=True, check=True, cwd=ROOT).stdout
    rows = {label: int(n) for _, n, label in (line.split(None, 2)
                                              for line in out.splitlines()[1:])}
    assert rows["scan_file"] == 30
    assert rows["scan.parse_memory"] == 30
    for step in ("scan cache: save", "derive()", "derive.file_state", "derive.pairs",
                 "MEMORY.md: line costs", "MEMORY.md: own findings", "JSON report"):
        assert rows.get(step, 0) >= 1, step
