"""OpenClaw past its 150,000-character total (newuser30 #27): the files load in order and the
last ones reached are cut to what is left; the total's finding quoted only the per-file
head/tail rule, and MEMORY.md — loaded last, cut by the total — was "nothing cut yet"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main

FILES = ["AGENTS", "SOUL", "TOOLS", "IDENTITY", "USER", "HEARTBEAT", "BOOTSTRAP", "MEMORY"]


def _workspace(root: Path) -> Path:
    (root / "memory").mkdir(parents=True)
    for name in FILES:  # eight files of ~19,800 characters: 158,000 in all
        lines = [f"- {name.lower()} note {i}: one plain line of this file" for i in range(420)]
        (root / f"{name}.md").write_text("\n".join(lines) + "\n")
    (root / "memory" / "2026-01-01.md").write_text("# 2026-01-01\n\nA day.\n")
    return root


def test_the_file_the_total_cuts_says_so(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    ws = _workspace(tmp_path / "w")
    main(["audit", str(ws), "--json", "--profile", "openclaw"])
    found = {(f["path"], f["kind"]): f["message"] for f in json.loads(capsys.readouterr().out)
             ["findings"] if f["kind"] in ("over_limit", "near_limit")}
    memory = found[("MEMORY.md", "over_limit")]
    assert "nothing cut yet" not in memory and "total" in memory
    assert ("MEMORY.md", "near_limit") not in found
    assert ("AGENTS.md", "near_limit") in found  # loaded first and whole
    total = next(m for (p, k), m in found.items() if k == "over_limit" and p != "MEMORY.md")
    assert "in order" in total
