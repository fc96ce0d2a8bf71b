"""OpenClaw loads MEMORY.md whole every turn and drops no copy: a line written again word for
word (dreaming promoting one fact twice) counts twice against bootstrapMaxChars, and had no
finding (newuser38 #12: 121 bullets, 8 distinct; the Hermes profile names each repeated
entry). Headings, table rows and code are structure, not facts written twice."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import audit

_FACTS = [f"- The relay on shelf {i} is checked every Monday by the night shift." for i in range(3)]


def _ws(root: Path, memory: str) -> Path:
    root.mkdir()
    (root / "SOUL.md").write_text("# Soul\nBe brief.\n", encoding="utf-8")
    (root / "AGENTS.md").write_text("# Agents\nRead MEMORY.md.\n", encoding="utf-8")
    (root / "MEMORY.md").write_text(memory, encoding="utf-8")
    return root


def _repeats(root: Path) -> list[tuple[int | None, str]]:
    return [(f.line, f.message) for f in audit(root).findings
            if f.kind == "duplicate_entry" and f.path == "MEMORY.md"]


def test_each_repeated_line_is_named_then_counted(tmp_path: Path) -> None:
    """On integ: none."""
    lines = ["# Memory", "", "## Promoted", *_FACTS, "## Promoted", *_FACTS * 9]
    got = _repeats(_ws(tmp_path / "ws", "\n".join(lines) + "\n"))
    assert len(got) == 21
    assert got[0] == (8, "line 4 again word for word: OpenClaw loads both every turn and "
                         "counts both against its 20,000 characters (it drops no copy)")
    assert got[-1][1].startswith("and 7 more repeated lines after this one (")


def test_headings_tables_and_code_are_no_repeats(tmp_path: Path) -> None:
    code = "```\nsystemctl restart relay-monitor.service\n```\n"
    lines = ["# Memory", "## Promoted From Short-Term Memory", _FACTS[0],
             "## Promoted From Short-Term Memory", _FACTS[1],
             "| shelf | checked on every Monday |", "| shelf | checked on every Monday |"]
    assert _repeats(_ws(tmp_path / "ws", "\n".join(lines) + "\n" + code * 2)) == []
