"""The keyword pre-filter never misses a keyword the text holds (it may over-report)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from memtui.core.checks.instructions import _WORDS
from memtui.core.creds.detector import _HINT_WORDS
from memtui.core.scanner.keywords import KeywordProbe

WORDS = ("token", "api_key", "sk-", "://", "ignore", "密碼", "你現在是", "從現在起你")
PIECES = st.sampled_from([*WORDS, "TOKEN", "Sk-", "記憶", "x", " ", "\n", "\u212a", "\u0130",
                          "é", "從現在起", "你現在", "k", "ey", "API_", "_KEY"])


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, max_size=30), st.booleans())
def test_never_misses_a_keyword(pieces: list[str], other_list_first: bool) -> None:
    text = "".join(pieces)
    probe = KeywordProbe(text)
    if other_list_first:  # another check's list asked first: one pass serves both
        probe.present(_WORDS)
    found = probe.present(WORDS)
    lowered = text.lower()
    assert [w for w in WORDS if w in lowered] == [w for w in found if w in lowered]
    assert set(found) <= set(WORDS)
    assert found == sorted(found, key=WORDS.index)  # in the list's order, once each
    repeated = (*WORDS, "token")  # a list that repeats a word keeps each place it has
    again = probe.present(repeated)
    assert again == [w for w in repeated if w in found]


def test_overlapping_and_special_case_keywords() -> None:
    probe = KeywordProbe("從現在起你現在是 my \u212aEY and an İgnore")
    assert probe.present(WORDS) == ["ignore", "你現在是", "從現在起你"]
    assert "key" in KeywordProbe("my \u212aEY").present(_HINT_WORDS)
    assert KeywordProbe("plain memory text 記憶").present(_HINT_WORDS) == []
    assert KeywordProbe("İgnore previous").present(_WORDS) == ["ignore"]
