"""newuser37 #32: `memtui audit --discover`'s limit column said "–" for a Claude Code folder
whose MEMORY.md was 272 lines of the 200 it loads (and showed 119 % for a Hermes store): the
fleet is where an operator of many projects spots "the index is past what the agent loads".
The JSON carries Claude Code's limits (`index.load_limits`) and the column the worse share."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "memtui", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=300)


def test_the_limit_column_shows_claude_codes_index_past_its_lines(tmp_path: Path) -> None:
    home = tmp_path / "projects"
    mem = home / "-work-app" / "memory"
    mem.mkdir(parents=True)
    lines = []
    for i in range(272):
        (mem / f"n{i}.md").write_text(f"---\nname: n{i}\ndescription: note {i}\ntype: user\n"
                                      f"---\nNote {i}.\n", encoding="utf-8")
        lines.append(f"- [Note {i}](n{i}.md) — note {i}\n")
    (mem / "MEMORY.md").write_text("".join(lines), encoding="utf-8")
    data = json.loads(_memtui("audit", str(mem), "--json").stdout)
    assert data["profile"] == "claude-code"
    assert data["index"]["load_limits"] == {"lines": 200, "bytes": 25000}
    out = _memtui("audit", str(home), "--discover").stdout
    row = next(line for line in out.splitlines() if line.startswith("-work-app"))
    assert " 136% " in row, out
