"""CPU of one discovery walk (`memtui.core.fleet.find_workspaces`) over 300 projects, each
with four hidden folders (newuser25 #6: hidden folders are now looked at, not walked).

    python -m bench.discover_hidden [--memory]   # --memory: each holds .claude-memory/
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from memtui.core.fleet import find_workspaces

ROUNDS = 20


def build(root: Path, memory: bool) -> None:
    for i in range(300):
        project = root / f"p{i}"
        for name in (".idea", ".vscode", ".github", "src", "docs"):
            (project / name).mkdir(parents=True)
            for j in range(5):
                (project / name / f"f{j}.txt").write_text("x")
        if memory:
            (project / ".claude-memory").mkdir()
            (project / ".claude-memory" / "MEMORY.md").write_text("- x\n")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        build(root, "--memory" in sys.argv)
        find_workspaces(root)
        t = os.times()
        found = 0
        for _ in range(ROUNDS):
            found = len(find_workspaces(root))
        u = os.times()
        cpu = (u.user + u.system - t.user - t.system) / ROUNDS
        print(f"{cpu * 1000:.1f} ms CPU per walk, {found} workspaces")


if __name__ == "__main__":
    main()
