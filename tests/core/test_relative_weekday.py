"""newuser28 #26: "Chamber B is down until Thursday." was no relative date, though a
weekday a deadline names is as relative as "next Tuesday" (which Thursday?). A weekday after
until / till / by / before is one; a recurring one ("every Tuesday", "on Tuesdays") and one
with a date beside it are not."""

from __future__ import annotations

from pathlib import Path

from tests.core.helpers import make_ws, run_audit

WHY = "\n\n**Why:** a reason.\n**How to apply:** a way.\n"


def _project(text: str) -> str:
    return f"---\nname: x\ndescription: x\nmetadata:\n  type: project\n---\n{text}{WHY}"


def test_a_weekday_a_deadline_names_is_a_relative_date(tmp_path: Path) -> None:
    sentences = {
        "until": "Chamber B is down until Thursday.",
        "by": "The report is due by Friday.",
        "every": "The line stops every Tuesday for cleaning.",
        "plural": "Deploys go out on Tuesdays.",
        "dated": "Chamber B is down until Thursday, 2026-05-07.",
    }
    files = {f"memory/{k}.md": _project(v) for k, v in sentences.items()}
    files["MEMORY.md"] = "".join(f"- [{k}](memory/{k}.md) — {k}\n" for k in sentences)
    result = run_audit(make_ws(tmp_path, files))
    flagged = sorted(f.path for f in result.findings if f.kind == "relative_date")
    assert flagged == ["memory/by.md", "memory/until.md"], flagged
