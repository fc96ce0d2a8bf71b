"""near_duplicate: nearly the same text in two memories, across languages, without a
quadratic pass."""

from __future__ import annotations

import random
from pathlib import Path

import memtui.core.checks.near_duplicate as nd
from memtui.core.checks.near_duplicate import entry_sketches, near_duplicate_texts, pairs, sketch
from tests.core.helpers import make_ws, run_audit

_EN = ("The nightly build on the shared runner fails when the cache volume is full, so the "
       "cleanup job must run before midnight and the disk alarm goes to the on-call engineer.")
_ZH = ("夜間建置在共用執行器上會因快取磁碟區已滿而失敗，"
       "所以清理工作必須在午夜之前執行，磁碟警報會通知值班工程師處理。")


def _mem(name: str, body: str) -> str:
    return (f"---\nname: {name}\ndescription: about {name}\nmetadata:\n  type: project\n"
            f"---\n{body}\n")


def test_both_sides_of_a_pair_are_reported_each_naming_the_other(tmp_path: Path) -> None:
    ws = make_ws(tmp_path, {
        "MEMORY.md": "- [A](memory/a.md)\n- [B](memory/b.md)\n- [C](memory/c.md)\n",
        "memory/a.md": _mem("a", _EN), "memory/b.md": _mem("b", _EN + " Twice."),
        "memory/c.md": _mem("c", "Unrelated: the release train leaves on the first Tuesday "
                                 "of each month with the approval of the manager on duty.")})
    found = [f for f in run_audit(ws).findings if f.kind == "near_duplicate"]
    assert [(f.path, f.files) for f in found] == [("memory/a.md", ("memory/b.md",)),
                                                  ("memory/b.md", ("memory/a.md",))]
    assert "% alike" in found[0].message


def test_chinese_is_shingled_by_characters() -> None:
    found = near_duplicate_texts([("a", _ZH), ("b", _ZH.replace("值班", "當班")),
                                  ("c", "完全不同的內容：發布列車每個月第一個星期二出發，"
                                        "熱修復需要值班經理批准才能搭上。")])
    assert set(found) == {"a", "b"}


def test_short_texts_are_never_near_duplicates() -> None:
    assert sketch("deploy on friday") == b""
    assert near_duplicate_texts([("a", "ok thanks"), ("b", "ok thanks")]) == {}


def test_ten_thousand_distinct_memories_pair_nothing_and_a_copy_is_found() -> None:
    import random

    rng = random.Random(7)
    vocab = [f"w{i}" for i in range(5000)]
    texts = {i: " ".join(rng.choice(vocab) for _ in range(60)) for i in range(10_000)}
    texts[10_000] = texts[42] + " and one more"
    found = pairs({k: sketch(t) for k, t in texts.items()})
    assert set(found) == {42, 10_000}


def test_hermes_entries_are_sketched_one_by_one() -> None:
    entries = entry_sketches(f"{_EN}\n§\nshort\n§\n{_EN} Again.")
    assert [line for line, _ in entries] == [1, 3, 5]
    found = pairs({line: sk for line, sk in entries})
    assert set(found) == {1, 5}


def test_a_long_chinese_text_is_shingled_only_up_to_its_cap() -> None:
    import random

    from memtui.core.checks.near_duplicate import MAX_CJK, shingle_hashes

    rng = random.Random(34)
    text = "".join(chr(rng.randrange(0x4E00, 0x9FFF)) for _ in range(6_000))
    assert MAX_CJK - 2 <= len(shingle_hashes(text)) <= MAX_CJK
    edited = text[:MAX_CJK] + "".join(chr(rng.randrange(0x4E00, 0x9FFF)) for _ in range(5_000))
    assert near_duplicate_texts([("a", text), ("b", edited)])


def test_buckets_updated_give_what_pairs_gives() -> None:
    """`Buckets.update` and `pairs_of` after any sequence of changed sketches (short ones,
    copies, a bucket past ``BUCKET_ALL`` losing and gaining its first) equal `pairs` made
    afresh."""
    rng = random.Random(35)
    words = [f"w{i}" for i in range(60)]

    def text() -> str:
        return " ".join(rng.choice(words) for _ in range(rng.choice((5, 40, 40, 80))))
    base = " ".join(words[:40])
    texts = {f"k{i:03}": (base if i < 60 else text()) for i in range(120)}  # 60 alike
    sketches = {k: nd.sketch(t) for k, t in texts.items()}
    order = {k: i for i, k in enumerate(sketches)}
    kept = nd.Buckets(sketches, order)
    found = kept.found()
    assert found == nd.pairs(sketches) and len(found["k000"]) == 59
    for _ in range(150):
        key = rng.choice(["k000", "k001", *sorted(sketches)])
        pick = rng.random()
        sketches[key] = nd.sketch(base if pick < 0.3 else texts[rng.choice(sorted(texts))]
                                  if pick < 0.6 else text())
        for k in kept.update({key: sketches[key]}):
            others = kept.pairs_of(k)
            if others:
                found[k] = others
            else:
                found.pop(k, None)
        assert found == nd.pairs(sketches), key
