"""On a terminal the text report wraps a finding row wider than the screen, indented
under it, instead of cutting it with "…" (issue 32 item 17)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from memtui.commands.report_text import print_report
from tests.core.helpers import make_ws, memory, run_audit

WHY = ("this explanation is long on purpose so that it runs past the edge of an eighty "
       "column terminal and ends with THE-LAST-WORDS")


def test_a_long_finding_row_wraps_under_itself(tmp_path: Path) -> None:
    ws = make_ws(tmp_path / "w", {"MEMORY.md": "- [A](memory/a.md) — hook\n",
                                  "memory/a.md": memory("a", f"[[gone-{'x' * 60}]] {WHY}\n")})
    buf = io.StringIO()
    print_report(run_audit(ws), Console(file=buf, width=60, no_color=True, highlight=False))
    lines = buf.getvalue().splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith("  memory/a.md:"))
    row = [lines[at]]
    row += [line for line in lines[at + 1:at + 4] if line.startswith("    ")]
    assert "…" not in "".join(row)
    assert "names no memory yet" in " ".join(s.strip() for s in row)
    assert len(row) > 1 and all(len(line) <= 60 and line == line.rstrip() for line in row)
