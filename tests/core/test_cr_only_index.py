"""newuser30 #19: Claude Code splits MEMORY.md on line feeds (``text.trim().split("\\n")``),
so an index whose lines end with a carriage return alone is one line to it: its 232 CR
lines are not "32 past the 200-line limit", and the read problem names the line ends."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import audit

MEMORY = "---\nname: {n}\ndescription: fact\ntype: project\n---\nbody\n"


def _folder(root: Path, end: str) -> Path:
    root.mkdir()
    lines = ["# Index"] + [f"- [F{i}](f{i}.md) — fact {i}" for i in range(231)]
    (root / "MEMORY.md").write_bytes((end.join(lines) + end).encode())
    for i in range(231):
        (root / f"f{i}.md").write_text(MEMORY.format(n=f"f{i}"), encoding="utf-8")
    return root


def test_a_cr_only_index_is_one_line_to_claude_code(tmp_path: Path) -> None:
    cr = audit(_folder(tmp_path / "cr", "\r"))
    kinds = {f.kind for f in cr.findings}
    assert "beyond_load_limit" not in kinds and not cr.orphans
    assert [f.message for f in cr.findings if f.kind == "read_problem"] == [
        "232 lines end with a carriage return alone (CR, not LF): an agent that splits "
        "MEMORY.md on line feeds, as Claude Code does, reads each with the next; save it "
        "with LF line ends"]
    lf = audit(_folder(tmp_path / "lf", "\n"))  # the same lines with LF: 32 past the limit
    assert "beyond_load_limit" in {f.kind for f in lf.findings} and len(lf.orphans) == 32
    assert "read_problem" not in {f.kind for f in lf.findings}
