"""``fix add-to-index`` under the openclaw profile says what the new MEMORY.md line meets
(newuser26 #41: a daily note's line was appended to a MEMORY.md at 325 % of OpenClaw's
per-file cap, "+1 entry" and not a word): that a daily note needs no index line, and,
when MEMORY.md is past the cap, whether the line falls in the middle OpenClaw drops."""

from __future__ import annotations

from pathlib import Path

from memtui.cli import main


def _workspace(root: Path, size: int) -> Path:
    (root / "memory").mkdir(parents=True)
    (root / "SOUL.md").write_text("# Soul\n", encoding="utf-8")
    filler = "".join(f"- fact {i}: the pump runs at {i} rpm on line {i % 7}\n"
                     for i in range(size))
    middle = "\n## Tools\n\n- the torque wrench\n\n## Log\n\n"
    (root / "MEMORY.md").write_text(f"# Memory\n\n{filler}{middle}{filler}", encoding="utf-8")
    (root / "memory" / "2026-03-01.md").write_text("# 2026-03-01\n\nPump swapped.\n",
                                                    encoding="utf-8")
    (root / "memory" / "pumps.md").write_text("# Pumps\n\nAll pumps.\n", encoding="utf-8")
    return root


def test_a_daily_note_and_the_cap_are_said(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    root = _workspace(tmp_path / "oc", 400)  # about 2 × 18,000 characters
    length = len((root / "MEMORY.md").read_text(encoding="utf-8").rstrip())
    assert main(["fix", "add-to-index", str(root), "memory/2026-03-01.md", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "memory/2026-03-01.md is a daily note: OpenClaw finds it by memory_search" in out
    grown = length + len("\n- [2026 03 01](memory/2026-03-01.md)")
    assert (f"MEMORY.md is {grown:,} of OpenClaw's 20,000 characters a file "
            f"({grown / 20_000:.0%}): OpenClaw keeps its first 70 % and last 20 % and drops "
            "the middle; the new line is in the part it keeps") in out, out
    # Under the heading in the middle: where OpenClaw drops it.
    assert main(["fix", "add-to-index", str(root), "pumps", "--under", "Tools",
                 "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "daily note" not in out
    assert "falls in the dropped middle: never loaded" in out, out


def test_nothing_is_said_under_the_cap(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    root = _workspace(tmp_path / "oc", 20)
    assert main(["fix", "add-to-index", str(root), "pumps", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "characters a file" not in out and "daily note" not in out, out
