"""near_duplicate on restatements that reorder a sentence's small numbers, open with another
title over the same facts, or are one short sentence (bench/RESULTS.md, "Issue 32:
near_duplicate on blind rules18, rules16 and rules19 held out"; newuser29 #26): two clauses
swapped move their small numbers among many slots agreeing; a list's header against its prose
opening holds the same facts; a role restated in six words is a memory. Examples written
here, not the blind set's text."""

from __future__ import annotations

from memtui.core.checks.near_duplicate import (
    near_duplicate_texts,
    read_sketch,
    sketch,
    slot_conflicts,
)

_DOUGH = ("Rye sourdough proofs at 26 °C for 5 hours, then rests at 4 °C for 2 days before "
          "baking at 250 °C for 45 minutes. Starter 1:5:5.\n"
          "**Why:** at 30 °C the crumb came out sour and gummy.\n"
          "**How to apply:** plan 5 hours of proofing and 2 days of rest for every bake.\n")
_DOUGH_AGAIN = ("Rye sourdough proofs at 26 °C for 5 hours, then rests 2 days at 4 °C before "
                "baking at 250 °C for 45 minutes. Starter: 1:5:5.\n"
                "**Why:** with 30 °C the crumb turned sour and gummy.\n"
                "**How to apply:** count 5 hours of proofing and 2 days of rest per bake.\n")


def _conflicts(one: str, other: str) -> tuple[int, int]:
    a, b = read_sketch(sketch(one)), read_sketch(sketch(other))
    return slot_conflicts(a[4], b[4], (a[1], b[1]), (a[2], b[2]))


def test_two_clauses_swapped_move_small_numbers_among_slots_agreeing() -> None:
    assert _conflicts(_DOUGH, _DOUGH_AGAIN)[0] == 0
    assert near_duplicate_texts([("a.md", _DOUGH), ("b.md", _DOUGH_AGAIN)])
    # a roster's weeks, few slots agreeing: still apart
    may = "May 2026 rota: week 1 Noa, week 2 Itai, week 3 Yoav, week 4 Noa.\n"
    june = "June 2026 rota: week 1 Yoav, week 2 Noa, week 3 Itai, week 4 Yoav.\n"
    assert not near_duplicate_texts([("may.md", may), ("june.md", june)])
