"""newuser40 #7: README said "An undo is refused … when a file changed since", docs/curate.md
that undo "names that file and writes nothing"; for an index the agent wrote to since, undo
takes back only its own lines (newuser39 #3). The docs say what it does, and it does it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def memtui(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1"}
    return subprocess.run([sys.executable, "-m", "memtui", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120, check=False)


def test_undo_after_the_agent_wrote_the_index_takes_back_its_own_lines(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "memory").mkdir(parents=True)
    (ws / "MEMORY.md").write_text("- [A](memory/a.md) — a\n")
    for name in ("a", "b"):
        (ws / "memory" / f"{name}.md").write_text(
            f"---\nname: {name}\ndescription: about {name}\ntype: user\n---\n{name}\n")
    assert memtui("fix", "add-to-index", str(ws), "memory/b.md").returncode == 0
    assert "memory/b.md" in (ws / "MEMORY.md").read_text()
    with open(ws / "MEMORY.md", "a") as fh:
        fh.write("- an agent's line\n")
    undo = memtui("undo", str(ws))
    assert undo.returncode == 0, undo.stderr
    assert "only the operation's own lines are taken back" in undo.stdout + undo.stderr
    assert (ws / "MEMORY.md").read_text() == "- [A](memory/a.md) — a\n- an agent's line\n"
    readme = (ROOT / "README.md").read_text()
    curate = " ".join((ROOT / "docs" / "curate.md").read_text().split())
    assert "An undo is refused, and says why, when a file changed since." not in readme
    assert "takes back only memtui's own lines of a MEMORY.md changed since" in readme
    assert "undo takes back only the operation's own lines there" in curate
