"""newuser27 #15: in a Codex folder a markdown link to a missing file is one broken link,
not a "link" and a "reference" to the same path on the same line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def _codex(root: Path) -> Path:
    mem = root / "memories"
    (mem / "rollout_summaries").mkdir(parents=True)
    (mem / "skills" / "deploy").mkdir(parents=True)
    (mem / "memory_summary.md").write_text(
        "# Summary\nSee [t](rollout_summaries/gone2.md) and skills/nothere/SKILL.md\n",
        encoding="utf-8")
    (mem / "raw_memories.md").write_text("# raw\n", encoding="utf-8")
    (mem / "skills" / "deploy" / "SKILL.md").write_text("# Deploy\n", encoding="utf-8")
    (mem / "rollout_summaries" / "t1.md").write_text("# t1\n", encoding="utf-8")
    (mem / "MEMORY.md").write_text(
        "# Codex memory\n\n- [deploy skill](skills/deploy/SKILL.md)\n"
        "- [gone](rollout_summaries/gone.md)\n", encoding="utf-8")
    return mem


def _audit(mem: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memtui", "audit", str(mem), *args],
                          capture_output=True, text=True, check=False)


def test_a_markdown_link_to_a_missing_file_is_one_broken_link(tmp_path: Path) -> None:
    mem = _codex(tmp_path)
    got = _audit(mem, "--json")
    assert got.returncode == 0, got.stderr  # (Codex owns these files: a warning, newuser42 #21)
    broken = [(b["source"], b["line"], b["target"])
              for b in json.loads(got.stdout)["broken_links"]]
    assert sorted(broken) == [("MEMORY.md", 4, "rollout_summaries/gone.md"),
                              ("memory_summary.md", 2, "rollout_summaries/gone2.md"),
                              ("memory_summary.md", 2, "skills/nothere/SKILL.md")]
    text = _audit(mem).stdout
    assert "Broken links (broken_link: 3 warning)" in text
    assert "reference to rollout_summaries/gone.md" not in text
    assert "MEMORY.md:4  link to rollout_summaries/gone.md: no such file" in text
    # a path named outside any markdown link is still a reference of its own
    assert "memory_summary.md:2  reference to skills/nothere/SKILL.md: no such file" in text
