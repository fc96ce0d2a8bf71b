"""A rule whose first line another memory holds inside a longer line that goes on past the
rule's own sentence end (an exception added: “… a day ahead. Except in the first week, …”;
the rule quoted to be corrected: “The old rule «…» no longer holds: …”) is a refinement or
a contradiction of it, not the same memory said again (blind set rules21: 10 of its 14 loud
look-alike pairs). A rule restated, a **Why:** line extended, or the first line continued
without its sentence ending there, is still a near-duplicate. Real files in a temp dir."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.audit import audit

_RULE = ("---\nname: {name}\ndescription: \"{description}\"\ntype: feedback\n---\n{body}\n"
         "**Why:** {why}\n**How to apply:** {how}\n")


def _near(tmp_path: Path, memories: dict[str, tuple[str, str, str, str]]) -> set[str]:
    (tmp_path / "memory").mkdir()
    for name, (description, body, why, how) in memories.items():
        (tmp_path / "memory" / f"{name}.md").write_text(_RULE.format(
            name=name, description=description, body=body, why=why, how=how), "utf-8")
    return {f.path for f in audit(tmp_path).findings if f.kind == "near_duplicate"}


_BOOKING = "Book the X-ray diffractometer in the shared calendar at least 24 hours ahead."


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")


def test_a_rule_with_an_exception_added_on_its_line_is_no_duplicate(tmp_path: Path) -> None:
    assert not _near(tmp_path, {
        "xrd-booking": ("Book the XRD 24 hours ahead", _BOOKING,
                        "the manager prepares the sample holders in advance.",
                        "when asked to book, check the start is 24 hours away or more."),
        "xrd-booking-exception": (
            "Book the XRD 24 hours ahead, never in maintenance week",
            _BOOKING + " Except in the first week of each month: it is maintenance week.",
            "the vendor services the machine in the first week.",
            "when asked to book, check the 24 hours and that it is not the first week."),
    })


def test_a_rule_quoted_to_be_corrected_is_no_duplicate(tmp_path: Path) -> None:
    rule = "Upstairs only climbing shoes of one's own, never rented ones."
    assert not _near(tmp_path, {
        "shoes-rule": ("Upstairs only own climbing shoes", f"«{rule}»",
                       "rented shoes damage the holds.", "remind everyone buying a ticket."),
        "shoes-changed": ("Rented shoes are allowed everywhere now",
                          f"The old rule «{rule}» no longer holds: with the new rented "
                          "shoes Marco allows them upstairs too.",
                          "the new ones have clean soles.", "stop nobody at the stairs."),
    })


def test_a_rule_restated_with_its_why_extended_is_still_a_duplicate(tmp_path: Path) -> None:
    assert _near(tmp_path, {
        "glaze-rule": ("Never glaze the foot of a piece",
                       "Never put glaze on the foot of the pieces; wipe it with a sponge "
                       "before the firing.",
                       "the glaze melts and glues the piece to the shelf.",
                       "remind the students of it in the glazing instructions."),
        "glaze-rule-2": ("Wipe the foot before firing",
                         "Never put glaze on the foot of a piece; wipe it with a sponge "
                         "before firing.",
                         "the glaze melts and glues the piece to the kiln shelf.",
                         "put this warning in the glazing instructions."),
    }) == {"memory/glaze-rule.md", "memory/glaze-rule-2.md"}
