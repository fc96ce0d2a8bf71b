"""A unified diff for a dialog: each line's ``+``/``-``/`` `` marker in a gutter of its
own, its text wrapping beside it, so a long line's continuation rows stay under its
text, coloured like it (newuser22 #23: wrapped by ``Syntax``, a ``+`` line's second row
began at column 0, uncoloured, and read as an unchanged line). The file and hunk headers
(``---``, ``+++``, ``@@``) are drawn whole, their gutter blank. A continuation row repeats
its line's marker with ``↪`` (``-↪``, ``+↪``): a blank gutter read as a context line without
colour (newuser37 #30: NO_COLOR, a monochrome terminal, a colour-blind reader)."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from memtui.core.reporting.safe_output import printable

#: Style of a line by its first characters (the longest prefix first).
STYLES = (("+++", "bold"), ("---", "bold"), ("@@", "cyan"), ("+", "green"), ("-", "red"))
#: Marks a row that continues the line above it.
CONTINUED = "↪"


class DiffView:
    """``diff`` (unified) drawn row by row: a two-column gutter (the marker, then a space
    or, on a wrapped line's further rows, ``↪``), then the line's text wrapped beside it."""

    def __init__(self, diff: str) -> None:
        self.lines = printable(diff, lines=True).splitlines()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(3, options.max_width)

    def first_change(self, console: Console, width: int) -> int | None:
        """The row, drawn ``width`` cells wide, of the first removed or added line (None:
        no change)."""
        heads = headers(self.lines)
        rows = 0
        for n, line in enumerate(self.lines):
            if n not in heads and line[:1] in "+-":
                return rows
            rows += len(Text(line if n in heads else line[1:]).wrap(
                console, max(3, width) - 2, overflow="fold")) or 1
        return None

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(3, options.max_width) - 2
        heads = headers(self.lines)
        for n, line in enumerate(self.lines):
            style = next((s for prefix, s in STYLES if line.startswith(prefix)), "")
            # (a file or hunk header is no +/- line: whole, no gutter marker — newuser39
            # #15: "- -- a/MEMORY.md" read as a removed line)
            head = n in heads
            marker = " " if head else line[:1] or " "
            rows = Text(line if head else line[1:], style=style).wrap(
                console, width, overflow="fold") or [Text("")]
            for i, row in enumerate(rows):
                gutter = f"{marker} " if i == 0 else \
                    f"{marker if marker in '+-' else ' '}{CONTINUED}"
                out = Text(gutter, style=style, no_wrap=True, end="\n")
                out.append_text(row)
                yield out


def headers(lines: list[str]) -> set[int]:
    """The numbers of ``lines`` that are a file's ``---``/``+++`` pair or a hunk's ``@@``
    header (a removed line whose text starts ``--`` is no header: no ``+++`` follows it)."""
    out = {n for n, line in enumerate(lines) if line.startswith("@@ ")}
    for n in range(len(lines) - 1):
        if lines[n].startswith("--- ") and lines[n + 1].startswith("+++ "):
            out.update((n, n + 1))
    return out


def diff_view(diff: str) -> DiffView:
    """``diff`` (unified) as rows: marker gutter, then the line's wrapped text."""
    return DiffView(diff)
