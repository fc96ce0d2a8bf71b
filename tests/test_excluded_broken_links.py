"""newuser28 #21: ``exclude`` of a memory made its broken links disappear — not reported,
not counted as suppressed, ``--fail-on error`` green — though the memories an exclude
leaves out are read on their own and what they would yield is reported (the index links
them: the agent opens them) or counted as suppressed by exclude."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _audit(ws: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMTUI_NO_CACHE": "1", "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), *args], env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def _workspace(ws: Path, index_links_history: bool) -> Path:
    (ws / "memory").mkdir(parents=True)
    (ws / "memory" / "history.md").write_text(
        "---\nname: history\ndescription: history\ntype: project\n---\n"
        "The PM notes are in [pm](chamber-a-pm-2024.md); see [b](b.md).\n", encoding="utf-8")
    (ws / "memory" / "b.md").write_text("---\nname: b\ndescription: b\ntype: project\n---\nb\n",
                                        encoding="utf-8")
    lines = ["# M", "", "- [B](memory/b.md) — b"]
    if index_links_history:
        lines.append("- [History](memory/history.md) — history")
    (ws / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (ws / ".memtui.toml").write_text('exclude = ["memory/history.md"]\n', encoding="utf-8")
    return ws


def test_an_excluded_memory_the_index_links_has_its_broken_link_reported(
        tmp_path: Path) -> None:
    ws = _workspace(tmp_path / "linked", index_links_history=True)
    got = _audit(ws, "--fail-on", "error", "--json")
    assert got.returncode == 1, got.stderr
    broken = [(f["path"], f["line"], f["message"]) for f in json.loads(got.stdout)["findings"]
              if f["kind"] == "broken_link"]
    assert broken == [("memory/history.md", 6,
                       "link to memory/chamber-a-pm-2024.md: no such file")]


def test_an_excluded_memory_s_broken_link_is_counted_as_suppressed(tmp_path: Path) -> None:
    ws = _workspace(tmp_path / "alone", index_links_history=False)
    data = json.loads(_audit(ws, "--json").stdout)
    assert data["suppressed"]["exclude"] == 1, data["suppressed"]
