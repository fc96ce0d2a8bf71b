"""A memory restated under another type (issue 34, blind set rules12): a project note and
the reference memory that says it again as a table, or in another language for someone
else. Two types neither back a pair nor keep one apart where the facts in common tell
(`near_duplicate._typed`); where they share only small numbers, the types stay facts."""

from __future__ import annotations

from memtui.core.checks.near_duplicate import pairs, sketch

_FILLER = {
    "filler-1": ("Interns arrive on Mondays and collect their badge at the front desk.", "user"),
    "filler-2": ("Staff parking is behind the main building, on the street side.", "user"),
}


def _paired(texts: dict[str, tuple[str, str]]) -> set[frozenset[str]]:
    found = pairs({key: sketch(text, kind) for key, (text, kind) in texts.items()})
    return {frozenset((a, b)) for a, others in found.items() for _, b in others}


def test_a_project_note_and_its_reference_table_pair() -> None:
    """The same freezer limits and checks, a project note's prose against a reference
    table: other words, the same facts; the types differ."""
    texts = {
        "note": ("The walk-in freezer at the Elm Street kitchen must stay between -22 and -18 "
                 "degrees; the morning cook logs it at 07:30 and the closing cook at 21:45 "
                 "in the HACCP binder.", "project"),
        "table": ("| check | time | limit |\n|---|---|---|\n| freezer, Elm Street kitchen | "
                  "07:30 | -22 to -18 °C |\n| freezer, Elm Street kitchen | 21:45 | -22 to "
                  "-18 °C |\nRecorded in the HACCP binder.", "reference"),
        **_FILLER,
    }
    assert frozenset(("note", "table")) in _paired(texts)


def test_two_types_sharing_small_numbers_only_stay_apart() -> None:
    """A course price list and a teacher's profile hold 1, 2 and 3 both (months, levels,
    years of experience), the price list its prices of its own: two types, two memories."""
    texts = {
        "prices": ("Course prices 2026: IELTS (2 months) 14,000; Spoken English (3 months) "
                   "9,000; German A1 16,000.", "reference"),
        "teacher": ("Sneha teaches IELTS and German A1, holds Goethe B2, 3 years of "
                    "experience, evening shift.", "user"),
        **_FILLER,
    }
    assert frozenset(("prices", "teacher")) not in _paired(texts)
