"""Where a markdown text shows code: its fenced blocks (CommonMark: up to three spaces, then
three or more backticks or tildes, closed by a run of the same mark at least as long) and
its code spans. What is shown as code is literal text: an ``@import`` or an ignore comment
in it is no directive."""

from __future__ import annotations

from collections.abc import Iterator

from memtui.core.scanner.lazy_pattern import lazy_pattern

#: A fenced block's opening or closing line.
FENCE = lazy_pattern(r"^\s{0,3}(`{3,}|~{3,})")
#: A code span: a run of backticks, text without that run, the same run.
CODE_SPAN = lazy_pattern(r"(`+)(?:(?!\1).)+?\1")


def unfenced_rows(text: str) -> Iterator[tuple[int, str, bool]]:
    """(1-based line number, line, inside a fenced block) of each line of ``text`` that is
    no fence line itself."""
    fence: str | None = None  # the open block's mark (None: outside code)
    for n, row in enumerate(text.splitlines(), 1):
        m = FENCE.match(row) if "`" in row or "~" in row else None
        if m is not None:
            mark = m[1][0] * 3
            if fence is None:
                fence = mark
            elif m[1].startswith(fence):
                fence = None
            continue
        yield n, row, fence is not None
