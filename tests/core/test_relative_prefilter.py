"""relative_date's line prefilter: one search finds the lines its three patterns find."""

from __future__ import annotations

import random
import re

import pytest

from memtui.core.checks import relative_date as rd
from memtui.core.checks import relative_lines

PAIRS = relative_lines.CJK_PAIRS
PIECES = [*PAIRS, *(p[0] for p in PAIRS), *(p[1] for p in PAIRS), *relative_lines.KO_SYLLABLES,
          *relative_lines.ODD_CASE, "\n", "\n", " ", "x", "記憶", "之前", "오늘", "가"]


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
        relative_lines.lines_of(text, relative_lines.LINE_ANCHOR, got)
        assert got == want, text
        assert lines_each(text, relative_lines.LINE_ANCHOR) == want


def test_lines_of_skips_to_the_next_line() -> None:
    got: set[int] = set()
    relative_lines.lines_of("今天今天\nx\n\n明天 今天\n", relative_lines.LINE_ANCHOR, got)
    assert got == {0, 3}
    got.clear()
    relative_lines.lines_of("今天", relative_lines.LINE_ANCHOR, got)
    assert got == {0}


def test_the_compiled_lines_are_the_patterns() -> None:
    """``memtui_native.line_anchors`` (issue 35) finds the lines `_LINE_ANCHOR` finds: random
    texts of the pairs, their halves, the single characters and their neighbours, in each
    string width (Latin-1, BMP, astral), and each character of the BMP beside each lead."""
    from memtui.core.native import native_module

    module = native_module()
    if module is None:
        pytest.skip("the C extension is not built")
    compiled = module.line_anchors  # (built: it has them)
    # (the audit's path when built; compared by name: a test that reloads the extension
    # makes a new function object of the same one, and the CI run had one before)
    assert getattr(relative_lines.COMPILED, "__name__", None) == compiled.__name__
    rnd = random.Random(3535)
    pieces = [*PIECES, "é", "\U0001f600", "\U00020000", "\r", "\t"]
    for _ in range(20000):
        text = "".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 40)))
        want: set[int] = set()
        relative_lines.lines_of(text, relative_lines.LINE_ANCHOR, want)
        got = compiled(text, relative_lines.LEADS, relative_lines.FOLLOWERS)
        assert got == sorted(want), text
    for point in range(0x10000):
        c = chr(point)  # after each lead, before it, and alone at a text's end
        text = "".join(f"{lead}{c}\n{c}{lead}\n" for lead in relative_lines.LEADS) + c
        want = set()
        relative_lines.lines_of(text, relative_lines.LINE_ANCHOR, want)
        assert compiled(text, relative_lines.LEADS, relative_lines.FOLLOWERS) == sorted(want), point


def test_candidates_the_same_on_either_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """`relative_date._candidates` and the findings are the same with the compiled lines
    and with the pattern's."""
    rnd = random.Random(36)
    words = [*PIECES, "yesterday", "tomorrow", "hôm qua", "어제", "# 2024-01-02\n", "`今天`"]
    texts = ["".join(rnd.choice(words) for _ in range(rnd.randint(0, 30)))
             for _ in range(3000)]
    fast = [(sorted(rd._candidates(t)), rd.relative_dates(t, 1)) for t in texts]
    monkeypatch.setattr(relative_lines, "COMPILED", None)
    slow = [(sorted(rd._candidates(t)), rd.relative_dates(t, 1)) for t in texts]
    assert fast == slow
