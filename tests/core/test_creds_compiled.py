"""The credential check's two compiled looks (issue 35) answer exactly as the patterns they
stand for: ``memtui_native.disguise`` as `as_seen.DISGUISE`'s search (every code point, alone
and beside an ASCII letter), ``memtui_native.seed_line`` as `mnemonic.SEED_LINE`'s; and the
check finds the same credentials on either path."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memtui.core.creds import as_seen, detector, mnemonic
from memtui.core.creds.detector import scan_text_bounded
from memtui.core.native import native_module

NATIVE = native_module()
compiled = pytest.mark.skipif(NATIVE is None, reason="the C extension is not built")


def regex_disguise(text: str) -> bool:
    return as_seen.DISGUISE.search(text) is not None


def regex_seed(text: str) -> bool:
    return mnemonic.SEED_LINE.search(text) is not None


@compiled
def test_the_built_extension_has_both() -> None:
    assert as_seen.COMPILED is not None and mnemonic.COMPILED is not None


@compiled
def test_disguise_of_every_code_point_alone_and_beside_a_letter() -> None:
    disguise = NATIVE.disguise
    differ = [c for c in range(0x110000) if disguise(chr(c)) != regex_disguise(chr(c))]
    assert differ == []
    # beside an ASCII letter, on each side, in each of str's widths (Latin-1, UCS-2, UCS-4)
    points = [*range(0x3000), *range(0xFE00, 0x10000), *range(0x1F000, 0x1F100)]
    for c in points:
        for text in (f"a{chr(c)}", f"{chr(c)}Z", f"\U0001f511{chr(c)}q", f"0{chr(c)}0é"):
            assert disguise(text) == regex_disguise(text), (hex(c), text)


PIECES = ["a", "Z", "q", "0", " ", "\n", "é", "\u00a0", "\u00ad", "а", "Ω", "ѕ", "\u0370",
          "\u04ff", "\u0500", "\u036f", "\u200b", "\u2060", "\u2065", "\ufeff", "ｐ", "ｚ",
          "\uff3b", "፥", "᠄", "∶", "﹕", "密", "\U0001f511", "password"]


@compiled
@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30))
def test_disguise_of_mixed_texts(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert NATIVE.disguise(text) == regex_disguise(text)


def seed_words(n: int, rng: random.Random, lengths: tuple[int, int] = (3, 8)) -> list[str]:
    return ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz")
                    for _ in range(rng.randint(*lengths))) for _ in range(n)]


@compiled
def test_seed_line_of_lines_around_the_bounds() -> None:
    rng = random.Random(35)
    seed_line = NATIVE.seed_line
    for n in (0, 1, 11, 12, 13, 18, 24, 25, 30):
        for lead in ("", "  ", "\t> ", ">>", "x "):
            for tail in ("", " ", " \t ", ".", "\r", " A"):
                for sep in (" ", "\t", "  "):
                    line = lead + sep.join(seed_words(n, rng)) + tail
                    for text in (line, f"Phrase:\n{line}\nmore", f"{line}\n", f"é\n{line}",
                                 f"\U0001f511\n{line}\n"):
                        assert seed_line(text) == regex_seed(text), repr(text)
    for lengths in ((2, 3), (8, 9), (1, 10)):
        for _ in range(200):
            text = " ".join(seed_words(rng.randint(11, 25), rng, lengths))
            assert seed_line(text) == regex_seed(text), repr(text)


SEED_PIECES = ["abc", "abcd", "abcdefgh", "abcdefghi", "ab", " ", "\t", "  ", "\n", ">", "\r",
               "A", "é", ":", "密", "\U0001f511", "zzz"]


@compiled
@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(SEED_PIECES), max_size=60))
def test_seed_line_of_mixed_texts(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert NATIVE.seed_line(text) == regex_seed(text)


TEXTS = [
    "Recovery phrase (12 words):\nlegal winner thank year wave sausage worth useful legal "
    "winner thank yellow\n",
    "Wallet:\n  > abandon ability able about above absent absorb abstract absurd abuse "
    "access accident\n",
    "Mot de passe\u00a0: hunter2Xk9#vqLm7\n",
    "ｐａｓｓｗｏｒｄ: Tr0ub4dor&3xyz\n",
    "pаssword = s3cretValue99!\n",  # a Cyrillic а
    "token:\u200bghp_16C7e42F292c6912E7710c838347Ae178B4a\n",
]


@pytest.mark.parametrize("text", TEXTS)
def test_the_check_finds_the_same_on_either_path(text: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    built = scan_text_bounded(text)
    monkeypatch.setattr(as_seen, "COMPILED", None)
    monkeypatch.setattr(mnemonic, "COMPILED", None)
    monkeypatch.setattr(detector, "SHAPED_COMPILED", None)
    assert scan_text_bounded(text) == built
    assert built  # each is a credential the check finds


# -- the shaped-token gate (session 39): compiled, and its Python reading, as the pattern ----

def regex_shaped(text: str) -> bool:
    return detector._SHAPED_TOKEN.search(text) is not None


SHAPED_PIECES = ["a", "Z", "7", "*", "**", "-", "_", ".", "/", "=", "!", "~", "é", "\\", ",",
                 ";", ":", "?", " ", "\n", "(", "`", "密", "٣", "Ab1cdefghij", "abcdefghij",
                 "0123456789", "x" * 30, "Q", "\u00aa"]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(SHAPED_PIECES), max_size=40))
def test_shaped_token_of_mixed_texts(pieces: list[str]) -> None:
    text = "".join(pieces)
    want = regex_shaped(text)
    if NATIVE is not None:
        assert NATIVE.shaped_token(text) == want, repr(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(detector, "SHAPED_COMPILED", None)
        assert detector._holds_shaped_token(text) == want, repr(text)


@pytest.mark.parametrize("text", [
    "a" * 9 + "1", "a" * 8 + "1", "A" + "b" * 8 + "1", "b" * 33 + "1", "b" * 34 + "1",
    "*" * 5 + "Ab1cdefghij", "é" + "Ab1cdefghij", ",Ab1cdefghij", "(Ab1cdefghij",
    "-Ab1cdefghij", "٣Ab1cdefghij", "_*Ab1cdefghij", "x ab-Cd1efghij", "token: **Ab1cdefghij**"])
def test_shaped_token_around_the_bounds(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    want = regex_shaped(text)
    if NATIVE is not None:
        assert NATIVE.shaped_token(text) == want
    monkeypatch.setattr(detector, "SHAPED_COMPILED", None)
    assert detector._holds_shaped_token(text) == want
