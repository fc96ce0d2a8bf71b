"""near_duplicate on two memories that tell different things in nearly the same words
(newuser28 #7): a one-letter label (“Kiln B” against “Kiln C”) is a value, so two
instances of one sentence keep apart; a sentence negated on one side only is a pair that
disagrees, reported as such, not as one to merge. Examples written here."""

from __future__ import annotations

from memtui.core.checks.near_duplicate import near_duplicate_texts

_KILN = "Kiln B was fired to cone 6 on 2026-02-11 after the element swap."


def test_a_one_letter_label_tells_two_instances_apart() -> None:
    other = _KILN.replace("Kiln B", "Kiln C")
    assert not near_duplicate_texts([("b.md", _KILN), ("c.md", other)])
    # the same label on both sides: a copy, still a pair
    assert near_duplicate_texts([("b.md", _KILN), ("b2.md", _KILN + " ")])


def test_an_initial_is_no_label() -> None:
    long = ("Order the shopping list like the aisles of the shop on Via Andrea Costa: fruit "
            "and vegetables, then bread, dairy, frozen food and cleaning products last.")
    short = ("Order of the shopping list (shop on Via A. Costa): fruit and vegetables, "
             "then bread, dairy, frozen food, cleaning products last of all.")
    assert near_duplicate_texts([("a.md", long), ("b.md", short)])
