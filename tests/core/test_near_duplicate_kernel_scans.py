"""The sketch's compiled scans (``memtui_native.numbers``, ``crcs``) return exactly what the
Python steps they replace return: `_NUMBER` / `_NUMBER_CJK`'s ``findall`` (``\\d``, ``\\w``
and ``[^\\W\\d_]`` as ``re`` reads them, every code point checked) and ``zlib.crc32`` of
each value's UTF-8.

Each test compares the two itself, so tests/core/conftest.py does not run it twice.
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import memtui.core.checks.near_duplicate_kernel as kernel
import memtui.core.checks.near_duplicate_sketch as nds

ROOT = Path(__file__).resolve().parents[2]
REAL = kernel.NATIVE
native = pytest.mark.skipif(REAL is None, reason="memtui_native not built here")


def _same(text: str) -> None:
    assert REAL is not None
    assert REAL.numbers(text, False) == nds._NUMBER.findall(text), text[:200]
    assert REAL.numbers(text, True) == nds._NUMBER_CJK.findall(text), text[:200]


@native
def test_every_code_point_reads_as_re_reads_it() -> None:
    """Each code point as a digit (``\\d``: a run of them one number), before a number
    (``\\w``, ``.`` and ``,``: no group of thousands after it), after a ``k`` (``[^\\W\\d_]``:
    no thousand), and between groups (the spaces that part them)."""
    points = [chr(c) for c in range(0x110000)]
    _same("".join(points))
    for cut in range(0, len(points), 0x10000):  # (in parts: a list of millions each)
        part = points[cut:cut + 0x10000]
        _same("".join(c + "1 234 " for c in part))
        _same("".join("1k" + c + " " for c in part))
        _same("".join("12" + c + "345 " for c in part))


_PIECES = st.sampled_from([*"0123456789٣۱१๒߁²½Ⅻ ,.:kK_aZé中\n\t\u00a0\u2009\u202f\u3000-",
                           "1 200", "12,500", "300k", "02:15", "1.4.2", "\ud800", "𝟙"])


@native
@settings(max_examples=600, deadline=None)
@given(st.lists(_PIECES, max_size=200).map("".join))
def test_numbers_are_the_findall_of_either_pattern(text: str) -> None:
    _same(text)


@native
@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(codec=None, exclude_categories=()), max_size=300))
def test_numbers_of_any_text(text: str) -> None:
    _same(text)


@native
def test_numbers_of_the_blind_sets_texts() -> None:
    files = sorted(p for d in ("blind_rules", "blind") for p in (ROOT / "tests/core" / d)
                   .rglob("*") if p.suffix in (".md", ".json") and p.is_file())
    assert len(files) > 100
    for path in files:
        _same(path.read_text(encoding="utf-8", errors="surrogateescape"))


def _crcs(values: list[str]) -> list[int] | type[Exception]:
    try:
        return [zlib.crc32(v.encode()) for v in values]
    except Exception as e:
        return type(e)


@native
@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(st.characters(codec=None, exclude_categories=()), max_size=20),
                max_size=30))
def test_crcs_are_zlibs(values: list[str]) -> None:
    """In order, for a list or a set; a lone surrogate raises as ``encode`` does."""
    assert REAL is not None
    try:
        got: list[int] | type[Exception] = REAL.crcs(values)
    except Exception as e:
        got = type(e)
    assert got == _crcs(values)
    as_set = set(values)
    try:
        got = REAL.crcs(as_set)
    except Exception as e:
        got = type(e)
    assert got == _crcs(list(as_set))


@native
def test_crcs_refuse_what_is_not_a_str() -> None:
    assert REAL is not None
    with pytest.raises(TypeError):
        REAL.crcs(["a", b"b"])
    with pytest.raises(TypeError):
        REAL.crcs(3)
    assert REAL.crcs(iter(["", "abc"])) == [0, zlib.crc32(b"abc")]


def test_the_python_steps_are_the_patterns(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the kernel `_numbers` and `_crcs` are the Python steps (they run everywhere)."""
    monkeypatch.setattr(nds, "NATIVE", None)
    assert nds._numbers("12 500 and 3k") == {"12500", "3", "3000"}
    assert nds._crcs(["abc"]) == [zlib.crc32(b"abc")]


def _fields_both(text: str) -> tuple[Any, Any]:
    """`fields` with the kernel and without it: its list or the type it raises."""
    def run() -> Any:
        try:
            return nds.fields(text)
        except Exception as e:  # a lone surrogate the UTF-8 encoder refuses: alike
            return type(e)
    saved = nds.NATIVE
    try:
        got = run()
        nds.NATIVE = None
        return got, run()
    finally:
        nds.NATIVE = saved


#: A line's pieces where `_FIELD` backtracks: blanks, list marks, keys of 29-31
#: characters, colons of both widths, values of 59-61, blanks ending a line.
_LINE = st.sampled_from([" ", "\t", "-", "*", "+", "_", "`", ":", "：", "a", "Ké", "中",
                         "\n", "x" * 29, "y" * 30, "z" * 31, "v" * 59, "w" * 60, "u" * 61,
                         "key: value", "- k: v w", "  * a b c d e: 1", "\ud800", "İ",
                         "ǅ", "١٢", "a_b", "Port：8080"])


@native
@settings(max_examples=800, deadline=None)
@given(st.lists(_LINE, max_size=60).map("".join))
def test_fields_are_the_python_steps(text: str) -> None:
    got, want = _fields_both(text)
    assert got == want, text


@native
@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(codec=None, exclude_categories=()), max_size=300))
def test_fields_of_any_text(text: str) -> None:
    got, want = _fields_both(text + "\nk: v\nl: w")
    assert got == want


@native
def test_fields_of_the_blind_sets_texts() -> None:
    files = sorted(p for d in ("blind_rules", "blind") for p in (ROOT / "tests/core" / d)
                   .rglob("*") if p.suffix in (".md", ".json") and p.is_file())
    seen = 0
    for path in files:
        got, want = _fields_both(path.read_text(encoding="utf-8", errors="surrogateescape"))
        assert got == want, path
        seen += bool(want)
    assert seen > 20  # fields found in many (the test can fail)


@native
def test_fields_edges() -> None:
    for text in ("a: 1\nb: 2", "  - key:   \nb: 2", "k:" + " " * 70 + "x\nb: 2",
                 "\n".join(f"key{i}: {'w ' * i}" for i in range(12)),
                 "\n".join(f"k{i}: v" for i in range(40)), "-\t\tk: v\n+ k:v", ""):
        got, want = _fields_both(text)
        assert got == want, text
    assert REAL is not None
    assert REAL.fields("a: x y\nb: z", 1) == nds.fields("a: x y\nb: z")[:1]


def test_a_quote_opens_with_one_of_the_marks_scanned_for() -> None:
    """`facts` asks `_QUOTED` only of a text holding one of `_OPENERS`: each alternative of
    the pattern opens with one of them, and the quotes are found as the pattern finds them."""
    opening = {alt.lstrip("\\")[0] for alt in nds._QUOTED.pattern.split("|")}
    assert opening == set(nds._OPENERS)
    for mark, close in zip("«„“「『\"", "»“”」』\"", strict=True):
        text = f"the term {mark}Mañana Build{close} and 42 and 7"
        want = {zlib.crc32(b"ma\xc3\xb1ana build") & nds.FACT_MASK}
        assert want <= set(nds.facts(text, [])), mark
    assert nds.facts("no quote here", []) == []


_LABEL_PIECES = st.sampled_from(["**", "__", "*", "_", ">", "-", "+", " ", "\t", "\n", "a",
                                 "中", "Why:", "x" * 39, "y" * 40, "z" * 41, "\ud800", "😀"])


@native
@settings(max_examples=800, deadline=None)
@given(st.lists(_LABEL_PIECES, max_size=60).map("".join))
def test_labels_are_the_patterns_sub(text: str) -> None:
    assert REAL is not None
    assert REAL.labels(text) == nds._LABEL.sub("\n", "\n" + text)


@native
@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(codec=None, exclude_categories=()), max_size=300))
def test_labels_of_any_text(text: str) -> None:
    assert REAL is not None
    for t in (text, "**" + text, "\n- __" + text[:30] + "__ " + text):
        assert REAL.labels(t) == nds._LABEL.sub("\n", "\n" + t)


@native
def test_labels_of_the_blind_sets_texts() -> None:
    assert REAL is not None
    files = sorted(p for d in ("blind_rules", "blind") for p in (ROOT / "tests/core" / d)
                   .rglob("*") if p.suffix in (".md", ".json") and p.is_file())
    changed = 0
    for path in files:
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
        want = nds._LABEL.sub("\n", "\n" + text)
        assert REAL.labels(text) == want, path
        changed += want != "\n" + text
    assert changed > 20  # labels left out of many (the test can fail)
