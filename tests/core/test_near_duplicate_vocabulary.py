"""Memories of one vocabulary (newuser34 #8): 2,000 memories of 40 words drawn from 15
project words are alike enough as shingles for thousands of pairs to be compared, and the
pairing cost ~4 s of CPU, 70 % of it in `contradicts`' matcher asked whether each pair is one
text with one value changed. Those pairs hold the same words in another order: their longest
common subsequence bounds what the matcher could find, and stops them before it. Each
memory's window read into slots and tokens once, not once a pair (the windows last read are
remembered, 4,096 of them). Findings unchanged (every folded blind set's, bench/RESULTS.md,
"Issue 34: near_duplicate hard pairs ... and its cost at scale", session 35)."""

from __future__ import annotations

import difflib
import itertools
import random

import pytest

import memtui.core.checks.near_duplicate as nd
import memtui.core.checks.near_duplicate_conflict as ndc
import memtui.core.checks.near_duplicate_sketch as nds

_WORDS = ["deploy", "cache", "queue", "tenant", "billing", "schema", "index", "retry",
          "backoff", "shard", "replica", "ledger", "invoice", "token", "session"]


def _one_vocabulary(n: int, seed: int = 7) -> dict[str, str]:
    """``n`` memories of 40 words of ``_WORDS`` each (newuser34's gen_big.py, its shape)."""
    rng = random.Random(seed)
    return {f"memory/mem-{i}.md":
            f"fact {i} about {rng.choice(_WORDS)}\n"
            + " ".join(rng.choice(_WORDS) for _ in range(40)) + "."
            for i in range(n)}


def test_one_vocabulary_in_another_order_never_reaches_the_matcher(monkeypatch) -> None:
    texts = list(_one_vocabulary(40).values())
    asked = []

    class Counting(difflib.SequenceMatcher):
        def __init__(self, *a, **k) -> None:  # type: ignore[no-untyped-def]
            asked.append(a)
            super().__init__(*a, **k)

    monkeypatch.setattr(difflib, "SequenceMatcher", Counting)
    # (this process's answers forgotten: another variant of this test asked the same pairs)
    monkeypatch.setattr(ndc, "_ANSWERED", {})
    for a, b in itertools.pairwise(texts):
        assert ndc.contradicts(a, b) is None
    assert not asked
    # a copy with one value changed still is a contradiction, read by the matcher
    a = ("Cpk target for line 3\nThe Cpk target for the bore diameter on line 3 is 1.33 "
         "from the first lot on, agreed with the customer's quality lead.")
    assert ndc.contradicts(a, a.replace("1.33", "1.67")) == "1.33 / 1.67"
    assert asked


@pytest.mark.parametrize("seed", range(5))
def test_the_bound_is_the_longest_common_subsequence(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        a = [rng.choice("abcdefg") for _ in range(rng.randrange(0, 70))]
        b = [rng.choice("abcdefgh") for _ in range(rng.randrange(0, 70))]
        best = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                best[i + 1][j + 1] = best[i][j] + 1 if x == y else max(best[i][j + 1],
                                                                        best[i + 1][j])
        assert ndc._common(a, b) == best[-1][-1]


def test_1100_memories_of_one_vocabulary_read_each_window_once(monkeypatch) -> None:
    """Past 1,024 memories compared the windows' slots were read again and again (the
    remembered ones emptied when full): 7,932 reads for 2,001 memories."""
    sketches = {k: nds.sketch(t) for k, t in _one_vocabulary(1100).items()}
    read = []
    real = nds.slots
    monkeypatch.setattr(nds, "slots", lambda *a: read.append(a) or real(*a))
    nds._WINDOWS.clear()
    nd.pairs(sketches)
    assert 1000 < len(read) <= len(sketches)
