"""relative_date's line prefilter: one search finds the lines its three patterns find."""

from __future__ import annotations

import random
import re

from memtui.core.checks import relative_date as rd

PIECES = [*rd.CJK_PAIRS, *(p[0] for p in rd.CJK_PAIRS), *(p[1] for p in rd.CJK_PAIRS),
          *rd.KO_SYLLABLES, *rd.ODD_CASE, "\n", "\n", " ", "x", "記憶", "之前", "오늘", "가"]


def lines_each(text: str, pattern: re.Pattern[str]) -> set[int]:
    """The 0-based lines holding a match, read match by match."""
    return {text.count("\n", 0, m.start()) for m in pattern.finditer(text)}


def test_one_search_finds_the_lines_of_the_three() -> None:
    rnd = random.Random(35)
    for _ in range(2000):
        text = "".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 60)))
        want = set().union(*(lines_each(text, p) for p in (rd._ODD_CASE, rd._KO_ANCHOR,
                                                             rd._CJK_PAIR)))
        got: set[int] = set()
        rd._lines_of(text, rd._LINE_ANCHOR, got)
        assert got == want, text
        assert lines_each(text, rd._LINE_ANCHOR) == want


def test_lines_of_skips_to_the_next_line() -> None:
    got: set[int] = set()
    rd._lines_of("今天今天\nx\n\n明天 今天\n", rd._LINE_ANCHOR, got)
    assert got == {0, 3}
    got.clear()
    rd._lines_of("今天", rd._LINE_ANCHOR, got)
    assert got == {0}
