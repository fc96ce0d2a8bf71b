"""hidden_text's first look at a text, `bmp_clean`: compiled (``memtui_native.anchors`` over a
bitmap of `_SUSPECT_BMP`'s characters) it answers exactly what ``re``'s class answers."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memtui.core.checks import hidden_text
from memtui.core.checks.hidden_text import _BMP_SUSPECT, _SUSPECT_BMP, bmp_clean, class_chars
from memtui.core.scanner import anchored

NATIVE = anchored.native_anchors()


def test_the_class_spelt_out_is_re_s() -> None:
    spelt = set(class_chars(_BMP_SUSPECT))
    assert spelt == {chr(c) for c in range(0x10000) if _SUSPECT_BMP.match(chr(c))}
    assert class_chars("a-c\x00x") == "abc\x00x" and class_chars("") == ""


#: Near misses and hits of every width: the class's edges, CJK, astral, tag characters.
CHARS = sorted({*"ab \n\t\r\x0c", "\x00", "\x08", "\x09", "\x0b", "\x0e", "\x1f", "\x20",
                "\x7e", "\x7f", "\x9f", "\xa0", "é", "\u200a", "\u200b", "\u200f", "\u2010",
                "\u202a", "\u202e", "\u2060", "\u2065", "\u2066", "\ufeff", "\u180e",
                "\u061c", "\u3164", "\uffa0", "\ufdff", "\ufe00", "\ufe0f", "\ufe10", "：",
                "新", "\U0001f600", "\U000e0001", "\U000e0100"})


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(CHARS), max_size=200))
def test_the_first_look_is_re_s(chars: list[str]) -> None:
    text = "".join(chars)
    assert bmp_clean(text) == (_SUSPECT_BMP.search(text) is None)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_the_first_look_on_any_text(text: str) -> None:
    assert bmp_clean(text) == (_SUSPECT_BMP.search(text) is None)


def test_the_findings_compiled_or_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """hidden_findings gives the same findings with the first look compiled and by ``re``
    (the pure-Python path, ``MEMTUI_PURE_PYTHON=1``)."""
    rnd = random.Random(35)
    texts = ["\n".join("".join(rnd.choice(CHARS) for _ in range(rnd.randint(0, 30)))
                       for _ in range(rnd.randint(1, 6))) for _ in range(400)]

    def findings() -> list[list[tuple[int, str]]]:
        return [hidden_text.hidden_findings(t, raw=t.encode("utf-8", "surrogatepass"))
                for t in texts]

    compiled = findings()
    monkeypatch.setattr(hidden_text, "_bmp_reader", lambda: (None, b""))
    assert findings() == compiled
    assert any(compiled) and not all(compiled)


def test_compiled_when_built() -> None:
    fn, table = hidden_text._bmp_reader()
    assert fn is NATIVE
    if NATIVE is not None:
        assert NATIVE("x\u200by", table) == {"\u200b"}
