"""real32: the readable report's closing advice never proposes an exclude that leaves out
every memory.

Past 50 lines the report ends with the one ``exclude`` that makes it fit. In an item (or
OpenClaw) workspace every memory sits under ``memory/``: two real workspaces were told to
add ``exclude = ["memory/**"]``, which leaves out the whole memory (the ``exclude_all``
error) — no advice. A subfolder that is enough is still proposed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEMORY = "---\nname: {0}\ndescription: d\nmetadata:\n  type: project\n---\n{1}"
ORDERS = "You must always answer in French {n}.\nYou must never reply in English {m}.\n"


def audit_text(ws: Path, columns: str | None = None) -> list[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    env.pop("MEMTUI_CACHE_DIR", None)
    env.pop("COLUMNS", None)
    if columns is not None:
        env["COLUMNS"] = columns
    return subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws)], cwd=ROOT,
                          env=env, capture_output=True, text=True,
                          timeout=120).stdout.splitlines()


def workspace(root: Path, folder: str, files: int) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "MEMORY.md").write_text("- [a](memory/a.md) — hook\n", encoding="utf-8")
    (root / "memory/a.md").write_text(MEMORY.format("a", "fact\n"), encoding="utf-8")
    (root / folder).mkdir(parents=True, exist_ok=True)
    for n in range(files):
        (root / folder / f"v{n}.md").write_text(
            MEMORY.format(f"v{n}", ORDERS.format(n=n, m=n + 100)), encoding="utf-8")
    return root


def test_no_exclude_of_every_memory(tmp_path: Path) -> None:
    out = audit_text(workspace(tmp_path / "ws", "memory", 30))
    assert len(out) > 50
    assert "add exclude" not in out[-1], out[-1]


def test_a_subfolder_is_still_proposed(tmp_path: Path) -> None:
    out = audit_text(workspace(tmp_path / "ws", "memory/imports", 30))
    assert len(out) > 50
    assert out[-1].startswith(f"{len(out) - 1} lines; add exclude = [\"memory/imports/**\"]")


def test_the_advice_wraps_at_the_width(tmp_path: Path) -> None:
    """At COLUMNS=80 the advice was one 96-column line, the only row past the width."""
    out = audit_text(workspace(tmp_path / "ws", "memory/imports", 30), columns="80")
    assert any("fits one screen" in line for line in out[-2:])
    assert max(map(len, out)) <= 80
