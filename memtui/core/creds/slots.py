"""The places on a page the form rules read, each written once (session 34: `runs`, `shaped`,
`tables` and `structure` had each their own copy, slightly different).

- `LEAD`: a line's start, quote marks (``>``) and a list marker (``-``, ``*``, ``+``, ``•``,
  ``1.``, ``2)``);
- `LABEL` then `COLON`: a label of any script (no colon, code or cell mark in it), its colon
  (full-width too) and the blanks around it;
- `CODE`: one code, groups of three to ten letters and digits joined by ``-`` or a space;
- `TABLE_SEP` and `table_cells`: a Markdown table's separator row and a row's cells.
"""

from __future__ import annotations

from memtui.core.scanner.lazy_pattern import lazy_pattern

LEAD = r"^[ \t>]*(?:[-*+•][ \t]+|\d{1,3}[.)][ \t]+)?"
LABEL = r"[^:：`|\n]{1,80}?"
COLON = r"[ \t]*[:：][ \t]*"
CODE_TEXT = r"[A-Za-z0-9]{3,10}(?:[- ][A-Za-z0-9]{3,10}){0,3}"
CODE = lazy_pattern(CODE_TEXT)
TABLE_SEP = lazy_pattern(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


def table_cells(line: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of each cell of a table row (the text as written, blanks kept)."""
    out = []
    pos = 0
    stripped = line.strip()
    if stripped.startswith("|"):
        pos = line.index("|") + 1
    while pos <= len(line):
        end = line.find("|", pos)
        if end < 0:
            end = len(line)
        cell = line[pos:end]
        if cell.strip() or end < len(line):
            out.append((pos, end, cell))
        pos = end + 1
    return out
