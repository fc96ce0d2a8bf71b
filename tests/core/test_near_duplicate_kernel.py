"""The compiled kernel (``memtui_native``) returns exactly what the sketch's (and the
pairing's shared-hash count's) Python steps return, on any text a str can hold; without it
(not built, turned off, another kernel's build, a build whose hashes are not Python's) the
Python steps run.

Each test comparing the two paths is skipped where the kernel is not built (a checkout
without ``python hatch_build.py``, an install without a compiler); the fallback's tests run
everywhere. The near-duplicate test modules run on both paths too (tests/core/conftest.py).
"""

from __future__ import annotations

import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import memtui.core.checks.near_duplicate_kernel as kernel
import memtui.core.checks.near_duplicate_sketch as nds

ROOT = Path(__file__).resolve().parents[2]
native = pytest.mark.skipif(kernel.NATIVE is None, reason="memtui_native not built here")


def _outcome(f: Callable[[], Any]) -> Any:
    """What ``f`` returns, or the type of what it raises (both paths must raise alike)."""
    try:
        return f()
    except Exception as e:  # a surrogate the UTF-8 encoder refuses
        return type(e)


def both(monkeypatch: pytest.MonkeyPatch, f: Callable[[], Any]) -> tuple[Any, Any]:
    """(``f`` on the kernel, ``f`` on the Python steps)."""
    monkeypatch.setattr(nds, "NATIVE", kernel.NATIVE)
    got = _outcome(f)
    monkeypatch.setattr(nds, "NATIVE", None)
    return got, _outcome(f)


def steps(text: str, kind: str = "") -> Callable[[], Any]:
    """Every step the kernel replaces, with its result's type, and the whole sketch."""
    def run() -> Any:
        read = nds._read(text)
        out = [read, [type(x) for x in read[1]], nds._words(text), nds._words(text, True),
               nds._shingles(*read), nds.shingle_hashes(text), nds.sketch(text, kind)]
        for pattern in (nds._STEM_PLAIN, nds._STEM_RE):
            out.append(nds._stems(pattern, text))
        return out
    return run


def check(monkeypatch: pytest.MonkeyPatch, text: str, kind: str = "") -> None:
    got, want = both(monkeypatch, steps(text, kind))
    assert got == want, text[:200]


#: Scripts and edges: CJK (dense and not, runs cut at the window), mixed, Indic, Arabic,
#: Thai, Greek's final sigma, Turkish İ, surrogates (alone, paired as a str cannot hold:
#: two code points), non-BMP letters, digits of other scripts, NUL.
EDGES = [
    "", " ", "a", "ab", "abc", "\0", "\0" * 50, "ÀÉÎ", "İstanbul İzmir 12 km", "ΟΔΟΣ οδός",
    "日本語" * 400, "中" * 599 + "文字" * 10, "中" * 300, "中" * 299 + "a" + "中" * 400,
    "x" * 8_000 + "中文" * 10, "批次 12 的良率 93.5%，" + "蝕刻速率在保養之後漂移，" * 40,
    "한국어 테스트 3월 정산 12,400,000원", "नमस्ते दुनिया, यह एक परीक्षण है १२३",
    "والأحد الكتاب في المدرسة ٣ أيام", "ภาษาไทยเขียนติดกันไม่มีช่องว่าง ๑๒",
    "\ud800abc\udfff def \udc00\ud800", "𠀀𠀁𠀂 𝒜𝒷𝒸𝒹 😀😀😀 text", "٣٤٥ ۱۲۳ ߁߂ ²³¹ ½ Ⅻ",
    "\ufeff\u200bzero\u200dwidth\u00adsoft", "ｆｕｌｌ ｗｉｄｔｈ ＰＤＦ １２３",
    "__init__ snake_case",
    "**Why:** the reason\n**How to apply:** always, 14:30, 18h00, two hundred",
    "x\u3040\u30ff\u3400\u9fff\uf900\ufaff\uac00\ud7af\u303f\u3100\ua000\ud7b0y" * 30,
]


@native
@pytest.mark.parametrize("text", EDGES)
def test_edges_are_the_same_on_both_paths(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    check(monkeypatch, text, "feedback")


@native
@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(st.characters(codec=None, exclude_categories=()), max_size=700))
def test_any_text_is_the_same_on_both_paths(monkeypatch: pytest.MonkeyPatch,
                                             text: str) -> None:
    """Any code point, surrogates included."""
    check(monkeypatch, text)


_MIXED = st.sampled_from([*"abcXYZ éÎßİıΣσς中文日本語한국어ไทยनमअ٣۱١2_ \n\0\ud800😀-:.,",
                          "**", "`", "12:30", "1 200", "two", "dos", "3k", "二十五"])


@native
@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(_MIXED, max_size=900).map("".join))
def test_mixed_scripts_are_the_same_on_both_paths(monkeypatch: pytest.MonkeyPatch,
                                                   text: str) -> None:
    """Runs of letters, CJK and digits of many scripts against each other."""
    check(monkeypatch, text)


def _blind_texts() -> list[Path]:
    return sorted(p for d in ("blind_rules", "blind") for p in (ROOT / "tests/core" / d)
                  .rglob("*") if p.suffix in (".md", ".json") and p.is_file())


@native
def test_the_blind_sets_texts_are_the_same_on_both_paths(
        monkeypatch: pytest.MonkeyPatch) -> None:
    files = _blind_texts()
    assert len(files) > 100
    for path in files:
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
        got, want = both(monkeypatch, lambda t=text: [nds.sketch(t), nds.sketch(t, "project"),
                                                      nds.shingle_hashes(t)])
        assert got == want, path


@native
def test_every_code_point_is_a_letter_as_re_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel's letter (``[^\\W\\d_]``, CJK out or in) and CJK run, code point by code
    point against ``re``'s, every code point a str can hold."""
    native_mod = kernel.NATIVE
    assert native_mod is not None
    for plain, pattern in ((True, nds._STEM_PLAIN), (False, nds._STEM_RE)):
        step = 1 << 12
        for start in range(0, sys.maxunicode + 1, step):
            chunk = "".join(chr(c) * 3 + " " for c in range(start,
                                                            min(start + step, 0x110000)))
            assert native_mod.stems(chunk, plain, nds.STEM) == pattern.findall(chunk), start
    monkeypatch.setattr(nds, "MAX_CJK", 10 ** 6)
    monkeypatch.setattr(nds, "MAX_CHARS", 10 ** 6)
    every = "".join(map(chr, range(0x2F00, 0xE000))) + "".join(map(chr, range(0xF800, 0xFB00)))
    got, want = both(monkeypatch, lambda: nds._read(every))
    assert got == want and len(got[1]) == 4


@native
def test_huge_texts_are_bounded_and_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text of millions of characters (the window bounds it), and the caps lifted (every
    character read: the kernel's buffers grow with the input, never past it)."""
    for text in ("中文" * 2_000_000, "word " * 1_000_000 + "十二", "😀a" * 1_000_000):
        check(monkeypatch, text)
    for cap in ("MAX_CHARS", "MAX_CJK"):
        monkeypatch.setattr(nds, cap, 10 ** 9)
    for text in ("中文字" * 100_000, "abc def 12 " * 50_000, "\ud800中" * 50_000):
        got, want = both(monkeypatch, lambda t=text: [nds.shingle_hashes(t), nds.sketch(t)])
        assert got == want


@native
def test_the_kernel_refuses_bad_arguments_without_crashing() -> None:
    """Wrong types and bounds raise (TypeError, ValueError, OverflowError); nothing crashes."""
    n = kernel.NATIVE
    assert n is not None
    bad: list[Callable[[], Any]] = [
        lambda: n.read(b"x", 10, 10), lambda: n.read("x", -1, 10), lambda: n.read("x", 1, -1),
        lambda: n.read("x", 2 ** 70, 1), lambda: n.stems("abc", True, 2),
        lambda: n.stems(None, True, 5), lambda: n.hashes([1], "", 1 << 40),
        lambda: n.hashes([1], "", -1), lambda: n.hashes(5, "", 7), lambda: n.hashes([[]], "", 7),
        lambda: n.head([1] * 20, "", 7, 63, 128, 12), lambda: n.head([1], "", 7, 512, 1, 1),
        lambda: n.head([1], "", 7, 64, 0, 1), lambda: n.head([1], "\ud800\udc00x", 7, 64, 8, 1),
        lambda: n.head([1], "a\udfff", 7, 64, 8, 1),
    ]
    for f in bad:
        with pytest.raises((TypeError, ValueError, OverflowError, UnicodeError)):
            f()
    assert n.hashes([], "", 7) == set() and n.head([], "", 7, 64, 128, 0) == b""
    assert n.hashes([2 ** 80, -5, True], "", (1 << 32) - 1) == {
        hash((x, 1)) & ((1 << 32) - 1) for x in (2 ** 80, -5, True)}


def test_the_python_steps_run_when_the_module_is_missing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "memtui_native", None)  # import raises ImportError
    assert kernel.load({}) is None


def test_the_python_steps_run_when_turned_off_or_the_build_is_wrong(
        monkeypatch: pytest.MonkeyPatch) -> None:
    fake = types.ModuleType("memtui_native")
    fake.KERNEL = kernel.KERNEL  # type: ignore[attr-defined]
    fake.hashes = lambda crcs, units, mask: {hash((c, 1)) & mask for c in crcs}  # type: ignore[attr-defined]  # no bigrams: wrong
    monkeypatch.setitem(sys.modules, "memtui_native", fake)
    assert kernel.load({}) is None
    fake.KERNEL = kernel.KERNEL + 1  # type: ignore[attr-defined]  # another kernel's build
    assert kernel.load({}) is None
    fake.KERNEL = kernel.KERNEL  # type: ignore[attr-defined]
    fake.hashes = lambda *a: 1 / 0  # type: ignore[attr-defined]  # a broken build
    assert kernel.load({}) is None
    if kernel.NATIVE is not None:
        monkeypatch.setitem(sys.modules, "memtui_native", kernel.NATIVE)
        assert kernel.load({}) is kernel.NATIVE
        assert kernel.load({"MEMTUI_PURE_PYTHON": "1"}) is None
        assert kernel.load({"MEMTUI_PURE_PYTHON": "0"}) is kernel.NATIVE


def test_the_environment_turns_the_kernel_off_in_a_new_process() -> None:
    code = ("import memtui.core.checks.near_duplicate_sketch as n; "
            "print(n.NATIVE is None, bool(n.sketch(' '.join(map(str, range(40))))))")
    env = {"PYTHONPATH": str(ROOT), "PATH": ""}
    off = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True, env=dict(env, MEMTUI_PURE_PYTHON="1")).stdout
    assert off.split() == ["True", "True"]
    on = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                        text=True, env=env).stdout
    # (built here or not, whatever this process's MEMTUI_PURE_PYTHON: the child has none)
    assert on.split() == [str(kernel.load({}) is None), "True"]


_VALUES = st.lists(st.integers(-(2 ** 63), 2 ** 63 - 1) | st.integers(0, 300), max_size=300)


@native
@settings(max_examples=300, deadline=None)
@given(_VALUES, _VALUES, st.sampled_from("qQiI"), st.booleans())
def test_shared_hashes_are_the_sets(xs: list[int], ys: list[int], code: str,
                                    ordered: bool) -> None:
    """The pairing's count of two sketches' shared hashes (`near_duplicate_kernel.shared`):
    any integers, sorted or not (a cached sketch is data), in the formats a sketch is read
    as, or -1 (the set's count then) for values a format cannot hold or another format."""
    from array import array

    n = kernel.NATIVE
    assert n is not None
    lo, hi = {"q": (-(2 ** 63), 2 ** 63), "Q": (0, 2 ** 64), "i": (-(2 ** 31), 2 ** 31),
              "I": (0, 2 ** 32)}[code]
    xs = [x for x in xs if lo <= x < hi]
    ys = [y for y in ys if lo <= y < hi]
    if ordered:
        xs, ys = sorted(set(xs)), sorted(set(ys))
    a, b = array(code, xs), memoryview(array(code, ys))
    got = n.shared(a, b)
    assert got == len(frozenset(xs) & frozenset(ys))
    assert kernel.shared(frozenset(xs), a, b) == got


@native
def test_shared_reads_a_format_it_cannot_as_minus_one() -> None:
    from array import array

    n = kernel.NATIVE
    assert n is not None
    big = array("Q", [2 ** 64 - 1, 5])
    assert n.shared(big, array("q", [5])) == -1
    assert kernel.shared(frozenset(big), big, array("q", [5])) == 1
    assert n.shared(array("d", [1.0]), array("q", [1])) == -1
    assert n.shared(b"\x01\x02", b"\x01") == -1  # bytes: unsigned chars
    strided = memoryview(array("q", [1, 2, 3]))[::2]
    assert n.shared(array("q", [1, 2]), strided) == -1
    assert kernel.shared(frozenset([1, 2]), array("q", [1, 2]), strided) == 1
    assert n.shared([1, 2], array("q", [1])) == -1  # no buffer
