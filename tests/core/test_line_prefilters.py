"""relative_date and stale_reference read only the lines their cheap whole-text searches
point at: on any text they answer what reading every line answers (the former
implementations, kept here as the reference)."""

from __future__ import annotations

import random
import re

import pytest

from memtui.core.checks import relative_date as rd
from memtui.core.checks import stale_reference as sr
from memtui.core.creds.detector import _HINT_WORDS
from memtui.core.scanner.keywords import KeywordProbe

_FENCE = re.compile(r"^\s*(?:```|~~~)")


def _relative_every_line(line: str) -> str | None:
    for pattern in (rd._SPACED_RE, rd._MORGEN, rd._MANANA, rd._KO):
        m = pattern.search(line)
        if m is not None:
            return m.group()
    for m in rd._CJK.finditer(line):
        if rd._CJK_NOT.search(line[max(0, m.start() - 2):m.end() + 2]) is None:
            return m.group()
    return None


def relative_dates_every_line(body: str, first_line: int) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    fenced = False
    for no, line in enumerate(body.split("\n"), start=first_line):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced or not line.strip():
            continue
        prose = rd._CODE_SPAN.sub(" ", line) if "`" in line else line
        word = _relative_every_line(prose)
        if word is None or rd._ABSOLUTE.search(prose) is not None:
            continue
        out.append((no, f"\u201c{word}\u201d is a relative date with no absolute one beside "
                        "it: a later reader cannot tell when that was"))
        if len(out) >= rd.MAX_LINES:
            break
    return out


def references_every_line(body: str, first_line: int) -> list[sr.Ref]:
    out: list[sr.Ref] = []
    fenced = False
    for no, line in enumerate(body.split("\n"), start=first_line):
        if len(out) >= sr.MAX_REFS:
            break
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            if "-" in line and sr._command_like(line):
                out.append((no, "command", line.strip()[:300]))
            continue
        if not line.strip():
            continue
        line = line[:sr.MAX_LINE]
        prose = sr._LINK_TARGET.sub(" ", line) if ("](" in line or "http" in line) else line
        if "~~" in prose:
            prose = sr._STRUCK.sub(" ", prose)
        before = len(out)
        for m in sr._PATH.finditer(prose):
            out.append((no, "path", m.group(0)))
        if "`" in prose:
            for m in sr._SPAN.finditer(prose):
                span = m.group(1)
                sym = sr._symbol(span)
                if sym is not None:
                    out.append((no, *sym))
                elif ("-" in span and sr._command_like(span)) or sr._runs_task(span):
                    out.append((no, "command", span.strip()))
        if len(out) > before and sr._dated(sr._SPAN.sub(" ", prose)):
            out.append((no, "dated", ""))
    return out[:sr.MAX_REFS]


_PIECES = ["```", "~~~", "  ```py", "\t~~~", "`", "`x`", "tomorrow", "next`x`week",
           "next week", "NEXT WEEK", "ſprint", "last ſprint", "3 days ago", "2026-05-01",
           "May 1", "3`x`일 전", "내일", "가`x`내일", "上週", "明天", "前天然", "今日頭條",
           "src/app.py", "src/app.py:12",
           "app -v", "-x", "`tool -k x`", "\t-statsd-addr", "see [a](src/b.py)", "https://x.io/a/b.py",
           "~~src/old.py~~", "`load_config()`", "`python -m app --dry-run`", "--force",
           "python -m app --verbose", "la semaine prochaine", "el mes pasado", "hier",
           "\r", " ", "word", "ıdle next week", "\u0130n 3 days", "завтра", "на этой неделе",
           "x" * 30]


def _texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    texts = []
    for _ in range(count):
        lines = []
        for _ in range(rng.randint(0, 14)):
            lines.append(" ".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 4))))
        texts.append("\n".join(lines))
    return texts


@pytest.mark.parametrize("seed", range(4))
def test_relative_dates_answer_as_reading_every_line(seed: int) -> None:
    for text in _texts(seed, 500):
        assert rd.relative_dates(text, 7) == relative_dates_every_line(text, 7), text


_PROBED = ["wee\u212a", "next wee\u212a", "DAY", "3 DAYS AGO", "MAÑANA", "l'ANNÉE prochaine",
           "dzi\u015b", "Gün", "d\u0130y", "ngày mai", "sprint", "é", "\u212a", "記憶"]


@pytest.mark.parametrize("seed", range(4))
def test_relative_dates_answer_the_same_with_a_shared_probe(seed: int) -> None:
    """The anchor search is skipped where the scan's probe (of the whole file: frontmatter
    and body) finds no anchor word; it never misses one."""
    rng = random.Random(200 + seed)
    pieces = _PIECES + _PROBED
    for _ in range(400):
        body = "\n".join(" ".join(rng.choice(pieces) for _ in range(rng.randint(0, 4)))
                         for _ in range(rng.randint(0, 10)))
        head = rng.choice(["", "---\nname: x\ntype: project\n---\n", "---\nname: Day\n---\n"])
        probe = KeywordProbe(head + body)
        if rng.random() < 0.5:
            probe.present(_HINT_WORDS)  # another list asked first: one pass serves both
        assert rd.relative_dates(body, 7, probe) == relative_dates_every_line(body, 7), body


@pytest.mark.parametrize("seed", range(4))
def test_references_answer_as_reading_every_line(seed: int) -> None:
    for text in _texts(100 + seed, 500):
        assert sr.references(text, 3) == references_every_line(text, 3), text


def test_the_bounds_hold_as_before() -> None:
    many = "\n".join(f"Shipped tomorrow {i}." for i in range(30))
    assert rd.relative_dates(many, 1) == relative_dates_every_line(many, 1)
    paths = "\n".join(f"see src/m{i}.py and `do_it_{i}()`" for i in range(300))
    assert sr.references(paths, 1) == references_every_line(paths, 1)
    assert len(sr.references(paths, 1)) == sr.MAX_REFS
