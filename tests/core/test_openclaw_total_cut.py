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


def _past_both(root: Path) -> Path:
    """gen_octot.sh's shape (newuser34 #11 b): seven small bootstrap files, a MEMORY.md past
    its own cap of 12,000 (from openclaw.json), and a total of 11,000 that the files
    before it leave only a little of."""
    (root / "workspace" / "memory").mkdir(parents=True)
    ws = root / "workspace"
    for name in FILES[:-1]:
        (ws / f"{name}.md").write_text(f"# {name}\n" + "x" * 1_400 + "\n", encoding="utf-8")
    lines = [f"- line {i:03d} " + "m" * 50 for i in range(400)]  # 400 lines, ~24,000
    (ws / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (ws / "memory" / "2026-11-01.md").write_text("# n\n", encoding="utf-8")
    (root / "openclaw.json").write_text(json.dumps({"agents": {"defaults": {
        "bootstrapMaxChars": 12_000, "bootstrapTotalMaxChars": 11_000}}}), encoding="utf-8")
    return ws


def test_a_file_past_its_own_cap_and_cut_by_the_total_says_the_totals_cut(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newuser34 #11 b: MEMORY.md kept 13 of 702 lines (the total left it little), and its
    finding said OpenClaw keeps 70 % and 20 % of its own 12,000 (~180 lines); the Load
    limits row said nothing of the total's cut."""
    ws = _past_both(tmp_path)
    main(["audit", str(ws), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert data["profile"] == "openclaw"
    memory = next(ld for ld in data["injected_block"]["loads"] if ld["what"] == "MEMORY.md")
    before = [ld["used"] for ld in data["injected_block"]["loads"]
              if ld["what"] in {f"{n}.md" for n in FILES[:-1]}]
    room = 11_000 - sum(before)  # what the seven files before it left
    assert len(before) == 7 and 64 < room < 12_000
    assert memory["limit"] == 12_000 and memory["room"] == room
    message = next(f["message"] for f in data["findings"]
                   if f["path"] == "MEMORY.md" and f["kind"] == "over_limit")
    assert message.endswith(f"past OpenClaw's load limit; the total of all bootstrap files "
                            f"left it only {room:,} characters: OpenClaw keeps the first "
                            f"{int(room * 0.7):,} and the last {int(room * 0.2):,} characters "
                            f"(70 % and 20 % of {room:,}) and drops the middle")
    # the lines it keeps are those of the room, not of its own 12,000
    first, last = data["index"]["dropped_lines"]
    kept = first - 1 + 400 - last
    assert kept * 60 < room < (kept + 3) * 60, (kept, room)
    main(["audit", str(ws)])
    text = capsys.readouterr().out
    assert f"MEMORY.md 24,799 of 12,000 characters (207%; the total left it {room:,})" in text
