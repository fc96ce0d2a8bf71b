"""The kernel's bottom-k selection (``head``: the smallest distinct hashes picked by their top
bits before a sort) and its one-pass substring test (``holds``, the sketch's gates), against
what Python computes: the same bytes and bits on any input, the fallback equal where the
kernel is not built (bench/RESULTS.md, "ndcost25").
"""

from __future__ import annotations

import unicodedata
from array import array

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import memtui.core.checks.near_duplicate_kernel as kernel
import memtui.core.checks.near_duplicate_notation as notation
import memtui.core.checks.near_duplicate_sketch as nds

REAL = kernel.NATIVE
native = pytest.mark.skipif(REAL is None, reason="memtui_native not built here")


def _head(crcs: list[int], mask: int, k: int, bottom: int, fewest: int) -> bytes:
    """`near_duplicate_sketch.sketch`'s Python steps for the bins, count and bottom hashes."""
    found = {hash((c, 1)) & mask for c in crcs}
    if len(found) < fewest or not found:
        return b""
    kept = sorted(found)[:bottom]
    bins = [kept[0] ^ i for i in range(k)]
    for h in reversed(kept):
        bins[h & (k - 1)] = h
    return array("Q", [*bins, len(kept), *kept]).tobytes()


#: Masks whose values crowd few buckets (3 bits: every value a bucket of its own, one
#: bucket past 64 values), spread (30 bits, the sketch's), and the widest (32 bits).
_MASKS = st.sampled_from([1, 7, 0xFF, 0x3FF, 0xFFFF, (1 << 30) - 1, (1 << 32) - 1])


@native
@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, (1 << 32) - 1), max_size=1200), _MASKS,
       st.sampled_from([1, 2, 8, 64, 128, 300, 600]), st.sampled_from([0, 1, 8, 12, 200]),
       st.sampled_from([1, 8, 64]))
def test_head_is_the_sorted_set(crcs: list[int], mask: int, bottom: int, fewest: int,
                                k: int) -> None:
    assert REAL is not None
    assert REAL.head(crcs, "", mask, k, bottom, fewest) == _head(crcs, mask, k, bottom, fewest)


@native
@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 5000), min_size=1, max_size=50),
       st.integers(1, 40), _MASKS, st.sampled_from([8, 128]))
def test_head_with_values_repeated(values: list[int], times: int, mask: int,
                                   bottom: int) -> None:
    """Most values many times (a text's bigrams repeat: the selection reads twice as many
    values, and again, until enough are distinct)."""
    assert REAL is not None
    crcs = values * times
    assert REAL.head(crcs, "", mask, 64, bottom, 8) == _head(crcs, mask, 64, bottom, 8)


@native
def test_head_at_the_sizes_a_sketch_has() -> None:
    """Every count of values around ``bottom`` and twice it (where the selection starts and
    where it reads all), spread and crowded."""
    assert REAL is not None
    for n in (*range(120, 140), *range(250, 262), 400, 2000):
        for mask in ((1 << 30) - 1, 0x1FF):
            crcs = list(range(n)) + list(range(n // 3))  # a third repeated
            assert REAL.head(crcs, "", mask, 64, 128, 8) == _head(crcs, mask, 64, 128, 8)


def _holds(text: str, needles: tuple[str, ...]) -> int:
    return sum(1 << i for i, needle in enumerate(needles) if needle in text)


_CHARS = st.sampled_from([*"abBms0 .,:\n*_`#@+°℃年民和平成«„“「『\"", "\ud800", "𝟙", "中", "ศ"])
_TEXTS = st.lists(_CHARS, max_size=80).map("".join) | st.text(max_size=80)
_NEEDLES = st.lists(st.lists(_CHARS, max_size=4).map("".join) | st.text(max_size=3),
                    max_size=64).map(tuple)


@native
@settings(max_examples=800, deadline=None)
@given(_TEXTS, _NEEDLES)
def test_holds_is_each_in(text: str, needles: tuple[str, ...]) -> None:
    assert REAL is not None
    assert REAL.holds(text, needles) == _holds(text, needles)
    # every kind of str: ASCII, 1, 2 and 4 bytes a character, the needles of another kind
    for extra in ("", "é", "中", "𝟙"):
        assert REAL.holds(text + extra, needles) == _holds(text + extra, needles)


@native
def test_holds_finds_needles_at_the_edges_and_across_kinds() -> None:
    assert REAL is not None
    needles = ("000 ms", "中文", "𝟙𝟚", "B", "", "ms", "é")
    for text in ("000 ms", "x000 m", "中文", "中", "𝟙𝟚x", "𝟙", "aB", "é", "", "0000ms 中文"):
        assert REAL.holds(text, needles) == _holds(text, needles), text
    assert REAL.holds("a" * 70, tuple("a" * 64)) == (1 << 64) - 1


@native
def test_holds_refuses_bad_arguments() -> None:
    assert REAL is not None
    for call in (lambda: REAL.holds("a", tuple("a" * 65)), lambda: REAL.holds("a", ["a"]),
                 lambda: REAL.holds("a", (1,)), lambda: REAL.holds(b"a", ("a",))):
        with pytest.raises((ValueError, TypeError)):
            call()


def test_the_units_gate_is_each_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """`near_duplicate_notation`'s units gate, on the kernel and on the Python steps."""
    texts = ["4000 ms", "4000ms", "2 bytes", "3 KiB", "9 kB", "1 GB", "x TB", "3000 m s",
             "nothing", "中文 2048 MB", "000 m", ""]
    for native_mod in (REAL, None):
        monkeypatch.setattr(kernel, "NATIVE", native_mod)
        for text in texts:
            assert notation._UNITS(text) == any(m in text for m in notation._UNIT_MARKS)


def test_no_decimal_digit_is_chinese_japanese_or_korean() -> None:
    """The kernel's ``\\d`` passes over these ranges at one test (`_UNSPACED`)."""
    for lo, hi in ((0x3040, 0x30FF), (0x3400, 0x9FFF), (0xF900, 0xFAFF), (0xAC00, 0xD7AF)):
        assert not any(unicodedata.category(chr(c)) == "Nd" for c in range(lo, hi + 1))
        assert not any(chr(c).isdecimal() for c in range(lo, hi + 1))


def _facts(numbers: list[int], spelled: list[int]) -> list[int]:
    """`near_duplicate_sketch.facts`' last steps (no span, address, handle nor quote)."""
    mask, bit = nds.FACT_MASK, nds.WORD_BIT
    plain = {n & mask for n in numbers}
    marked = {(s & mask) | bit for s in spelled if s & mask not in plain}
    return sorted(plain | marked)[:nds.MAX_FACTS]


_INTS = st.lists(st.integers(-(1 << 70), 1 << 70) | st.integers(0, (1 << 32) - 1)
                 | st.sampled_from([0, 1, nds.FACT_MASK, nds.WORD_BIT]), max_size=60)


@native
@settings(max_examples=500, deadline=None)
@given(_INTS, _INTS)
def test_plain_facts_are_the_python_steps(numbers: list[int], spelled: list[int]) -> None:
    assert REAL is not None
    got = REAL.plain_facts(numbers, spelled, nds.FACT_MASK, nds.WORD_BIT, nds.MAX_FACTS)
    assert got == _facts(numbers, spelled)
    assert REAL.plain_facts([*numbers, "1"], spelled, 7, 8, 32) is None
    assert REAL.plain_facts(numbers, [*spelled, 1.0], 7, 8, 32) is None


_FACT_TEXTS = st.lists(st.sampled_from([*"`#@:/«„“「『\"x 1中", "://", "`a b`", "#ops", "@kim",
                                        "“term”", "https://x.y/z"]), max_size=30).map("".join)


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # (a context each)
@given(_FACT_TEXTS, _INTS, _INTS)
def test_facts_are_the_same_on_both_paths(monkeypatch: pytest.MonkeyPatch, text: str,
                                          numbers: list[int], spelled: list[int]) -> None:
    numbers = [n & 0xFFFFFFFF for n in numbers]  # (CRC-32s, as the sketch's are)
    spelled = [n & 0xFFFFFFFF for n in spelled]
    with monkeypatch.context() as m:
        m.setattr(nds, "NATIVE", None)
        want = nds.facts(text, numbers, spelled)
    assert nds.facts(text, numbers, spelled) == want


def _zeros(found: list[str]) -> set[str]:
    return set(nds._LEADING_ZEROS.sub("", "\n".join(found)).split("\n"))


_TOKENS = st.lists(st.text("0123456789", min_size=1, max_size=8)
                   | st.sampled_from(["0", "00", "000", "0070", "1,5", "2.0", "3k", "12 500",
                                      "٣", "02:15", ""]), max_size=30)


@native
@settings(max_examples=500, deadline=None)
@given(_TOKENS)
def test_digits_are_the_zeros_step(found: list[str]) -> None:
    assert REAL is not None
    plain = bool(found) and all(t and t.isascii() and t.isdigit() for t in found)
    assert REAL.digits(found) == (_zeros(found) if plain else None)
