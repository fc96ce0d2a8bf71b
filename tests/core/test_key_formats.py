"""The provider formats detect-secrets misses (``memtui.core.key_formats``): each is found
whole in the labelled corpus, only whole, and its prefix keeps the keyword pre-filter."""

from __future__ import annotations

from memtui.core.key_formats import KEY_FORMATS, key_matches
from memtui.core.secrets import candidate_lines, scan_text
from tests.core.secrets_corpus_labelled import POSITIVES


def test_every_format_finds_a_corpus_key_whole() -> None:
    kinds = {kind for text, _, form, _ in POSITIVES if form == "known"
             for kind, _, _ in key_matches(text)}
    missing = {kind for kind, _, _ in KEY_FORMATS} - kinds
    # The two detect-secrets already reports first (its span wins) are still ours to find.
    assert missing <= {"OpenAI API Key", "PyPI Token"}, missing
    for text, values, form, _ in POSITIVES:
        if form == "known":
            assert {h.value for h in scan_text(text)} == set(values), text


def test_a_key_cut_short_or_run_on_is_no_key() -> None:
    key = "AIzaSyEXAMPLEfpzYSLsHnH0PInPNczjzo6Xjm1"
    assert [m[0] for m in key_matches(f"k={key}")] == ["Google API Key"]
    assert list(key_matches(f"k={key[:-1]}")) == []      # one character short
    assert list(key_matches(f"k={key}x")) == []          # part of a longer token
    assert list(key_matches(f"k=x{key}")) == []


def test_the_prefixes_are_keywords_so_a_clean_line_is_never_searched() -> None:
    for text, _, form, _ in POSITIVES:
        for kind, start, end in key_matches(text) if form == "known" else ():
            assert candidate_lines(text[start:end]) != [], kind  # the key alone, no label
    assert candidate_lines("a memory about maps and the deploy\nnothing else\n") == []
    assert candidate_lines("Maps: AIzaSyEXAMPLEfpzYSLsHnH0PInPNczjzo6Xjm1\n") != []
