"""The pairing's compiled steps (``memtui_native``) decide exactly as its Python steps:
`near_duplicate_kernel.screen` keeps every candidate `near_duplicate._matches`' loop would
read whole, and the pairs found are the same with the kernel and without it, for sketches
whole or packed, dated or not, at any threshold, and for cached sketches that lie (cut
short, counts past their values, hashes out of order).

Each test sets the kernel itself (both paths in one test), so tests/core/conftest.py does
not run this module twice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

import pytest

import memtui.core.checks.near_duplicate as nd
import memtui.core.checks.near_duplicate_kernel as kernel
import memtui.core.checks.near_duplicate_store as store
from memtui.core.checks.near_duplicate_store import Packed, pack, unpack

REAL = kernel.NATIVE
native = pytest.mark.skipif(REAL is None, reason="memtui_native not built here")

_WORDS = tuple(str.split(
    "deploy server branch release rollback monitor alert dashboard budget invoice "
          "customer contract review approval schedule meeting weekly report metric latency "
          "database backup restore migration schema index cache memory storage network "
          "firewall gateway balancer cluster container image registry pipeline testing "
          "coverage linting formatting language python rust typescript frontend backend "
          "mobile android release notes holiday vacation travel booking hotel flight"))
_SPELLED = ("twenty", "three hundred", "forty two", "seven", "eleven", "ninety")


def _text(rng: random.Random, family: int, variant: int) -> str:
    """A memory of ``family`` (its words, its facts), ``variant`` rewording it more or less."""
    base = random.Random(family)
    words = base.sample(_WORDS, 40)
    facts = [str(base.randrange(10, 5000)) for _ in range(base.randrange(0, 7))]
    spans = [f"`{base.choice(_WORDS)} --{base.choice(_WORDS)}`"] if family % 3 == 0 else []
    if variant:
        for _ in range(rng.randrange(0, 30)):
            words[rng.randrange(len(words))] = rng.choice(_WORDS)
        if rng.random() < 0.4 and facts:
            facts[rng.randrange(len(facts))] = str(rng.randrange(10, 5000))
        if rng.random() < 0.3:
            facts.append(str(rng.randrange(10, 5000)))
        words = words[:rng.randrange(3, 41)]
        if rng.random() < 0.2:  # another language: next to no word in common, its facts kept
            words = [w[::-1] + "x" for w in words]
    lines = [" ".join(words[i:i + 8]) for i in range(0, len(words), 8)]
    lines += [f"{w} {n}" for w, n in zip(words, facts, strict=False)] + spans
    if family % 4 == 1 or rng.random() < 0.2:
        lines.append(f"the limit is {rng.choice(_SPELLED)} items")
    if family % 5 == 2:
        lines += [f"{words[0]}: {facts[0] if facts else 'none'}", f"{words[1]}: {words[2]}"]
    if variant and rng.random() < 0.2:
        rng.shuffle(lines)
    return "\n".join(lines)


def _sketches(seed: int, count: int = 160) -> dict[Hashable, bytes]:
    rng = random.Random(seed)
    out: dict[Hashable, bytes] = {}
    for i in range(count):
        family = rng.randrange(count // 5)
        text = _text(rng, family, i)
        key = f"memory/2026-04-{i % 28 + 1:02d}.md" if i % 7 == 0 else f"memory/m{i}.md"
        sk = nd.sketch(text, rng.choice(("", "project", "feedback")))
        if sk:  # (a text too short has none: never a candidate)
            out[key] = pack(sk) if i % 2 else sk
    return out


def _both(monkeypatch: pytest.MonkeyPatch, f: Callable[[], Any]) -> tuple[Any, Any]:
    """(``f`` with the kernel, ``f`` without it): what it returns or the type it raises."""
    def outcome() -> Any:
        try:
            return f()
        except Exception as e:  # a sketch that lies may raise: alike on both paths
            return type(e)
    monkeypatch.setattr(kernel, "NATIVE", REAL)
    got = outcome()
    monkeypatch.setattr(kernel, "NATIVE", None)
    return got, outcome()


def _read_whole(monkeypatch: pytest.MonkeyPatch, key: Hashable, others: list[Hashable],
                sks: dict[Hashable, bytes], threshold: float, dated: set[Hashable]
                ) -> set[int]:
    """The candidates (indices of ``others``) the Python loop reads whole for ``key``."""
    monkeypatch.setattr(kernel, "NATIVE", None)
    seen: list[int] = []
    ids = {id(sks[o]): n for n, o in enumerate(others)}
    real = nd.read_sketch

    def spy(sk: bytes) -> nd.Parts:
        if sk is not sks[key]:
            seen.append(ids[id(sk)])
        return real(sk)
    monkeypatch.setattr(nd, "read_sketch", spy)
    nd._matches(key, others, sks, threshold, dated)
    monkeypatch.setattr(nd, "read_sketch", real)
    return set(seen)


def _screened(key: Hashable, others: list[Hashable], sks: dict[Hashable, bytes],
              threshold: float, dated: set[Hashable]) -> list[int] | None:
    assert REAL is not None
    whole = nd._rest(sks[key])
    nx = whole[0]
    mx = whole[1 + nx]
    last = whole[1 + nx + mx] if mx > 0 and len(whole) > 1 + nx + mx else 0
    got: list[int] | None = REAL.screen(
        whole[1:1 + nx], whole[2 + nx:2 + nx + mx], last >= nd.WORD_BIT, key in dated,
        [sks[o] for o in others], bytes(o in dated for o in others), Packed,
        (threshold, nd.RESTATED, nd.THRESHOLD, nd.LOW, nd.FLOOR, nd.MIN_SHINGLES, nd.BOTTOM,
         nd.SHORT, nd.GROWN, nd.HELD, nd.WORD_BIT, nd.K, mx, nd._TYPE_FACTS, nd.WHOLE))
    return got


@native
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("threshold", [nd.SPELLED, 0.15, nd.THRESHOLD])
def test_the_screen_keeps_every_candidate_the_loop_reads_whole(
        monkeypatch: pytest.MonkeyPatch, seed: int, threshold: float) -> None:
    sks = _sketches(seed)
    keys = list(sks)
    dated = {k for k in keys if nd._DATED.search(str(k))}
    read = kept_total = 0
    for key in keys[::3]:
        others = [k for k in keys if k != key]
        whole = _read_whole(monkeypatch, key, others, sks, threshold, dated)
        kept = _screened(key, others, sks, threshold, dated)
        assert kept is not None
        assert whole <= set(kept), key
        assert kept == sorted(kept)
        read += len(whole)
        kept_total += len(kept)
        got, want = _both(monkeypatch, lambda k=key, o=others: nd._matches(
            k, o, sks, threshold, dated))
        assert got == want, key
    assert read  # the sets hold pairs read whole (the test can fail)
    assert kept_total < len(keys[::3]) * (len(keys) - 1)  # and candidates screened out


@native
@pytest.mark.parametrize("seed", range(3))
def test_pairs_and_buckets_are_the_same_on_both_paths(monkeypatch: pytest.MonkeyPatch,
                                                      seed: int) -> None:
    """Past ``ALL_PAIRS`` (the LSH path, where the screen runs): every pair, and a live
    auditor's buckets."""
    monkeypatch.setattr(nd, "ALL_PAIRS", 40)
    sks = _sketches(100 + seed, 200)
    got, want = _both(monkeypatch, lambda: nd.pairs(sks))
    assert got == want
    assert want and list(got) == list(want)  # the same keys, in the same order
    buckets = nd.Buckets(sks)
    got, want = _both(monkeypatch, lambda: {k: buckets.pairs_of(k) for k in sks})
    assert got == want


def _lying(sk: bytes, rng: random.Random) -> bytes:
    """``sk`` as a cache might hold it broken: cut short, a count changed, values swapped."""
    raw = bytearray(bytes(sk))
    how = rng.randrange(5)
    packed = type(sk) is Packed
    at = (4 + 4 * nd.K) if packed else 8 * nd.K  # the count of bottom hashes
    width = 4 if packed else 8
    if how == 0:
        raw = raw[:rng.randrange(len(raw) + 1)]
    elif how == 1:
        raw[at:at + 1] = bytes([rng.randrange(256)])
    elif how == 2 and len(raw) > at + 3 * width:
        a, b = at + width, at + 2 * width
        raw[a:a + width], raw[b:b + width] = raw[b:b + width], raw[a:a + width]
    elif how == 3:
        i = rng.randrange(at, len(raw)) if len(raw) > at else 0
        raw[i:i + 1] = bytes([rng.randrange(256)])
    else:
        raw += bytes(rng.randrange(1, 16))
    return Packed(raw) if packed else bytes(raw)


@native
@pytest.mark.parametrize("seed", range(6))
def test_sketches_that_lie_give_the_same_on_both_paths(monkeypatch: pytest.MonkeyPatch,
                                                        seed: int) -> None:
    rng = random.Random(seed)
    sks = _sketches(200 + seed, 80)
    keys = list(sks)
    for key in rng.sample(keys, 30):
        sks[key] = _lying(sks[key], rng)
    dated = {k for k in keys if nd._DATED.search(str(k))}
    for key in keys:
        if not nd._valid(sks[key]):
            continue
        others = [k for k in keys if k != key and nd._valid(sks[k])]
        got, want = _both(monkeypatch, lambda k=key, o=others: nd._matches(
            k, o, sks, nd.SPELLED, dated))
        assert got == want, key


@native
def test_the_screen_refuses_bad_arguments_without_crashing() -> None:
    assert REAL is not None
    from array import array
    params = (0.0, 0.05, 0.5, 0.2, 0.1, 12, 128, 32, 2, 0.5, 1 << 31, nd.K, 0, nd._TYPE_FACTS,
              nd.WHOLE)
    xs = array("q", [1, 2, 3])
    with pytest.raises(TypeError):
        REAL.screen(xs, array("q"), False, False, (b"",), None, Packed, params)
    with pytest.raises(ValueError):
        REAL.screen(xs, array("q"), False, False, [b""], b"\0\0", Packed, params)
    with pytest.raises(TypeError):
        REAL.screen(xs, array("q"), False, False, [b""], None, Packed, params[:-1])
    # what it cannot read it keeps (the Python loop judges it), or all (None)
    assert REAL.screen(xs, array("q"), False, False, [b"", "x", 3], None, Packed,
                       params) == [0, 1, 2]
    assert REAL.screen(array("q", [3, 2]), array("q"), False, False, [b""], None, Packed,
                       params) is None
    assert REAL.screen(array("d", [1.0]), array("q"), False, False, [b""], None, Packed,
                       params) is None


@native
def test_a_number_in_words_under_restated_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under ``RESTATED`` alike only a number spelled out restates: the side that spells
    it may be either (here the other, the key holding none in words)."""
    rng = random.Random(7)
    digits = ("the quota is 100 units, the window 2750 seconds and the fee 4125 per month; "
              + " ".join(rng.sample(_WORDS, 50)))
    spelled = ("quota one hundred, window 2750, fee 4125; "
               + " ".join(w[::-1] + "q" for w in rng.sample(_WORDS, 50)))
    sks = {"a.md": nd.sketch(digits), "b.md": nd.sketch(spelled)}
    ra, rb = nd.read_sketch(sks["a.md"]), nd.read_sketch(sks["b.md"])
    assert 0 < nd._bottom_similarity(ra, rb) < nd.RESTATED
    assert max(rb[2]) >= nd.WORD_BIT > max(ra[2])
    for key, other in (("a.md", "b.md"), ("b.md", "a.md")):
        assert _read_whole(monkeypatch, key, [other], sks, nd.SPELLED, set()) == {0}
        assert _screened(key, [other], sks, nd.SPELLED, set()) == [0]
        got, want = _both(monkeypatch, lambda k=key, o=other: nd._matches(
            k, [o], sks, nd.SPELLED, set()))
        assert got == want



def _later_both(monkeypatch: pytest.MonkeyPatch, sks: list[bytes]) -> tuple[Any, Any]:
    """`near_duplicate._later` with the kernel and without it, as lists."""
    def run() -> list[list[int] | None] | type[Exception]:
        try:
            return [None if got is None else list(got) for got in nd._later(sks)]
        except IndexError as e:  # (a packed sketch whose count lies: never one packed here)
            return type(e)
    monkeypatch.setattr(kernel, "NATIVE", REAL)
    got = run()
    monkeypatch.setattr(kernel, "NATIVE", None)
    return got, run()


def _crowded(form: str, rng: random.Random) -> list[bytes]:
    """Sketches sharing bands (copies of a band, some one bin other), some bins past 32
    bits (a cached sketch's), and facts (numbers in words among them), whole or packed."""
    base = [unpack(sk) for sk in _sketches(9, 200).values()]
    sks = list(base)
    for _ in range(150):
        sk = bytearray(rng.choice(base))
        band = rng.randrange(nd.BANDS)
        lo = 8 * band * nd.ROWS
        sk[lo:lo + 8 * nd.ROWS] = rng.choice(base)[lo:lo + 8 * nd.ROWS]
        if rng.random() < 0.3:  # one bin of the band other: another bucket
            at = lo + 8 * rng.randrange(nd.ROWS)
            sk[at] ^= 1 << rng.randrange(8)
        if rng.random() < 0.2:
            sk[8 * rng.randrange(nd.K) + 4] = rng.randrange(1, 3)  # a bin's high half
        sks.append(bytes(sk))
    rng.shuffle(sks)
    if form != "whole":
        sks = [pack(sk) if form == "packed" or rng.random() < 0.5 else sk for sk in sks]
    return sks


@native
@pytest.mark.parametrize("form", ["whole", "packed", "mixed"])
def test_the_candidates_are_pairs_own(monkeypatch: pytest.MonkeyPatch, form: str) -> None:
    """`near_duplicate_kernel.candidates`: each sketch's candidates as `pairs` finds them
    (the bands' buckets, big ones by their first, the facts' holders), in the same order."""
    sks = _crowded(form, random.Random(form))
    got, want = _later_both(monkeypatch, sks)
    assert got == want
    assert sum(len(c) for c in want if c) > 300  # (a list: no sketch lies here)
    holders: dict[int, int] = {}
    for sk in sks:
        for h in nd._facts_of(sk):
            holders[h] = holders.get(h, 0) + 1
    assert any(v > nd.FACT_BUCKET for v in holders.values())  # a fact too common: none
    assert any(h >= nd.WORD_BIT for sk in sks for h in nd._stored_facts(sk))


@native
@pytest.mark.parametrize("seed", range(4))
def test_the_candidates_of_sketches_that_lie(monkeypatch: pytest.MonkeyPatch,
                                             seed: int) -> None:
    rng = random.Random(seed)
    sks = [sk for sk in _crowded("mixed", rng) if nd._valid(sk)]
    for i in rng.sample(range(len(sks)), 3):
        lied = _lying(sks[i], rng)
        if nd._valid(lied):
            sks[i] = lied
    got, want = _later_both(monkeypatch, sks)
    assert got == want


@native
def test_the_candidates_leave_what_they_cannot_read_to_python() -> None:
    assert REAL is not None
    sk = next(iter(_sketches(1).values()))
    args = (nd.K, nd.BANDS, nd.ROWS, nd.BUCKET_ALL, nd.FACT_BUCKET, nd.WORD_BIT, nd.FACT_MASK)
    assert REAL.candidates([sk, b"\0" * 16], Packed, *args) is None
    assert REAL.candidates([sk, bytearray(sk)], Packed, *args) is None
    assert REAL.candidates([], Packed, *args) == (b"", bytes(4))
    with pytest.raises(ValueError):
        REAL.candidates([sk], Packed, nd.K, -1, *args[2:])
    with pytest.raises(TypeError):
        REAL.candidates((sk,), Packed, *args)


@native
def test_two_types_are_judged_with_a_fact_fewer_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screen keeps a pair from ``LOW`` alike whose sides hold two types when its
    facts back it with one fact fewer a side (its type), and the loop reads it whole: the
    judgement that leaves the types out (`_typed`, ndfold12's, session 23)."""
    words = list(_WORDS)
    common = " ".join(words[:22])
    x = f"{common} {' '.join(words[22:36])} numbers 1234 and 5678"
    y = f"{common} {' '.join(words[36:50])} numbers 1234 and 9012"
    sks = {"x.md": nd.sketch(x, "project"), "y.md": nd.sketch(y, "feedback")}
    ra, rb = nd.read_sketch(sks["x.md"]), nd.read_sketch(sks["y.md"])
    sim = nd._bottom_similarity(ra, rb)
    assert nd.LOW <= sim < nd.THRESHOLD
    shared = len(ra[2] & rb[2])
    assert not nd.backed(shared, len(ra[2]), len(rb[2]), sim)
    assert nd.backed(shared, len(ra[2]) - 1, len(rb[2]) - 1, sim)
    assert _screened("x.md", ["y.md"], sks, nd.SPELLED, set()) == [0]
    assert _read_whole(monkeypatch, "x.md", ["y.md"], sks, nd.SPELLED, set()) == {0}
    # one type on both sides: dropped, as the loop drops it
    sks["y.md"] = nd.sketch(y.replace("1234", "4321"), "project")
    rb = nd.read_sketch(sks["y.md"])
    assert not nd.backed(len(ra[2] & rb[2]), len(ra[2]), len(rb[2]),
                         nd._bottom_similarity(ra, rb))
    assert _screened("x.md", ["y.md"], sks, nd.SPELLED, set()) == []


@native
@pytest.mark.parametrize("seed", range(3))
def test_pack_is_the_same_compiled(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """`near_duplicate_store.pack` with the kernel and without it: the same `Packed`
    bytes, for sketches made and for any bytes of 8-byte values (a cached sketch is data:
    high halves anywhere), and what it leaves as it is."""
    rng = random.Random(seed)
    sks = [unpack(sk) for sk in _sketches(300 + seed, 60).values()]
    for _ in range(60):
        raw = bytearray(rng.randrange(1, 40) * 8)
        for _ in range(rng.randrange(4)):
            raw[rng.randrange(len(raw))] = rng.randrange(256)
        sks.append(bytes(raw))
    sks += [b"", b"\1" * 7, bytes(8), b"\0\0\0\0\1\0\0\0", pack(sks[0])]
    for sk in sks:
        got, want = _both(monkeypatch, lambda s=sk: (store.pack(s), type(store.pack(s))))
        assert got == want, sk[:40]
        assert unpack(got[0]) == unpack(sk)


@native
@pytest.mark.parametrize("seed", range(3))
def test_unpack_is_the_same_compiled(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """`near_duplicate_store.unpack` with the kernel and without it: the same bytes (or the
    same error) for packed sketches and for any bytes held as one."""
    rng = random.Random(seed)
    held = [pack(unpack(sk)) for sk in _sketches(400 + seed, 60).values()]
    for _ in range(80):
        raw = bytearray(rng.randrange(0, 200))
        for _ in range(rng.randrange(6)):
            if raw:
                raw[rng.randrange(len(raw))] = rng.randrange(256)
        if len(raw) >= 4 and rng.random() < 0.5:
            raw[0:4] = rng.randrange((len(raw) - 4) // 4 + 2).to_bytes(4, "little")
        held.append(Packed(raw))
    held.append(unpack(held[0]))  # a whole sketch: as it is
    for sk in held:
        got, want = _both(monkeypatch, lambda s=sk: store.unpack(s))
        assert got == want, bytes(sk[:40])


def _common_facts(count: int, common: int, rng: random.Random) -> list[bytes]:
    """``count`` packed sketches of words alike in nothing, each holding the same ``common``
    numbers (facts held far past ``FACT_BUCKET``) and one its own but for two others (facts
    of three holders)."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    numbers = [str(1100 + n) for n in range(common)]
    out = []
    for i in range(count):
        words = " ".join("".join(rng.choices(letters, k=7)) for _ in range(40))
        lines = [f"{rng.choice(_WORDS)} {n}" for n in [*numbers, str(20000 + i // 3)]]
        out.append(pack(nd.sketch(words + "\n" + "\n".join(lines), "")))
    return out


@native
def test_the_candidates_hold_room_by_the_facts_not_their_holders(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 35: the compiled candidates' room for the facts grows with the facts seen and
    the holders they can pair (at most ``FACT_BUCKET`` each), not with every holding (at
    50,000 memories 748,501 holdings of 32,848 facts: ~40 MiB of the CLI's peak), and the
    candidates are the same (the facts' table grown many times over)."""
    import tracemalloc

    assert REAL is not None
    sks = _common_facts(4000, 31, random.Random(35))
    holders: dict[int, int] = {}
    for sk in sks:
        for h in nd._facts_of(sk):
            holders[h] = holders.get(h, 0) + 1
    holdings = sum(holders.values())
    assert holdings > 100_000 and sum(v == 3 for v in holders.values()) > 1000
    assert sum(v > nd.FACT_BUCKET for v in holders.values()) >= 30
    args = (nd.K, nd.BANDS, nd.ROWS, nd.BUCKET_ALL, nd.FACT_BUCKET, nd.WORD_BIT, nd.FACT_MASK)
    tracemalloc.start()
    try:
        REAL.candidates(sks, Packed, *args)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * holdings  # (64-bit numbers per holding: ~5 MB here)
    got, want = _later_both(monkeypatch, sks)
    assert got == want
    assert sum(len(c) for c in want if c) >= 4000  # the facts of three holders: paired
    grown = _common_facts(3000, 2, random.Random(36))  # more facts: the table grows more
    got, want = _later_both(monkeypatch, grown)
    assert got == want


def _shifted(sk: bytes, by: int) -> bytes:
    """``sk`` whole, its bottom hashes moved ``by`` bits up (the same order, the same ones
    equal: every count the screen makes is the same)."""
    from array import array

    values = array("Q", unpack(sk))
    n = values[nd.K]
    values[nd.K + 1:nd.K + 1 + n] = array("Q", (h << by for h in values[nd.K + 1:nd.K + 1 + n]))
    return values.tobytes()


@native
@pytest.mark.parametrize("seed", range(3))
def test_the_screen_counts_hashes_whose_low_bits_are_alike(seed: int) -> None:
    """Issue 35: the screen finds a key's hashes by their low bits; hashes whose low bits
    are all alike (each but one looked for otherwise) give the same candidates."""
    sks = _sketches(seed)
    keys = list(sks)
    dated = {k for k in keys if nd._DATED.search(str(k))}
    alike = {k: _shifted(sk, 12) for k, sk in sks.items()}
    kept_total = 0
    for key in keys[::2]:
        others = [k for k in keys if k != key]
        want = _screened(key, others, {k: unpack(sk) for k, sk in sks.items()}, 0.15, dated)
        assert want is not None
        assert _screened(key, others, alike, 0.15, dated) == want, key
        kept_total += len(want)
    assert kept_total  # (candidates kept: the counts decided something)
