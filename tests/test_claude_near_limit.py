"""newuser24 #39: ``near_limit`` ("an early warning, before anything is cut") never fired
under claude-code: a MEMORY.md at 170 of its 200 loaded lines said nothing, and the first
word came as ``beyond_load_limit`` once lines were lost. From 80 % of either limit (lines or
bytes) it is a ``near_limit`` warning now; past it, ``beyond_load_limit`` alone, as before."""

from __future__ import annotations

import json
from pathlib import Path

from tests.edit.conftest import cli, write_tree


def folder(root: Path, lines: int, width: int = 0) -> Path:
    """A Claude Code folder (flat) whose MEMORY.md has ``lines`` lines (each padded to
    ``width`` characters)."""
    files: dict[str, str | bytes] = {
        "feedback_a.md": "---\nname: feedback_a\ndescription: a\ntype: feedback\n---\nA.\n"}
    text = ["# Memory", "- [A](feedback_a.md) — a"]
    text += [f"- note {i}".ljust(width, ".") for i in range(lines - 2)]
    files["MEMORY.md"] = "\n".join(text) + "\n"
    return write_tree(root, files)


def limit_findings(ws: Path) -> list[tuple[str, str, str]]:
    done = cli("audit", ws, "--json")
    report = json.loads(done.stdout)
    assert report["profile"] == "claude-code"
    return [(f["kind"], f["path"], f["message"]) for f in report["findings"]
            if f["kind"] in ("near_limit", "beyond_load_limit", "over_limit")]


def test_near_the_line_limit_warns_before_anything_is_cut(tmp_path: Path) -> None:
    assert limit_findings(folder(tmp_path / "a", 170)) == [
        ("near_limit", "MEMORY.md",
         "MEMORY.md: 170 of 200 lines (85%): near Claude Code's load limit, nothing cut yet")]
    assert limit_findings(folder(tmp_path / "b", 150)) == []
    past = limit_findings(folder(tmp_path / "c", 210))
    assert [k for k, _, _ in past] == ["beyond_load_limit"]


def test_near_the_byte_limit_too(tmp_path: Path) -> None:
    found = limit_findings(folder(tmp_path / "a", 100, width=220))  # ~22 KB in 100 lines
    assert [k for k, _, _ in found] == ["near_limit"]
    assert " of 25,000 bytes (8" in found[0][2]
    assert found[0][2].endswith("): near Claude Code's load limit, nothing cut yet")
