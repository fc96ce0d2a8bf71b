"""Sketches held packed (`memtui.core.checks.near_duplicate_store`): exact for any bytes, and
the pairing gives the same answer from packed sketches, whole ones, or a mix of both."""

from __future__ import annotations

import random
from array import array

import pytest

from memtui.core.checks import near_duplicate as nd
from memtui.core.checks.near_duplicate_sketch import K
from memtui.core.checks.near_duplicate_store import (
    Packed,
    band,
    facts_of,
    full_size,
    pack,
    rest,
    unpack,
)

TOPICS = ["deploy the api with the blue green script before noon",
          "the billing export runs nightly and mails the finance team",
          "kim owns the search index rebuild and the synonyms list",
          "rotate the staging database password every ninety days"]


def _texts(rng: random.Random, n: int) -> dict[str, str]:
    out = {}
    for i in range(n):
        base = rng.choice(TOPICS).split()
        words = [w if rng.random() < 0.8 else f"w{rng.randrange(400)}" for w in base * 3]
        facts = f"port {rng.choice([80, 443, 8080])} on `host-{rng.randrange(9)}`"
        out[f"m{i:04d}.md"] = " ".join(words) + f"\n{facts}\n- owner: {rng.choice('abc')}\n"
    return out


def test_packing_gives_back_the_very_bytes() -> None:
    rng = random.Random(7)
    made = [nd.sketch(t) for t in _texts(rng, 40).values()]
    made = [s for s in made if s]
    assert made
    for sk in made:
        p = pack(sk)
        assert type(p) is Packed and len(p) < 0.7 * len(sk)
        assert unpack(p) == sk and type(unpack(p)) is bytes
        assert full_size(p) == len(sk) and facts_of(p) == facts_of(sk)
        whole, held = rest(sk), rest(p)  # held: read in place, up to the facts at least
        assert type(held.obj) is Packed and len(held) >= 2 + whole[0] + whole[1 + whole[0]]
        assert list(held) == list(whole[:len(held)])
        for lo in range(0, K, 6):
            assert band(p, lo, lo + 6) == band(sk, lo, lo + 6)
    # Any bytes of 8-byte values: wide values anywhere (a bin, a count, a hash), negative ones.
    for _ in range(300):
        n = rng.randrange(1, 300)
        values = array("q", [rng.choice([rng.randrange(1 << 30), rng.randrange(-(1 << 63),
                                                                               1 << 63)])
                             if rng.random() < 0.05 else rng.randrange(1 << 30)
                             for _ in range(n)])
        sk = values.tobytes()
        p = pack(sk)
        assert unpack(p) == sk and full_size(p) == len(sk)
        if n >= K:
            for lo in range(0, K - 6, 5):
                assert band(p, lo, lo + 6) == band(sk, lo, lo + 6)
                assert (band(sk, lo, lo + 6) == band(values[:lo].tobytes() + bytes(48), lo,
                                                      lo + 6)) == (values[lo:lo + 6] ==
                                                                   array("q", bytes(48)))
    assert pack(b"") == b"" and unpack(b"") == b""
    assert pack(b"\1\2\3") == b"\1\2\3"  # no sketch: kept as it is


def test_pairs_the_same_packed_whole_or_mixed() -> None:
    rng = random.Random(3)
    texts = _texts(rng, 420)  # past ALL_PAIRS: the bands and the fact buckets
    whole = {k: nd.sketch(t) for k, t in texts.items()}
    packed = {k: pack(s) for k, s in whole.items()}
    mixed = {k: (packed[k] if i % 3 else s) for i, (k, s) in enumerate(whole.items())}
    found = nd.pairs(whole)
    assert found  # the test pairs something
    assert nd.pairs(packed) == found
    assert nd.pairs(mixed) == found
    small = dict(list(packed.items())[:120])  # every pair (bits)
    assert nd.pairs(small) == nd.pairs({k: unpack(s) for k, s in small.items()})
    kept = nd.Buckets(mixed)
    assert kept.found() == found
    assert all(kept.pairs_of(k) == found.get(k, []) for k in list(whole)[:60])
    # A wide bin (a cached sketch is data) keys its band apart, packed or whole, as before.
    key = next(iter(found))
    wide = array("q", whole[key])
    wide[0] = 1 << 40
    for other in (wide.tobytes(), pack(wide.tobytes())):
        changed = {**packed, key: other}
        assert nd.pairs(changed) == nd.pairs({**whole, key: wide.tobytes()})
    assert nd.similarity(packed[key], whole[key]) == 1.0


@pytest.mark.parametrize("pure", [False, True])
def test_a_packed_sketch_whose_count_its_bytes_do_not_hold_is_refused_unallocated(
        monkeypatch: pytest.MonkeyPatch, pure: bool) -> None:
    """newuser26 #45: the README's test command was killed at 23.5 GB — a packed sketch
    saying 2**32 - 1 bins made the Python step allocate 8 × that before it failed. It is
    refused first, whichever step runs, with no more than a few KiB allocated."""
    import tracemalloc

    from memtui.core.checks import near_duplicate_kernel, near_duplicate_store

    if pure:
        monkeypatch.setattr(near_duplicate_kernel, "NATIVE", None)
    for count in (2**32 - 1, 1 << 20, 3):
        lying = near_duplicate_store.Packed(count.to_bytes(4, "little") + bytes(8))
        tracemalloc.start()
        try:
            with pytest.raises(ValueError, match="says"):
                near_duplicate_store.unpack(lying)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < 64 << 10, (count, peak)
