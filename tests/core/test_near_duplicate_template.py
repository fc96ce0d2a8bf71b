"""Text that many memories of one workspace share is template, not content
(`memtui.core.checks.near_duplicate_template`; issue 34, blind set rules10)."""

from __future__ import annotations

import random

import pytest

from memtui.core.checks import near_duplicate as nd
from memtui.core.checks import near_duplicate_template as tp
from memtui.core.checks.near_duplicate_template import Template

LINE = "Source: Dan, noted during the evening admin session."
BODIES = [
    "Bookings from Booking.com and Airbnb are synced through Smoobu.",
    "Room 1: double, sea view, 95 euro a night in July and August.",
    "Room 2: double, garden view, 75 euro a night in July and August.",
    "The ferry from Piraeus leaves at 07:25 and arrives at 13:10.",
    "Breakfast is served on the terrace from eight to half past ten.",
    "Guests leave the keys in the box by the door when they check out.",
    "The boiler is serviced every spring by Nikos from the village.",
    "Towels are changed every third day unless a guest asks sooner.",
]


def _workspace(bodies: list[str] = BODIES) -> dict[str, bytes]:
    return {f"m{i}": nd.sketch(f"{b}\n{LINE}\n", "reference") for i, b in enumerate(bodies)}


def test_a_line_most_memories_share_pairs_none_of_them(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    """Eight one-line memories with the workspace's provenance line: 28-41 % alike through
    it, a type in common backing them, every one paired with every other; left out, none."""
    sketches = _workspace()
    assert nd.pairs(sketches) == {}
    assert nd.Buckets(sketches).found() == {}
    monkeypatch.setattr(tp, "AT_LEAST", 10 ** 6)  # no template: what the rule said before
    assert len(nd.pairs(sketches)) == len(BODIES)


def test_a_copy_among_them_is_still_one() -> None:
    bodies = [*BODIES, BODIES[4].replace("served", "laid out")]
    found = nd.pairs(_workspace(bodies))
    assert set(found) == {"m4", "m8"} and found["m4"][0][1] == "m8"
    assert found["m4"][0][0] > nd.THRESHOLD


def test_a_cluster_of_copies_past_the_share_stays_a_cluster() -> None:
    """Six copies of one memory among nine: their words are held by two thirds of the
    workspace, by the very same memories, yet they are its content: nothing else is left
    on either side, so they are compared as written."""
    one = ("The staging database is restored from the nightly dump every Monday at 06:00 "
           "by the on-call engineer, and the restore is logged in the ops channel.")
    texts = {f"c{i}": one for i in range(6)}
    texts.update({"a": "Invoices are paid within thirty days of receipt by bank transfer.",
                  "b": "The office is closed on public holidays and the first of May.",
                  "c": "Laptops are returned to IT on the last working day, wiped."})
    found = nd.near_duplicate_texts(texts.items())
    assert set(found) == {f"c{i}" for i in range(6)}
    assert all(len(found[f"c{i}"]) == 5 for i in range(6))


def test_common_words_of_a_domain_are_not_template() -> None:
    """Words most memories hold, each by its own few (a library's “books”, “members”), are
    content: only a run held by the very same memories is template."""
    bottoms = [[1, 2, 3, 10 + i, 20 + i] for i in range(6)] + [[1, 2, 30, 31]] * 2 \
        + [[3, 40, 41]] * 2
    assert tp.template_hashes(bottoms, len(bottoms)) == frozenset()
    line = [[100, 101, 102, 1000 + i] for i in range(6)] + [[5, 6, 7]] * 4
    assert tp.template_hashes(line, len(line)) == {100, 101, 102}
    assert tp.template_hashes(line[:3], 3) == frozenset()  # fewer than AT_LEAST hold it


def test_bits_and_sets_leave_out_the_same_template() -> None:
    """`pairs`' bits (every pair) and the sets a live auditor compares give the same
    matches with a template in the workspace, long texts (cut at ``BOTTOM``) among them."""
    rng = random.Random(3410)
    words = [f"w{i}x" for i in range(400)]
    texts = {}
    for i in range(60):
        size = rng.choice((6, 12, 40, 200))
        body = " ".join(rng.choice(words[:rng.choice((30, 400))]) for _ in range(size))
        texts[f"k{i:02}"] = body + (f"\n{LINE}" if i % 3 else "") + f" {rng.randrange(40)}"
        if i % 9 == 8:
            texts[f"k{i:02}"] = texts[f"k{i - 1:02}"] + " more"
    sketches = {k: nd.sketch(t, "project") for k, t in texts.items()}
    keys = [k for k, sk in sketches.items() if sk]
    bits = nd._bitmaps(sketches, keys)
    template = Template([list(nd._bottom(sketches[k])) for k in keys])
    assert template.hashes()
    found = 0
    for i, key in enumerate(keys):
        others = keys[i + 1:]
        plain = nd._matches(key, others, sketches, nd.RESTATED, set(), template=template)
        assert nd._matches(key, others, sketches, nd.RESTATED, set(), bits, template) == plain
        found += len(plain)
    assert found >= 5
    kept = nd.Buckets(sketches)
    assert {k: kept.pairs_of(k) for k in keys if kept.pairs_of(k)} == nd.pairs(sketches)


def test_buckets_follow_the_template_as_it_comes_and_goes() -> None:
    """A live auditor's buckets give what `pairs` gives as the provenance line is added to
    memories one by one (the template appears at half of them) and taken away again."""
    rng = random.Random(3411)
    plain = {f"m{i}": f"{b}\n" for i, b in enumerate(BODIES)}
    plain["m8"] = BODIES[4].replace("served", "laid out") + "\n"
    sketches = {k: nd.sketch(t, "reference") for k, t in plain.items()}
    kept = nd.Buckets(sketches)
    found = kept.found()
    seen = set()
    for _ in range(40):
        key = rng.choice(sorted(plain))
        lined = rng.random() < 0.6
        sketches[key] = nd.sketch(plain[key] + (LINE + "\n" if lined else ""), "reference")
        for k in kept.update({key: sketches[key]}):
            others = kept.pairs_of(k)
            if others:
                found[k] = others
            else:
                found.pop(k, None)
        assert found == nd.pairs(sketches), key
        seen.add(bool(kept.template and kept.template.hashes()))
    assert seen == {True, False}
