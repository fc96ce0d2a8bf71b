"""newuser29 #42: a copied folder (every memory one modification time, no git, no dates)
was reported as "Stale memories (stale: 1 info)", in text and as a SARIF ``stale`` result,
while the finding said the ages were unknown and no memory was stale. It is its own rule,
``unknown_age``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def copied_folder(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    lines = []
    for i in range(12):
        (root / "memory" / f"m{i}.md").write_text(
            f"---\nname: m{i}\ndescription: about m{i}\nmetadata:\n  type: project\n---\n"
            f"Fact {i}.\n", encoding="utf-8")
        lines.append(f"- [M{i}](memory/m{i}.md) — about m{i}\n")
    (root / "MEMORY.md").write_text("".join(lines), encoding="utf-8")
    for p in (root / "memory").iterdir():
        os.utime(p, (1_700_000_000, 1_700_000_000))
    return root


def memtui(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memtui", *map(str, args)],
                          capture_output=True, text=True, timeout=120, check=False)


def test_a_copy_s_unknown_ages_are_not_called_stale(tmp_path: Path) -> None:
    root = copied_folder(tmp_path / "ws")
    text = memtui("audit", root).stdout
    assert "Unknown ages (unknown_age: 1 info)" in text, text
    assert "Stale memories" not in text and "stale:" not in text, text
    data = json.loads(memtui("audit", root, "--json").stdout)
    assert [f["kind"] for f in data["findings"]] == ["unknown_age"], data["findings"]
    sarif = json.loads(memtui("audit", root, "--format", "sarif").stdout)
    assert [r["ruleId"] for r in sarif["runs"][0]["results"]] == ["unknown_age"]


def test_ignoring_stale_keeps_the_unknown_age_note(tmp_path: Path) -> None:
    root = copied_folder(tmp_path / "ws")
    (root / ".memtui.toml").write_text('ignore = ["stale"]\n', encoding="utf-8")
    data = json.loads(memtui("audit", root, "--json").stdout)
    assert [f["kind"] for f in data["findings"]] == ["unknown_age"], data["findings"]
