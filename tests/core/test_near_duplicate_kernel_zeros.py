"""`_numbers`' last step compiled (``memtui_native.zeros``, issue 34) returns exactly what the
Python step it replaces returns: ``set(_LEADING_ZEROS.sub("", joined).split("\\n"))``, for
any text (``\\d`` as ``re`` reads it: every code point checked), and `_numbers` the same
sets on both paths.

Each test compares the two itself, so tests/core/conftest.py does not run it twice.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import memtui.core.checks.near_duplicate_kernel as kernel
import memtui.core.checks.near_duplicate_sketch as nds

ROOT = Path(__file__).resolve().parents[2]
REAL = kernel.NATIVE
native = pytest.mark.skipif(REAL is None, reason="memtui_native not built here")


def _want(joined: str) -> set[str]:
    return set(nds._LEADING_ZEROS.sub("", joined).split("\n"))


def _same(joined: str) -> None:
    assert REAL is not None
    assert REAL.zeros(joined) == _want(joined), joined[:200]


@native
def test_every_code_point_before_between_and_after_zeros() -> None:
    """Each code point before a run of zeros (a digit or a point keeps them), after one (a
    digit, ``\\d`` as ``re`` reads it, takes them all; anything else leaves the last), and
    inside a number."""
    for cut in range(0, 0x110000, 0x8000):
        part = [chr(c) for c in range(cut, min(cut + 0x8000, 0x110000))]
        _same("\n".join(c + "007\n" + c + "00" + c + "\n0" + c + "0:05" + c for c in part))


_PIECES = st.sampled_from([*"0000123456789.:,\n kK٠١२𝟘²a\u00a0", "00", "000", "0.0", "10.05"])


@native
@settings(max_examples=800, deadline=None)
@given(st.lists(_PIECES, max_size=60).map("".join))
def test_zeros_are_the_patterns_sub(joined: str) -> None:
    _same(joined)


@native
@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(codec=None, exclude_categories=()), max_size=100))
def test_zeros_of_any_text(joined: str) -> None:
    _same(joined)


@native
def test_zeros_edges() -> None:
    assert REAL is not None
    for joined in ("", "\n", "0", "00", "000", "0\n", "\n0", "007", "0.07", "1.007", "a00",
                   "x.00", ":0005", "09234\n00\n0", "0٣", "00𝟘", "00\n1"):
        _same(joined)
    with pytest.raises(TypeError):
        REAL.zeros(b"007")
    # the sets' strings are the pattern's: equal, hashed alike, of the same kind
    got = REAL.zeros("007\n0\u0663\n\u20ac00")
    assert got == {"7", "\u0663", "\u20ac0"} == _want("007\n0\u0663\n\u20ac00")
    assert {s.isascii() for s in got} == {True, False}


@native
def test_numbers_are_the_same_on_both_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    """`_numbers` of many texts (the blind sets', and made of numbers with zeros) the same
    with the kernel and without it."""
    files = sorted(p for d in ("blind_rules", "blind") for p in (ROOT / "tests/core" / d)
                   .rglob("*.md") if p.is_file())
    assert len(files) > 100
    texts = [p.read_text(encoding="utf-8", errors="surrogateescape") for p in files]
    rng = random.Random(34)
    texts += [" ".join(rng.choice(["007", "0.50", "10:05", "00:00", "1,005", "0k", "٠٠٧",
                                   "2025-04-05", "0042", "x", "0"]) for _ in range(20))
              for _ in range(500)]
    runs = [nds._read(t)[1] for t in texts]
    compiled = [nds._numbers(t, r) for t, r in zip(texts, runs, strict=True)]
    monkeypatch.setattr(nds, "NATIVE", None)
    assert [nds._numbers(t, r) for t, r in zip(texts, runs, strict=True)] == compiled
