"""newuser27 #12: many broken links on one line of one file are one row of the text
report (with their targets), not one row each; the JSON still lists each."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEMORY = "---\nname: {0}\ndescription: d\nmetadata:\n  type: project\n---\nfact {0}\n"


def _audit(ws: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1",
           "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), *args],
                          env=env, capture_output=True, text=True, timeout=120, check=False)


def test_many_broken_links_on_one_line_are_one_row(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    for name in ("a", "b"):
        (tmp_path / "memory" / f"{name}.md").write_text(MEMORY.format(name), encoding="utf-8")
    packed = " ".join(f"[L{n}](memory/x{n}.md)" for n in range(300))
    (tmp_path / "MEMORY.md").write_text(
        f"# M\n\n- [A](memory/a.md) — a\n- {packed}\n- [B](memory/b.md) — b\n"
        "- [G](memory/gone.md) — g\n", encoding="utf-8")
    got = _audit(tmp_path)
    assert got.returncode == 1, got.stderr
    rows = got.stdout.splitlines()
    at = rows.index("Broken links (broken_link: 301 error)")
    assert rows[at + 1].startswith("  MEMORY.md:4  300 broken links: memory/x0.md, "
                                   "memory/x1.md, ")
    assert rows[at + 1].endswith(", …") and len(rows[at + 1]) <= 100
    assert rows[at + 2] == "    e.g. MEMORY.md:4  link to memory/x0.md: no such file"
    # a lone broken link keeps its own row
    assert rows[at + 3] == "  MEMORY.md:6  link to memory/gone.md: no such file"
    assert len(rows) < 40
    data = json.loads(_audit(tmp_path, "--json").stdout)
    assert len(data["broken_links"]) == 301


def test_a_few_broken_links_on_one_line_keep_a_row_each(tmp_path: Path) -> None:
    (tmp_path / "MEMORY.md").write_text(
        "- " + " ".join(f"[L{n}](memory/x{n}.md)" for n in range(3)) + "\n", encoding="utf-8")
    out = _audit(tmp_path).stdout
    for n in range(3):
        assert f"  MEMORY.md:1  link to memory/x{n}.md: no such file" in out
