"""The scan's cheap cases (issue 35) answer as the steps they stand in for: a path
``normpath`` gives back, a width from a length, a bold label's mark after a space, the
template's label lines, the body read a line at a time."""

from __future__ import annotations

import posixpath
import random

from memtui.core.checks import missing_why as mw
from memtui.core.scanner.index import display_width, wider_than
from memtui.core.scanner.links import _normal, resolve_href

PARTS = ["a", "b.md", ".", "..", "/", "//", "%2e", "%2F", "#x", "?q", "x y", "é", "", "...",
         ".md", "memory", "~", ":", "http:", "\x00"]


def test_a_normal_path_is_what_normpath_gives_back() -> None:
    rnd = random.Random(351)
    for _ in range(50000):
        path = "".join(rnd.choice(PARTS) for _ in range(rnd.randint(1, 6)))
        if path and not path.startswith("/") and _normal(path):  # (else: the full step)
            assert posixpath.normpath(path) == path, path


def test_resolve_href_as_joined_and_normalised() -> None:
    rnd = random.Random(352)
    sources = ["MEMORY.md", "memory/x.md", "a/b/c.md", "./x.md", "a//b.md", "../x.md",
               "a/./b.md", "a/../b.md", "", "a/", "x"]
    for _ in range(50000):
        href = "".join(rnd.choice(PARTS) for _ in range(rnd.randint(1, 6)))
        source = rnd.choice(sources)
        got = resolve_href(source, href)
        if got is None or got[0] is None:
            continue
        from urllib.parse import unquote

        path = unquote(href.strip().split("#", 1)[0].split("?", 1)[0])
        assert got == (posixpath.normpath(posixpath.join(posixpath.dirname(source), path)),
                       False), (source, href)


def test_wider_than_is_the_width_compared() -> None:
    rnd = random.Random(353)
    chars = ["a", "記", "é", "\uff21", "\u0301", " ", "\U0001f600"]
    for _ in range(20000):
        text = "".join(rnd.choice(chars) for _ in range(rnd.randint(0, 300)))
        for columns in (0, 1, 60, 120, 121, 240, 480):
            assert wider_than(text, columns) == (display_width(text) > columns), text


def test_the_bold_mark_after_a_space_is_every_inline_labels_start() -> None:
    rnd = random.Random(354)
    atoms = ["**", "__", " ", "\t", "\u3000", "\u00a0", "Why", "How to apply", ":", "：", "x",
             "*", "_", "理由", "\n"]
    for _ in range(30000):
        line = "".join(rnd.choice(atoms) for _ in range(rnd.randint(0, 20)))
        head = line[:800]
        if not mw._bold_after_space(head):
            assert next(mw._INLINE.finditer(head, 1), None) is None, line


def test_the_template_lines_say_what_the_reading_says() -> None:
    rnd = random.Random(355)
    tails = ["", " ", " x", " **", " —", "x", " … ", "\t", " * _ :", " 理由", ":** y"]
    for label in mw._TEMPLATE:
        for tail in tails:
            for extra in ("", " " * rnd.randint(0, 250) + "z"):
                line = label + tail + extra
                head = line[:mw._LINE]
                rest = head[mw._LEAD.match(head).end():]  # type: ignore[union-attr]
                colon = mw._COLON.search(rest, 0, mw.MAX_LABEL + 8)
                assert colon is not None
                assert mw._says_something(line) == bool(rest[colon.end():].strip(mw._BARE))


def test_the_body_a_line_at_a_time() -> None:
    for body in ["", "\n", "a", "a\n", "\na\n\nb", "**Why:** x\n**How to apply:** y\n"]:
        assert list(mw._lines(body)) == body.split("\n")
