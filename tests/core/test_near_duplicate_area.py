"""near_duplicate on an area written as its sides, and a value after a closed bracket
(bench/RESULTS.md, "Issue 32: near_duplicate on blind rules17"): ``40 m × 60 m`` is
2400 m², a marked fact that backs a pair where the other side writes the area, never one
side's own; ``(abierto el 4 de mayo de 2026): 50 m`` holds two groups of values, the date's and
the length's, not one; ``1,86,000`` (Indian groups) is 186000. Examples written here, not
the blind set's text."""

from __future__ import annotations

from memtui.core.checks.near_duplicate import (
    near_duplicate_texts,
    read_sketch,
    sketch,
    slot_conflicts,
)
from memtui.core.checks.near_duplicate_notation import renotated
from memtui.core.checks.near_duplicate_sketch import _numbers

_HALL = ("---\nThe sorting hall in Building C covers 1,500 m² and holds 96 pallet lanes, "
         "each lane three levels high. Supervisor: Ilse Brandt.\n")
_PLAN = ("---\nBuilding C sorting hall plan: 50 m × 30 m; inside, 96 pallet lanes of three "
         "levels. Hall supervisor Ilse Brandt.\n")


def _marked(text: str) -> set[str]:
    return renotated(text, _numbers(text), _numbers)[1]


def test_sides_give_their_area() -> None:
    assert "2400" in _marked("plan 40 m × 60 m, 180 racks")
    assert "1800" in _marked("floor 60 × 30 m")
    assert "9" in _marked("a 3x3 m room")
    assert not _marked("the 0x1F flag, 12 in March")


def test_an_area_against_its_sides_pairs() -> None:
    assert near_duplicate_texts([("hall.md", _HALL), ("plan.md", _PLAN)])


def test_another_area_keeps_apart() -> None:
    other = _PLAN.replace("50 m × 30 m", "50 m × 40 m")  # 2000 m², not the hall's 1500
    assert not near_duplicate_texts([("hall.md", _HALL), ("plan.md", other)])


_BARN = ("---\nEl establo nuevo de estabulación libre mide 2.000 m² y aloja 100 vacas "
         "lecheras, 20 m² por cabeza. Inaugurado el 4 de mayo de 2026.\n"
         "**Why:** la etiqueta del queso pide al menos 10 m² por cabeza.\n")
_BARN_PLAN = ("---\nPlano del establo de estabulación libre (inaugurado el 4 de mayo de "
              "2026): 50 m de largo por 40 m de ancho, 100 plazas para vacas lecheras. "
              "Etiqueta del queso: al menos 10 m² por cabeza.\n")


def test_a_value_after_a_closed_bracket_is_its_own_group() -> None:
    a, b = read_sketch(sketch(_BARN)), read_sketch(sketch(_BARN_PLAN))
    # the year before ``):`` and the length after it: no slot holding both (a conflict
    # with the year alone on the other side)
    assert slot_conflicts(a[4], b[4], (a[1], b[1]), (a[2], b[2]))[0] == 0
    assert near_duplicate_texts([("barn.md", _BARN), ("plan.md", _BARN_PLAN)])


def test_a_number_in_indian_groups_is_its_digits() -> None:
    assert _numbers("a credit of INR 2,45,000 for 15 days") == {"245000", "15"}
    assert _numbers("১২,৪০,০০০ টাকা") == {"1240000"}  # (Bengali digits)
    assert _numbers("12,500 and 1,234,567") == {"12500", "1234567"}  # (groups of three)
    en = ("---\nThe advance for the dyeing order: INR 2,45,000, paid by Coastal Bank, "
          "45-day terms, due 12 April 2027; the goods leave Kochi by 30 March 2027.\n")
    hi = ("---\nरंगाई ऑर्डर का अग्रिम: ₹2,45,000, कोस्टल बैंक से, 45 दिन की शर्तें, देय 12 "
          "अप्रैल 2027; माल 30 मार्च 2027 तक कोच्चि से निकलेगा।\n")
    assert near_duplicate_texts([("advance.md", en), ("advance-hi.md", hi)])
