"""relative_date's cheap look first (`ANCHORS`, `_may_hold`): every string its patterns can
match holds an anchor, so skipping a line without one never loses a finding; the answers
are the full search's on lines that hold one."""

from __future__ import annotations

import re

import pytest

from memtui.core.checks import relative_date as rd
from memtui.core.checks import relative_lines


def _strings(pattern: str) -> set[str]:
    """Every string ``pattern`` matches, for the syntax relative_date's patterns use
    (literals, groups, ``|``, ``?``, classes and ``\\d`` taken once each, repeats ``+``
    taken once, lookarounds as nothing)."""
    at = 0

    def atom() -> set[str]:
        nonlocal at
        c = pattern[at]
        if c == "(":
            if pattern.startswith(("(?<!", "(?<=", "(?!", "(?="), at):
                at = pattern.index(")", at) + 1 if pattern[at + 3] != "[" else \
                    pattern.index("])", at) + 2
                return {""}
            at += 3 if pattern.startswith("(?:", at) else 1
            inner = alternation()
            assert pattern[at] == ")"
            at += 1
            return inner
        if c == "[":
            end = pattern.index("]", at + 1)
            body = pattern[at + 1:end]
            at = end + 1
            return {"1" if body.startswith("0-9") else body[0]}
        if c == "\\":
            at += 2
            return {"7" if pattern[at - 1] == "d" else pattern[at - 1]}
        at += 1
        return {c}

    def sequence() -> set[str]:
        nonlocal at
        out = {""}
        while at < len(pattern) and pattern[at] not in "|)":
            got = atom()
            if at < len(pattern) and pattern[at] in "?+":
                if pattern[at] == "?":
                    got = got | {""}
                at += 1
            out = {a + b for a in out for b in got}
        return out

    def alternation() -> set[str]:
        nonlocal at
        out = sequence()
        while at < len(pattern) and pattern[at] == "|":
            at += 1
            out |= sequence()
        return out

    got = alternation()
    assert at == len(pattern), pattern[at:]
    return got


def _pattern(compiled: re.Pattern[str]) -> str:
    """The pattern to enumerate: a trailing lookahead (``_KO``'s particles) only narrows
    what matches, so the strings of what comes before it are all there is to anchor."""
    pattern = compiled.pattern.removeprefix("(?i)")
    return pattern[:pattern.index("(?=")] if pattern.endswith(")") and "(?=" in pattern \
        else pattern


@pytest.mark.parametrize("name", ["_SPACED_RE", "_MORGEN", "_MANANA", "_KO", "_CJK"])
def test_every_string_a_pattern_matches_holds_an_anchor(name: str) -> None:
    strings = _strings(_pattern(getattr(rd, name)))
    assert strings
    for s in strings:
        assert getattr(rd, name).search(s) is not None, s  # the enumeration is right
        assert rd._may_hold(s), s
        assert rd._may_hold(s.upper()) and rd._may_hold(s.title()), s


def test_the_odd_case_characters_are_every_one_the_lower_case_misses() -> None:
    """The characters a case-blind pattern takes for an anchor's letter but whose lower case
    is not that letter, computed over all of Unicode."""
    letters = sorted(set("".join(rd.ANCHORS)))
    every = "".join(chr(i) for i in range(0x110000) if not 0xD800 <= i < 0xE000)
    odd = {c for a in letters for c in re.findall("(?i)" + re.escape(a), every)
           if c.lower() != a}
    assert odd == set(relative_lines.ODD_CASE)


@pytest.mark.parametrize("line", [
    "The freeze starts tomorrow.", "ſhipped laſt week.", "LAST WEEK", "Das ist morgen.",
    "The nightly job runs every day.", "Nowadays the team is bigger.", "오늘날 쓰는 방식.",
    "前天然気ガスの話。", "上週把資料庫遷走了。", "3 DAYS AGO", "tomorrow" + "\u0130", "no date",
    "ın next week", "la semaine prochaine", "на следующей неделе", "",
])
def test_the_answer_is_the_full_searchs(line: str) -> None:
    full = None
    for pattern in (rd._SPACED_RE, rd._MORGEN, rd._MANANA, rd._KO):
        m = pattern.search(line)
        if m is not None:
            full = m.group()
            break
    else:
        for m in rd._CJK.finditer(line):
            if rd._CJK_NOT.search(line[max(0, m.start() - 2):m.end() + 2]) is None:
                full = m.group()
                break
    assert rd._relative(line) == full


def test_every_string_a_part_matches_holds_one_of_its_anchors() -> None:
    """`_spaced` searches only the parts of ``_SPACED_RE`` whose anchors a line holds: each
    string a part matches, in any case, holds one of that part's anchors lower-cased (or an
    odd-case character, which makes every part searched)."""
    assert len(rd._PARTS) == len(rd._SPACED) == len(rd._PART_ANCHORS)
    for part, anchors, compiled in zip(rd._SPACED, rd._PART_ANCHORS, rd._PARTS, strict=True):
        strings = _strings(part)
        assert strings and anchors, part
        derived = tuple(a for a in rd.ANCHORS if any(
            a in v.lower() for s in strings for v in (s, s.upper(), s.title())))
        assert anchors == derived, part  # the table is current: made from the patterns
        for s in strings:
            assert compiled.search(s) is not None, s
            for variant in (s, s.upper(), s.title()):
                assert any(a in variant.lower() for a in anchors) or \
                    rd._ODD_CASE.search(variant) is not None, (part, variant)


def _lines() -> list[str]:
    """Lines holding the parts' strings in contexts that make them match or not: alone,
    inside words, after an apostrophe or a hyphen, two at once (in either order, and one
    inside the other's span), upper- and title-cased, with odd-case characters."""
    import random

    every = sorted({s for part in rd._SPACED for s in _strings(part)})
    rng = random.Random(35)
    out = ["", "no date here", "weekly report", "Nowadays", "ſhipped laſt week", "ın next week"]
    for s in every:
        out += [s, f"x {s} y", f"{s}ly", f"un{s}", f"l'{s}", f"-{s}", f"{s}-", s.upper(),
                s.title(), f"({s}).", f"İ {s}"]
    for _ in range(3000):
        a, b = rng.choice(every), rng.choice(every)
        out += [f"{a} {b}", f"{a}{b}", f"{b[: len(b) // 2]}{a} {b}", f"{a}, then {b}!"]
    return out


def test_the_parts_answer_as_the_whole_pattern() -> None:
    for line in _lines():
        whole = rd._SPACED_RE.search(line)
        lower = line.lower()
        odd = rd._ODD_CASE.search(line) is not None
        parts = rd._spaced(line, lower, odd) if rd._ANCHOR.search(lower) or odd else None
        assert (whole is None) == (parts is None), line
        if whole is not None:
            assert parts is not None and parts.span() == whole.span() and \
                parts.group() == whole.group(), line
