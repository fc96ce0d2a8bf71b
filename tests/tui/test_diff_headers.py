"""newuser39 #15: every curation dialog drew a diff's file and hunk headers with the +/-
gutter split off ("- -- a/MEMORY.md", "+ ++ b/MEMORY.md", "@ @ -32,7 +32,7 @@"), so they
read as a removed and an added line. They are drawn whole; a removed line whose text starts
with ``--`` keeps its marker."""

from __future__ import annotations

from rich.console import Console

from memtui.tui.dialogs.diff_view import diff_view

DIFF = ("--- a/MEMORY.md\n+++ b/MEMORY.md\n@@ -1,2 +1,2 @@\n # Memory\n"
        "---flag gone\n+- [A](memory/a.md) — a\n")


def _rows(diff: str) -> list[str]:
    console = Console(width=60, record=True, color_system=None)
    console.print(diff_view(diff))
    return console.export_text().splitlines()


def test_headers_are_drawn_whole_and_lines_keep_their_marker() -> None:
    rows = _rows(DIFF)
    assert rows[:3] == ["  --- a/MEMORY.md", "  +++ b/MEMORY.md", "  @@ -1,2 +1,2 @@"], rows
    assert rows[4] == "- --flag gone" and rows[5] == "+ - [A](memory/a.md) — a", rows
