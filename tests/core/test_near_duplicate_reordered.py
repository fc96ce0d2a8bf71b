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


_LIST = ("Venue budget: hall 45,000, catering 1,35,000, sound 30,000\n"
         "Venue budget:\n- hall (river side, evening): 45,000\n- catering for 300 guests: "
         "1,35,000\n- sound and lights: 30,000\nTotal 2,10,000; half paid in advance.\n")
_PROSE = ("Total 2,10,000: catering is most of it, hall and sound the rest\n"
          "The whole evening comes to about 2,10,000. Catering for 300 guests takes "
          "1,35,000; the river side hall for the evening is 45,000; sound and lights "
          "30,000. Half is paid in advance.\n")


def test_a_list_header_against_its_prose_opening_is_a_title() -> None:
    assert near_duplicate_texts([("list.md", _LIST), ("prose.md", _PROSE)])
    # another subject with one fact in common: the label still keeps them apart
    dau = "DAU = 12,400 on the web app, counted from the login events of the day.\n"
    mau = "MAU = 12,400 on the web app, counted from the login events of the month.\n"
    assert not near_duplicate_texts([("dau.md", dau), ("mau.md", mau)])


def test_a_role_restated_in_one_short_sentence_pairs() -> None:
    one = "user role\nThe user is a process engineer at the Hsinchu fab."
    again = "user role again\nUser works as process engineer, Hsinchu fab."
    assert near_duplicate_texts([("a.md", one), ("b.md", again)])
    other = "user role\nThe user is a design engineer at the Tainan fab."
    assert not near_duplicate_texts([("a.md", one), ("c.md", other)])
