"""The compiled ASCII keyword matcher (``memtui_native.ascii_matcher`` / ``ascii_words``, issue
35) finds exactly the words its Python twin finds: pyahocorasick's automaton over the text's
ASCII characters lowered (``text.lower().encode("ascii", "ignore")``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memtui.core.native import native_module
from memtui.core.scanner import keywords
from memtui.core.scanner.anchored import automaton, found_by_automaton
from memtui.core.scanner.keywords import KeywordProbe, native_ascii
from memtui.core.scanner.scan import _expect_keywords

NATIVE = native_module()
compiled = pytest.mark.skipif(NATIVE is None or not hasattr(NATIVE, "ascii_words"),
                              reason="the C extension is not built")


def twin(words: list[str], text: str) -> set[str]:
    """The Python step: the automaton over the text's ASCII characters lowered."""
    data = text.lower().encode("ascii", "ignore").decode("ascii")
    return found_by_automaton(automaton(words), data)


def checks_words() -> list[str]:
    _expect_keywords()
    return sorted({w for ws in keywords._KEYWORDS.lists for w in ws if w.isascii()})


WORDS = checks_words()
#: Pieces: keywords, their halves, upper-cased ones, the two characters outside ASCII that
#: lower to an ASCII letter, other scripts between letters, every width of string.
PIECES = sorted({*WORDS[::5], *(w[: len(w) // 2] for w in WORDS[1::7]),
                 *(w[len(w) // 2:] for w in WORDS[2::7]), *(w.upper() for w in WORDS[3::11]),
                 "\u0130", "\u212a", "İd", "\u212aey", "pass\u0130", "é", "密碼", "：",
                 "\U0001f511", "ＡＰＩ", " ", "\n", "\t", "-", "_", "=", ":", "\x00", "\x7f",
                 "a", "s", "K"})


def test_the_checks_ask_ascii_keywords() -> None:
    assert len(WORDS) > 100


@compiled
@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_the_checks_words_as_the_automaton_finds_them(pieces: list[str]) -> None:
    text = "".join(pieces)
    matcher, read = native_ascii(WORDS)
    assert read is not None
    assert read(matcher, text) == twin(WORDS, text)


@compiled
def test_long_random_texts_of_every_width() -> None:
    matcher, read = native_ascii(WORDS)
    assert read is not None
    rnd = random.Random(35)
    for width in ("", "é", "密", "\U0001f511"):
        for _ in range(150):
            text = width + "".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 300)))
            assert read(matcher, text) == twin(WORDS, text)


@compiled
@settings(max_examples=500, deadline=None)
@given(st.lists(st.text(alphabet="abcAB İ\u212a-é", min_size=0, max_size=5), max_size=12),
       st.text(alphabet="abcAB İ\u212a-é密\U0001f511\n", max_size=80))
def test_any_words_overlapping_suffixes_and_repeats(words: list[str], text: str) -> None:
    """Words inside words, words that are others' suffixes, a word twice, an empty word."""
    words = [w.lower().encode("ascii", "ignore").decode("ascii") for w in words]
    assert NATIVE is not None
    read = NATIVE.ascii_words
    assert read(NATIVE.ascii_matcher(tuple(words)), text) == twin(words, text)


@compiled
def test_every_ascii_character_and_the_deep_states() -> None:
    """Every ASCII character as a word's letter; words deeper than the rows of moves."""
    assert NATIVE is not None
    words = [chr(c) + "x" for c in range(1, 128)] + ["abcdefgh", "bcdefghij", "cdefg", "fgh"]
    words = [w.lower() for w in words]
    m = NATIVE.ascii_matcher(tuple(words))
    for text in ("".join(map(chr, range(128))) + "x", "ABCDEFGHIJ", "abcdefghij",
                 "ab\u212acdefgh", "aBc密dEfGhIj", "\x00x\x7fx"):
        assert NATIVE.ascii_words(m, text) == twin(words, text)


@compiled
def test_refuses_what_is_no_ascii_word() -> None:
    assert NATIVE is not None
    with pytest.raises(ValueError):
        NATIVE.ascii_matcher(("pass", "contraseña"))
    with pytest.raises(TypeError):
        NATIVE.ascii_matcher(["pass"])
    with pytest.raises(ValueError):  # no matcher: refused, not read
        NATIVE.ascii_words(object(), "text")


def test_pure_python_turns_it_off() -> None:
    assert native_ascii(WORDS, {"MEMTUI_PURE_PYTHON": "1"}) == (None, None)
    assert native_ascii([], {}) == (None, None)


@compiled
def test_the_probe_the_same_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    """`KeywordProbe` with the compiled matcher and with the automaton (its Python step)."""
    _expect_keywords()
    rnd = random.Random(7)
    texts = ["".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 200))) for _ in range(200)]
    kw = keywords._KEYWORDS
    assert kw.ascii_native is not None
    compiled_found = [KeywordProbe(t)._all_found() for t in texts]
    monkeypatch.setattr(kw, "ascii_native", None)
    kw.version += 1  # (a probe keeps its answer for one version of the lists)
    try:
        assert [KeywordProbe(t)._all_found() for t in texts] == compiled_found
    finally:
        monkeypatch.undo()
        kw.version += 1
