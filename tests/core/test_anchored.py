"""The anchored search of the non-ASCII keywords finds exactly what the automaton finds."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memtui.core.scanner import anchored, keywords
from memtui.core.scanner.anchored import (
    MAX_CHARS,
    MAX_WORDS,
    Anchored,
    anchor_at,
    automaton,
    dense,
    found_by_automaton,
)
from memtui.core.scanner.scan import _expect_keywords


def checks_words() -> list[str]:
    """Every non-ASCII keyword the scan's checks ask about."""
    _expect_keywords()
    return sorted({w for words in keywords._KEYWORDS.lists for w in words if not w.isascii()})


WORDS = checks_words()
ANCHORED = Anchored(WORDS)
AUTOMATON = automaton(WORDS)
#: Pieces of text: whole keywords, their halves (a keyword cut at its anchor), anchors alone,
#: dense letters, ASCII letters that precede anchors, the bench's CJK text, a NUL.
PIECES = sorted({*WORDS[::3], *(w[:anchor_at(w) + 1] for w in WORDS[1::4]),
                 *(w[anchor_at(w):] for w in WORDS[2::4]), *(w[0] for w in WORDS),
                 "p", "w", "pw", "：", "新", "認", "重新量測", "確認", "a", " ", "\n", "\x00",
                 "é", "пароль", "п", "密", "码", "碼", "—", "-", "_"})


def test_checks_have_both_kinds_of_anchor() -> None:
    anchors = {w[anchor_at(w)] for w in WORDS}
    assert any(dense(c) for c in anchors) and any(not dense(c) for c in anchors)
    assert any(anchor_at(w) > 0 for w in WORDS)  # keywords anchored after ASCII letters


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_same_as_the_automaton(pieces: list[str]) -> None:
    hay = "".join(pieces)
    assert ANCHORED.found(hay) == found_by_automaton(AUTOMATON, hay)


def test_same_as_the_automaton_on_long_random_texts() -> None:
    rnd = random.Random(35)
    for _ in range(300):
        hay = "".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 400)))
        assert ANCHORED.found(hay) == found_by_automaton(AUTOMATON, hay)


def test_every_keyword_found_alone_and_inside_text() -> None:
    for w in WORDS:
        for hay in (w, f"x{w}y", f"重新{w}確認", f"{w[:-1]}：{w}"):
            assert w in ANCHORED.found(hay), (w, hay)
            assert ANCHORED.found(hay) == found_by_automaton(AUTOMATON, hay)


def test_a_keyword_at_the_start_is_not_looked_for_before_it() -> None:
    # A keyword anchored past its start (``pw：``) never wraps round to the text's end.
    assert ANCHORED.found("：xxpw") == found_by_automaton(AUTOMATON, "：xxpw") == set()


#: Every anchor once: more keywords on them than `MAX_WORDS`.
ALL_ANCHORS = "".join(sorted({w[anchor_at(w)] for w in WORDS if not dense(w[anchor_at(w)])}))


@pytest.mark.parametrize("hay", ["пароль и ключ, 密码", "ключ" + "認" * 50, "pw：" * 10_000,
                                 "x" * MAX_CHARS + " — " * 2_000 + "pw：",
                                 ALL_ANCHORS + "密码"])
def test_handed_to_the_automaton(hay: str, monkeypatch: pytest.MonkeyPatch) -> None:
    handed: list[str] = []

    def automaton_found(matcher: object, text: str) -> set[str]:
        handed.append(text)
        return found_by_automaton(matcher, text)  # type: ignore[arg-type]

    monkeypatch.setattr(anchored, "found_by_automaton", automaton_found)
    assert ANCHORED.found(hay) == found_by_automaton(AUTOMATON, hay) != set()
    assert handed == [hay]


def test_few_words_looked_for_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    assert sum(len(ANCHORED.groups[c]) for c in ALL_ANCHORS) > MAX_WORDS
    monkeypatch.setattr(anchored, "found_by_automaton", None)  # never asked
    for hay in ("密码", "重新量測 pw：x", "認" * 500 + "x", "—" * 100, "a " * (MAX_CHARS // 2)):
        assert ANCHORED.found(hay) == found_by_automaton(AUTOMATON, hay)


def test_no_words() -> None:
    assert Anchored([]).found("密码") == set() and Anchored([""]).found("密码") == set()


def test_the_probe_by_anchors_or_automaton(monkeypatch: pytest.MonkeyPatch) -> None:
    """A probe answers the same by the anchors as with every text handed to the automaton."""
    rnd = random.Random(7)
    texts = ["".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 200))) for _ in range(200)]
    lists = [tuple(words) for words in keywords._KEYWORDS.lists]

    def answers(most: int) -> list[list[list[str]]]:
        registry = keywords._Keywords()
        registry.register(*lists)
        monkeypatch.setattr(keywords, "_KEYWORDS", registry)
        monkeypatch.setattr(anchored, "MAX_CHARS", most)
        return [[keywords.KeywordProbe(t).present(words) for words in lists] for t in texts]

    assert answers(-1) == answers(MAX_CHARS)


def test_lists_made_afresh_do_not_pile_up(monkeypatch: pytest.MonkeyPatch) -> None:
    registry = keywords._Keywords()
    monkeypatch.setattr(keywords, "_KEYWORDS", registry)
    probe = keywords.KeywordProbe("a token 密码")
    for i in range(keywords.MAX_KNOWN + 30):
        assert probe.present(("token", "密码", f"x{i}")) == ["token", "密码"]
        assert len(registry.known) <= keywords.MAX_KNOWN


# -- the compiled reader of the anchors (memtui_native.anchors) against re's class ----------

NATIVE = anchored.native_anchors()
native = pytest.mark.skipif(NATIVE is None, reason="memtui_native not built here")
#: Characters of every width: ASCII, Latin-1, the BMP (CJK, the anchors), astral ones.
CHARS = sorted({*"ab \n\x00\x7f", *"\x80é\xff", *"：新認密码—п", "\u212a", "\u0130",
                "\ud7ff", "\ue000", "\uffff", "\U00010000", "\U0001f600", "\U0001f5dd",
                "\U0010ffff", *ALL_ANCHORS[:40]})


def by_class(chars: str, hay: str) -> set[str]:
    """What the pure-Python step answers: ``re``'s character class of ``chars``."""
    return set(anchored.re.findall(f"[{anchored.re.escape(chars)}]", hay)) if chars else set()


@native
@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(CHARS), max_size=12, unique=True),
       st.lists(st.sampled_from(CHARS), max_size=300))
def test_the_compiled_anchors_are_re_s(table_chars: list[str], hay_chars: list[str]) -> None:
    chars, hay = "".join(table_chars), "".join(hay_chars)
    assert NATIVE(hay, anchored.bitmap(chars)) == by_class(chars, hay)  # type: ignore[misc]


@native
@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200), st.text(min_size=1, max_size=30))
def test_the_compiled_anchors_on_any_text(hay: str, chars: str) -> None:
    assert NATIVE(hay, anchored.bitmap(chars)) == by_class(chars, hay)  # type: ignore[misc]


@native
def test_the_compiled_anchors_at_the_edges() -> None:
    assert NATIVE is not None
    table = anchored.bitmap("：\U0010ffff")
    many = "".join(map(chr, range(0x4E00, 0x4E00 + 200)))  # more distinct than it remembers
    assert NATIVE("", table) == set() and NATIVE("：", b"") == set()
    assert NATIVE("x\U0010ffff：：", table) == {"：", "\U0010ffff"}
    assert NATIVE(many * 2, anchored.bitmap(many)) == set(many)
    # a table longer than Unicode is read up to its last character
    assert NATIVE("a\U0010ffff", b"\xff" * 0x30000) == {"a", "\U0010ffff"}
    with pytest.raises(TypeError):
        NATIVE(b"x", table)  # type: ignore[arg-type]


def test_the_anchored_search_compiled_or_not() -> None:
    """`Anchored` answers the same with the compiled reader of the anchors as with ``re``
    (the pure-Python path, ``MEMTUI_PURE_PYTHON=1``), on the checks' keywords."""
    plain = Anchored(WORDS, native=False)
    assert plain._native is None
    rnd = random.Random(24)
    for _ in range(400):
        hay = "".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 300)))
        assert ANCHORED.found(hay) == plain.found(hay) == found_by_automaton(AUTOMATON, hay)


def test_the_compiled_reader_is_turned_off_by_the_environment() -> None:
    assert anchored.native_anchors({"MEMTUI_PURE_PYTHON": "1"}) is None
    built = anchored.native_anchors({})
    assert anchored.native_anchors({"MEMTUI_PURE_PYTHON": "0"}) is built
    if NATIVE is not None:
        assert ANCHORED._native is NATIVE  # the checks' probe uses it when it is built
        assert ANCHORED._holds is not None  # and looks for the anchors' keywords in one pass
    assert Anchored(WORDS, native=False)._holds is None


def test_the_bitmap() -> None:
    assert anchored.bitmap("") == b""
    assert anchored.bitmap("\x00\x09") == b"\x01\x02"
    table = anchored.bitmap("：")
    assert len(table) == (ord("：") >> 3) + 1 and table[-1] == 1 << (ord("：") & 7)
