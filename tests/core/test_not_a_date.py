"""newuser31 #29: a frontmatter date key whose value is no date (``modified: not-a-date``)
was ignored silently while an impossible date got a finding: it gets one too, at its line,
and the memory is dated as before (by git or mtime)."""

from __future__ import annotations

from pathlib import Path

from tests.core.helpers import run_audit


def test_a_date_key_that_holds_no_date_is_said(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text("- [A](memory/a.md) — a\n- [B](memory/b.md) — b\n")
    (tmp_path / "memory" / "a.md").write_text(
        "---\nname: a\ndescription: a\ntype: user\nmodified: not-a-date\n---\n\nA.\n")
    (tmp_path / "memory" / "b.md").write_text(
        "---\nname: b\ndescription: b\ntype: user\nmodified: 2024-01-02\n---\n\nB.\n")
    result = run_audit(tmp_path)
    said = [(f.path, f.line, f.message) for f in result.findings
            if f.kind == "frontmatter" and f.path != "."]
    assert said == [("memory/a.md", 5,
                     "modified: not-a-date is not a date; the age is not taken from it")]
    ages = {f.path: f.age_source for f in result.files}
    assert ages["memory/a.md"] != "frontmatter" and ages["memory/b.md"] == "frontmatter"
