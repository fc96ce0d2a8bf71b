"""A unified diff for a dialog: each line's ``+``/``-``/`` `` marker in a column of its
own, its text wrapping beside it, so a long line's continuation rows stay under its
text, coloured like it (newuser22 #23: wrapped by ``Syntax``, a ``+`` line's second row
began at column 0, uncoloured, and read as an unchanged line)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from memtui.core.reporting.safe_output import printable

#: Style of a line by its first characters (the longest prefix first).
STYLES = (("+++", "bold"), ("---", "bold"), ("@@", "cyan"), ("+", "green"), ("-", "red"))


def diff_view(diff: str) -> Table:
    """``diff`` (unified) as a two-column grid: marker, then the line's wrapped text."""
    grid = Table.grid(padding=0, expand=True)
    grid.add_column(no_wrap=True, width=1)
    grid.add_column(ratio=1, overflow="fold")
    for line in printable(diff, lines=True).splitlines():
        style = next((s for prefix, s in STYLES if line.startswith(prefix)), "")
        grid.add_row(Text(line[:1], style=style), Text(line[1:], style=style))
    return grid
