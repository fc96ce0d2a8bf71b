"""``memtui audit`` and ``memtui rules`` end without the interpreter's teardown, once all
they print is written: the whole report reaches a pipe, the exit status is the command's,
and the teardown (shown here by an exit handler) runs only for the other commands."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.generate import generate  # noqa: E402

PROGRAM = """
import atexit, sys
atexit.register(lambda: print("teardown ran", file=sys.stderr))
sys.argv = ["memtui", *sys.argv[1:]]
from memtui.cli import entry
entry()
"""


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", PROGRAM, *args], capture_output=True,
                          text=True, env=env, cwd=ROOT)


def test_a_large_report_reaches_the_pipe_whole(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    generate(ws, 600)
    out = run("audit", str(ws), "--json", "--fail-on", "info")
    assert len(out.stdout) > 1 << 17  # past a pipe's buffer (64 KiB) twice over
    report = json.loads(out.stdout)
    assert report["findings"] and out.returncode == 1
    assert "teardown ran" not in out.stderr


def test_the_exit_status_is_the_commands(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    generate(ws, 30)
    clean = run("audit", str(ws), "--fail-on", "never")
    assert clean.returncode == 0 and clean.stdout and "teardown ran" not in clean.stderr
    missing = run("audit", str(tmp_path / "nowhere"))
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1
    rules = run("rules")
    assert rules.returncode == 0 and "orphan" in rules.stdout
    assert "teardown ran" not in rules.stderr


def test_a_written_baseline_is_whole(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    generate(ws, 200)
    out = run("audit", str(ws), "--write-baseline", str(tmp_path / "baseline.json"))
    assert out.returncode == 0 and "teardown ran" not in out.stderr
    written = json.loads((tmp_path / "baseline.json").read_text(encoding="utf-8"))
    assert written["findings"]
    assert f"{len(written['findings'])} findings recorded" in out.stderr


def test_other_commands_end_as_usual(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    generate(ws, 5)
    out = run("history", str(ws))
    assert out.returncode == 0
    assert "teardown ran" in out.stderr
    # a fleet started helper processes: multiprocessing's exit handlers must stop them
    fleet = run("audit", "--discover", str(tmp_path), "--json")
    assert fleet.returncode in (0, 1) and json.loads(fleet.stdout)
    assert "teardown ran" in fleet.stderr
