"""near_duplicate on restatements that move their values, reorder a numbered list or write a
measure in another unit (bench/RESULTS.md, "Issue 32: near_duplicate on blind rules15,
rules16 held out"): a slot whose numbers each side writes elsewhere is a value moved, not
another instance's; a list's item numbers are its order, no slot's value; ``8 ft`` is 2.4 m
and ``86亩`` 5.73 ha. Examples written here, not the blind set's text."""

from __future__ import annotations

from memtui.core.checks.near_duplicate import (
    near_duplicate_texts,
    read_sketch,
    sketch,
    slot_conflicts,
)

_ROAST = ("Only ship coffee roasted at most 30 days since roasting.\n"
          "**Why:** in April 2026 a buyer from Leeds posted about stale beans on Instagram; "
          "the bag was 52 days old.\n"
          "**How to apply:** Tom checks the label; bags older than 30 days go to the shop "
          "counter as house coffee, never to the web store.\n")
_ROAST_AGAIN = ("Web orders never get beans older than a month (30 days).\n"
                "**Why:** public complaint in April 2026: a Leeds buyer received a bag 52 "
                "days since roasting.\n"
                "**How to apply:** label check at packing (Tom); past the limit it goes to "
                "the shop counter.\n")


def _conflicts(one: str, other: str) -> tuple[int, int]:
    a, b = read_sketch(sketch(one)), read_sketch(sketch(other))
    return slot_conflicts(a[4], b[4], (a[1], b[1]), (a[2], b[2]))


def test_a_value_moved_within_a_restatement_is_no_conflict() -> None:
    a, b = read_sketch(sketch(_ROAST)), read_sketch(sketch(_ROAST_AGAIN))
    assert slot_conflicts(a[4], b[4], (a[1], b[1]))[0] >= 1  # one context, 30 and 52
    assert _conflicts(_ROAST, _ROAST_AGAIN)[0] == 0  # each writes the other's elsewhere
    assert near_duplicate_texts([("a.md", _ROAST), ("b.md", _ROAST_AGAIN)])


def test_another_instances_value_in_the_slot_still_keeps_apart() -> None:
    other = _ROAST_AGAIN.replace("52", "41")  # a value the first never writes
    assert _conflicts(_ROAST, other)[0] >= 1
    # small numbers move by chance (a roster's weeks): never a value moved
    may = "May 2026 rota: week 1 Noa, week 2 Itai, week 3 Yoav, week 4 Noa.\n"
    june = "June 2026 rota: week 1 Yoav, week 2 Noa, week 3 Itai, week 4 Yoav.\n"
    assert not near_duplicate_texts([("may.md", may), ("june.md", june)])


_STEPS = ("After every wedding:\n"
          "1. Same night: copy the cards to the studio NAS and the external SSD, upload to "
          "Backblaze.\n"
          "2. Within 14 days: pick the finals in Photo Mechanic, about 700 frames.\n"
          "3. Edit in Lightroom with the Tuscan Warm preset, retouch portraits only.\n"
          "4. Within 42 days: the online gallery on Pixieset, full resolution.\n")
_STEPS_AGAIN = ("After every wedding:\n"
                "1. Same night: copy the cards to the studio NAS and the external SSD, "
                "upload to Backblaze.\n"
                "2. Edit in Lightroom with the Tuscan Warm preset, retouch portraits only.\n"
                "3. Within 14 days: pick the finals in Photo Mechanic, about 700 frames.\n"
                "4. Within 42 days: the online gallery on Pixieset, full resolution.\n")


def test_a_numbered_list_reordered_is_no_other_instance() -> None:
    assert _conflicts(_STEPS, _STEPS_AGAIN)[0] == 0
    assert near_duplicate_texts([("a.md", _STEPS), ("b.md", _STEPS_AGAIN)])
    other = _STEPS_AGAIN.replace("42 days", "60 days").replace("700", "450")
    assert not near_duplicate_texts([("a.md", _STEPS), ("c.md", other)])
