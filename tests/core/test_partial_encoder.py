"""The partial encoder (only the tokens the texts can use) counts as the references do, on
hard, real, generated and random texts, and grows with the texts it is given."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.counting import tokens
from memtui.core.counting.partial import MAX_BYTES, Partial, chunks
from tests.core.test_tokens import HARD, _as_given, _reference_counts, unicode_pieces

NAMES = ("qwen", "cl100k")


def _partial(name: str) -> Partial:
    keys = tokens.vocabulary_keys(name)  # as a cold run makes it: the file as written
    assert keys is not None
    return Partial(name, tokens._pattern(name), *keys, base64=True)


def _counts(part: Partial, texts: list[str]) -> list[int]:
    enc = part.encoder(texts)
    assert enc is not None
    assert len(part.subset) < 20_000  # a part of the vocabulary, not all of it
    return [len(enc.encode_ordinary(t)) for t in texts]


@pytest.mark.parametrize("name", NAMES)
def test_hard_texts(name: str) -> None:
    texts = _as_given([t for t in HARD if t], name)
    assert _counts(_partial(name), texts) == _reference_counts(texts, name)
    # one by one, the encoder growing with each text
    part = _partial(name)
    assert [_counts(part, [t])[0] for t in texts] == _reference_counts(texts, name)


@pytest.mark.parametrize("name", NAMES)
def test_an_index_its_lines_then_its_block(name: str, tmp_path: Path) -> None:
    from bench.generate import generate
    from memtui.core.scanner.index import read_index
    from memtui.demo import demo_copy

    for ws in (demo_copy(tmp_path / "demo"), generate(tmp_path / "flat", 261, seed=5,
                                                       layout="flat", median=2900)):
        index = read_index(ws / "MEMORY.md")
        part = _partial(name)
        lines = _as_given([ln.text for ln in index.lines if ln.text], name)
        assert _counts(part, lines) == _reference_counts(lines, name)
        block = _as_given([index.text, index.text + "\n\n  tail  \n"], name)
        assert _counts(part, block) == _reference_counts(block, name)


@pytest.mark.parametrize("name", NAMES)
def test_an_index_whole_then_its_lines(name: str, tmp_path: Path) -> None:
    """The lines after their index (as `line_costs` counts them) use the encoder made for
    the index, as it is: each of their chunks lies inside one of the index's."""
    from bench.generate import generate
    from memtui.core.scanner.index import read_index
    from memtui.demo import demo_copy

    for ws in (demo_copy(tmp_path / "demo"), generate(tmp_path / "flat", 261, seed=5,
                                                       layout="flat", median=2900)):
        index = read_index(ws / "MEMORY.md")
        part = _partial(name)
        whole = _as_given([index.text], name)
        assert _counts(part, whole) == _reference_counts(whole, name)
        made = part.encoding
        lines = _as_given([ln.text for ln in index.lines if ln.text], name)
        assert _counts(part, lines) == _reference_counts(lines, name)
        assert part.encoding is made
    # a chunk found only across two chunks (joined by NUL), or holding a NUL, is looked up
    part = _partial(name)
    for texts in (["ab\0", "cd"], ["ab\0cd"], ["\0"], ["ab"], ["ab cd"]):
        assert _counts(part, texts) == _reference_counts(texts, name)


def test_random_unicode_counts_as_the_references() -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    pieces = unicode_pieces("=" * 40, "-" * 70, "    ", "ocument", " Documentation", "\t\t")
    parts = {name: _partial(name) for name in NAMES}

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(pieces, max_size=30).map("".join))
    def check(text: str) -> None:
        for name in NAMES:
            given_text = _as_given([text], name)[0]
            if not given_text:
                continue
            fresh = _counts(_partial(name), [given_text])[0]
            assert fresh == _reference_counts([given_text], name)[0]
            if parts[name].size < MAX_BYTES // 2:  # and one encoder grown over many texts
                assert _counts(parts[name], [given_text])[0] == fresh

    check()


@pytest.mark.parametrize("name", NAMES)
def test_decoded_and_as_written_find_the_same_tokens(name: str) -> None:
    """The partial encoder over the packaged file as written (base64, decoding only what a
    text can use) takes the same tokens as one over the decoded vocabulary."""
    written = _partial(name)
    decoded = Partial(name, tokens._pattern(name), *tokens._tokens(name))
    texts = _as_given([t for t in HARD if t] + ["側壁角度，主要451之後 x2y don't", "=" * 40], name)
    written.encoder(texts)
    decoded.encoder(texts)
    assert written.subset == decoded.subset and len(written.subset) > 100


def test_a_new_partial_reads_the_file_as_written_until_the_vocabulary_is_decoded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tokens, "_token_tables", {})
    assert tokens.new_partial("cl100k").base64
    tokens._tokens("cl100k")
    assert not tokens.new_partial("cl100k").base64  # decoded already: used as it is


def test_too_much_or_not_utf8_is_left_to_the_whole_encoder() -> None:
    part = _partial("cl100k")
    assert part.encoder(["x" * (MAX_BYTES + 1)]) is None
    assert part.encoder(["lone \ud800 surrogate"]) is None
    assert part.encoder(["fine"]) is not None
    assert chunks(["a b\tc  d\n e", ""]) == {"a", " b", "\tc", "  d", "\n e"}
    assert chunks(["側壁角度，主要451之後 x2y don't"]) == \
        {"側壁角度", "，主要", "451之後", " x", "2", "y", " don", "'t"}


#: Characters on either side of a cut, and their neighbours: every class `_CUT` names and
#: what it leaves out (combining marks, other scripts' letters and digits, other numbers).
_AROUND = ("aZ09é×÷ªµ¹²ЖжЀ々〆〇ぁゖァヺーｰ一龥龦가힣\u3000、。「」〜（）：！？｡･＠［｀｛"
           "\u0301\u0e01٣５Ⅻ'\"_-. \t\n\r\x0b\x00\x7f🙂")


def test_every_cut_is_a_piece_boundary_of_both_patterns() -> None:
    """No piece of either split pattern (as the regex module reads it) spans a cut."""
    import random

    import regex

    from memtui.core.counting.partial import _CUT

    rng = random.Random(35)
    patterns = {name: regex.compile(tokens._pattern(name)) for name in NAMES}
    for _ in range(3000):
        text = "".join(rng.choice(_AROUND) for _ in range(rng.randint(1, 12)))
        cuts = {m.start() for m in _CUT.finditer(text)}
        for name, pattern in patterns.items():
            spans = [m.span() for m in pattern.finditer(text)]
            assert not [c for c in cuts for s, e in spans if s < c < e], (name, text)


def test_texts_cut_at_letters_and_digits_count_as_the_references() -> None:
    import random

    rng = random.Random(36)
    texts = ["".join(rng.choice(_AROUND) for _ in range(rng.randint(1, 40)))
             for _ in range(400)]
    for name in NAMES:
        given = [t for t in _as_given(texts, name) if t]
        assert [_counts(_partial(name), [t])[0] for t in given] == \
            _reference_counts(given, name)


def test_a_small_batch_does_not_build_the_whole_encoder(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    monkeypatch.setattr(tokens, "_encoders", {})
    monkeypatch.setattr(tokens, "_partials", {})
    monkeypatch.setattr(tokens, "_rank_tables", {})
    texts = ["- [Etch](etch.md) — drift 2%", "記憶是資料，不是指令。"]
    got = tokens.TokenCounter.encode_many(texts, "cl100k")
    assert got == _reference_counts(texts, "cl100k")
    assert tokens._encoders == {} and "cl100k" in tokens._partials
    assert tokens._rank_tables == {}  # nor the whole vocabulary's token → rank table
    assert tokens.TokenCounter.encode_many(["x" * 30_000], "cl100k") == \
        _reference_counts(["x" * 30_000], "cl100k")
    assert "cl100k" in tokens._encoders and "cl100k" not in tokens._partials


@pytest.mark.parametrize("name", NAMES)
def test_the_shipped_long_tokens_are_the_vocabulary_s(name: str) -> None:
    """``long_tokens.json`` names exactly the tokens of more than SHORT bytes of each pinned
    vocabulary installed (remake it as this test works them out if a pin changes)."""
    import binascii
    import hashlib

    from memtui.core.counting.partial import SHORT

    keys = tokens.vocabulary_keys(name)
    assert keys is not None
    digest = hashlib.sha256(tokens.vocab_path(name).read_bytes()).hexdigest()
    want = [i for i, k in enumerate(keys[0]) if len(binascii.a2b_base64(k)) > SHORT]
    assert tokens.long_tokens(digest, len(keys[0])) == want
    shipped = Partial(name, tokens._pattern(name), *keys, base64=True,
                      long=tokens.long_tokens(digest, len(keys[0])))
    assert shipped.long == _partial(name).long and len(shipped.long) == len(want) > 100
    texts = _as_given([t for t in HARD if t], name)
    assert _counts(shipped, texts) == _reference_counts(texts, name)


@pytest.mark.parametrize("text", ["", "{", "[]", '{"short": 16}', '{"short": 15, "x": []}',
                                  "\udcff"])
def test_a_bad_long_tokens_file_is_not_used(text: str, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "long_tokens.json"
    bad.write_text(text, encoding="utf-8", errors="surrogateescape")
    monkeypatch.setattr(tokens, "LONG_TOKENS_FILE", bad)
    assert tokens.long_tokens("x", 10) is None
    bad.write_text('{"short": 16, "x": [3, 10]}', encoding="utf-8")
    assert tokens.long_tokens("x", 10) is None and tokens.long_tokens("x", 11) == [3, 10]
