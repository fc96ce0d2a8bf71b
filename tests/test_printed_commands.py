"""newuser25 #34: the commands memtui prints for the user to paste (``fix``'s undo hint,
``demo``'s try lines, ``undo``'s --skip-changed hint) named a path with a blank unquoted:
pasted, ``memtui undo my ws ü`` failed with "unrecognized arguments". Each is run here as
a shell would split it."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from memtui.demo import copy_demo

ROOT = Path(__file__).resolve().parents[1]


def memtui(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memtui", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1",
                               "PATH": "/usr/bin:/bin",
                               # the test's user folder: the journal key, never the real one
                               "MEMTUI_CONFIG_DIR": os.environ["MEMTUI_CONFIG_DIR"]})


def pasted(line: str) -> list[str]:
    words = shlex.split(line)
    assert words[0] == "memtui"
    return words[1:]


def test_the_undo_hint_of_fix_runs_as_printed(tmp_path: Path) -> None:
    ws = tmp_path / "my ws ü"
    copy_demo(ws)
    before = (ws / "MEMORY.md").read_bytes()
    done = memtui("fix", "add-to-index", str(ws), "scrap-log", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    hint = re.search(r"undo: (memtui undo [^\]]+)\]", done.stdout)
    assert hint, done.stdout
    undone = memtui(*pasted(hint.group(1)), cwd=tmp_path)
    assert undone.returncode == 0, undone.stderr
    assert (ws / "MEMORY.md").read_bytes() == before


def test_the_demo_try_lines_run_as_printed(tmp_path: Path) -> None:
    made = memtui("demo", "a b", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    lines = [line.strip() for line in made.stdout.splitlines()[1:]]
    assert lines[1] == "memtui audit 'a b'"
    for line in lines[1:]:  # (the first opens the app)
        ran = memtui(*pasted(line), cwd=tmp_path)
        assert ran.returncode in (0, 1) and "error" not in ran.stderr, (line, ran.stderr)
