"""real34: a finding whose row holds a word wider than the terminal (a long link target) is
wrapped without a space put into that word. The first wrap cut the word at the width, the
continuation lines were joined with a space and wrapped again, so a target
``…-vs-sku.md`` was printed as ``…-vs-s`` / ``ku.m d`` (seen on a real folder's
``../../.claude/projects/…/memory/feedback_….md`` links)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEMORY = "---\nname: {0}\ndescription: d\ntype: project\n---\nfact {0}\n"


def _audit(ws: Path, columns: int) -> str:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "COLUMNS": str(columns)}
    got = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws)], env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert got.returncode == 1, got.stderr
    return got.stdout


def _unwrapped(out: str) -> str:
    """The report with every continuation line (four spaces of indent) joined to its row."""
    return re.sub(r"\n    (?=\S)", "", out)


def test_a_long_link_target_is_wrapped_whole(tmp_path: Path) -> None:
    target = ("../../.claude/projects/-Users-someone-project/memory/"
              "feedback_project-vocabulary-style-versus-stock-keeping-unit.md")
    ws = tmp_path / "memory"
    ws.mkdir()
    (ws / "a.md").write_text(MEMORY.format("a") + f"\nSee [why]({target}).\n",
                             encoding="utf-8")
    (ws / "MEMORY.md").write_text("- [A](a.md) — a\n", encoding="utf-8")
    for columns in (100, 80):
        out = _audit(ws, columns)
        assert target in _unwrapped(out), out
        rows = out.splitlines()
        assert max(len(row) for row in rows) <= columns
        # no piece of the target with a space put into it
        assert not re.search(r"\S \S*(?:sku|unit)\.m", out), out
