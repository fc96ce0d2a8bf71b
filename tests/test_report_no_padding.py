"""The text report piped or redirected has no trailing spaces (issue 32 item 16): rich
padded every summary row to the widest one (~300 spaces a line for an OpenClaw report)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from memtui.demo import demo_copy

ROOT = Path(__file__).resolve().parents[1]


def test_a_piped_report_has_no_trailing_spaces(tmp_path: Path) -> None:
    ws = demo_copy(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    done = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    lines = done.stdout.splitlines()
    assert done.returncode == 1, done.stderr
    assert lines[1] == f"Workspace              {ws}"
    assert lines[3].startswith("Memory files           40 (")
    padded = [n for n, line in enumerate(lines, 1) if line != line.rstrip()]
    assert padded == []


def test_a_columns_of_zero_is_as_unset(tmp_path: Path) -> None:
    """newuser24 #66: ``COLUMNS=0 memtui audit`` (a CI log with a bad COLUMNS) printed a
    25-line traceback from rich (a console 0 wide) and no report. A COLUMNS that is no
    positive number is as if unset: whole rows, the same report."""
    ws = demo_copy(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}

    def audit(**extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws)], cwd=ROOT,
                              env={**env, **extra}, capture_output=True, text=True,
                              timeout=120)

    unset = audit()
    for columns in ("0", "-5", "abc"):
        done = audit(COLUMNS=columns)
        assert (done.returncode, done.stderr) == (1, ""), (columns, done.stderr[-300:])
        assert done.stdout == unset.stdout, columns
