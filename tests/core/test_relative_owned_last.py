"""real30: "during my last year there" was a relative date. "last <unit>" after a
possessive (my, their, the team's) is the final one of a stay or a series, an ordinal that
needs no date; "last year" alone, or after "the", is still the one before now, and a relative
date later on the same line is still found."""

from __future__ import annotations

from pathlib import Path

from tests.core.helpers import make_ws, run_audit

WHY = "\n\n**Why:** a reason.\n**How to apply:** a way.\n"


def _project(text: str) -> str:
    return f"---\nname: x\ndescription: x\nmetadata:\n  type: project\n---\n{text}{WHY}"


def test_a_possessive_last_is_an_ordinal(tmp_path: Path) -> None:
    sentences = {
        "mine": "During my last year there I worked on path optimisation.",
        "team": "The team's last sprint before the split shipped the parser.",
        "their": "Their last week at the site went to handover.",
        "plain": "The parser shipped last year.",
        "the": "We measured it in the last month and it held.",
        "later": "In my last week there the build broke; it is fixed since yesterday.",
    }
    files = {f"memory/{k}.md": _project(v) for k, v in sentences.items()}
    files["MEMORY.md"] = "".join(f"- [{k}](memory/{k}.md) — {k}\n" for k in sentences)
    result = run_audit(make_ws(tmp_path, files))
    flagged = {f.path: f.message for f in result.findings if f.kind == "relative_date"}
    assert sorted(flagged) == ["memory/later.md", "memory/plain.md", "memory/the.md"], flagged
    assert "yesterday" in flagged["memory/later.md"]
