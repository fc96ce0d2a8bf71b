"""Two memories that contradict each other (newuser29 #10): the same text with another value in
one place is reported as a ``contradiction`` (which one is right?), never merged, never
silent; two places changed, a name changed, or a sentence added is none. Examples written
here (a structure: one value changed in a text of many words), not a blind set's text."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.checks.near_duplicate import near_duplicate_texts
from memtui.core.checks.near_duplicate_conflict import Contradicting, contradicts
from memtui.core.workspace import open_workspace

_RULE = ("The torque for the M8 flange bolts on the pump skid is 24 Nm, tightened in a star "
         "pattern in two passes; log the wrench serial in the maintenance sheet and have "
         "the second fitter check every bolt before the line is filled.")


def test_one_value_changed_contradicts() -> None:
    other = _RULE.replace("24 Nm", "28 Nm")
    assert contradicts(_RULE, other) == "24 / 28"
    found = near_duplicate_texts([("a.md", _RULE), ("b.md", other)])
    assert isinstance(found["a.md"][0][0], Contradicting)
    assert isinstance(found["b.md"][0][0], Contradicting)
    # a date in another place, a description reworded: still one place in the body
    assert contradicts("Flange bolts\n" + _RULE, "Pump skid torque\n" + other) == "24 / 28"
    sim = found["a.md"][0][0]
    assert pickle.loads(pickle.dumps(sim)).values == sim.values  # type: ignore[attr-defined]


def test_two_places_a_name_or_a_sentence_is_no_contradiction() -> None:
    twice = _RULE.replace("24 Nm", "28 Nm").replace("two passes", "3 passes")
    assert contradicts(_RULE, twice) is None  # a template's other instance
    named = _RULE.replace("24 Nm", "28 Nm").replace("pump skid", "Kiln skid")
    assert contradicts(_RULE, named) is None
    assert contradicts(_RULE, _RULE.replace("M8", "M10")) == "m10 / m8"
    grown = _RULE + " The torque changed in 2025."
    assert contradicts(_RULE, grown) is None
    assert contradicts("Port 8080.", "Port 9090.") is None  # a label, not a claim
    # the same text twice: a copy, a near_duplicate
    found = near_duplicate_texts([("a.md", _RULE), ("b.md", _RULE + " ")])
    assert found and not isinstance(found["a.md"][0][0], Contradicting)


def _memory(folder: Path, name: str, body: str) -> None:
    (folder / "memory" / f"{name}.md").write_text(
        f"---\nname: {name}\ndescription: flange torque {name}\nmetadata:\n  type: project\n"
        f"---\n{body}\n", "utf-8")


def test_the_audit_reports_a_contradiction_on_both_files(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text("- [a](memory/a.md) — torque\n"
                                        "- [b](memory/b.md) — torque\n", "utf-8")
    _memory(tmp_path, "a", _RULE)
    _memory(tmp_path, "b", _RULE.replace("24 Nm", "28 Nm"))
    report = Auditor(open_workspace(tmp_path), AuditOptions()).run()
    found = [f for f in report.findings if f.kind in ("contradiction", "near_duplicate")]
    assert {(f.kind, f.path) for f in found} == {("contradiction", "memory/a.md"),
                                                  ("contradiction", "memory/b.md")}
    for f in found:
        assert "(24 / 28)" in f.message or "(28 / 24)" in f.message
        assert "which is right" in f.message and "merge" not in f.message
        assert f.severity == "warning"
    json.dumps([f.message for f in found])


def test_a_copy_with_a_clause_more_and_another_value_contradicts() -> None:
    short = "绿豆进货价\n绿豆从「北山粮行」进货，价格 6.5 元/公斤，每袋 25 公斤，周一送货。"
    longer = "绿豆进货价\n绿豆从「北山粮行」进货，价格 8 元/公斤，每袋 25 公斤，周一送货，现结。"
    assert contradicts(short, longer) == "6.5 / 8"
    found = near_duplicate_texts([("a.md", short), ("b.md", longer)])
    assert found and all(isinstance(s, Contradicting) for s, _ in found["a.md"])


def test_one_value_rounded_is_no_contradiction() -> None:
    one = ("stock\nThe cold room holds 1,240 vials on racks A to D; count them every Monday "
           "and report the total to the lab manager.")
    rounded = one.replace("1,240", "1.2k")
    assert contradicts(one, rounded) is None
    assert contradicts(one, one.replace("1,240", "2,480")) == "1,240 / 2,480"


def test_two_copies_pointing_to_another_note_are_copies_not_a_contradiction() -> None:
    """A wikilink's or a link's target holds a digit (``[[m12]]`` / ``[[m13]]``) but no value
    the agent is told: two copies that differ there only are near-duplicates."""
    linked = _RULE.replace("maintenance sheet", "maintenance sheet (see [[m12]])")
    for other in (linked.replace("m12", "m13"),
                  linked.replace("[[m12]]", "[[m13|the sheet]]")):
        assert contradicts(linked, other) is None
        found = near_duplicate_texts([("a.md", linked), ("b.md", other)])
        assert found and not isinstance(found["a.md"][0][0], Contradicting)
    pointed = _RULE.replace("maintenance sheet", "[sheet](memory/m12.md)")
    assert contradicts(pointed, pointed.replace("m12", "m14")) is None
    assert contradicts(pointed, pointed.replace("24 Nm", "28 Nm")) == "24 / 28"


_CLAIM = ("Shrinkage\nOur B7 stoneware body shrinks 12 % from wet to the final glaze firing, "
          "measured on ten test bars from the spring delivery; size every lid and gallery "
          "with that figure before throwing.")


def test_a_claim_restated_around_another_value_contradicts() -> None:
    """The same claim with another value, restated in new words and with a clause more (a
    pair under COPY alike, kept apart by its value), is a contradiction; one word swapped
    in the frame (a name: another instance) or a number added besides is none."""
    again = ("Shrinkage remeasured\nOur B7 stoneware body shrinks 14 % from wet to the final "
             "glaze firing, measured on ten test bars from the spring delivery again, which "
             "disagrees with the earlier note; size every lid and gallery with it.")
    assert contradicts(_CLAIM, again) is None  # more than one place: not as a copy
    assert contradicts(_CLAIM, again, reworded=True) == "12 / 14"
    found = near_duplicate_texts([("a.md", _CLAIM), ("b.md", again)])
    assert found and isinstance(found["a.md"][0][0], Contradicting)
    assert found["a.md"][0][0].values == "12 / 14"  # type: ignore[attr-defined]
    named = again.replace("B7 stoneware", "B9 stoneware").replace("spring", "autumn")
    assert contradicts(_CLAIM, named, reworded=True) is None  # two values, a name
    swapped = _CLAIM.replace("12 %", "14 %").replace("lid", "plate")
    assert contradicts(_CLAIM, swapped, reworded=True) is None  # a word in a frame
    counted = again.replace("ten test bars", "ten test bars in 6 kilns")
    assert contradicts(_CLAIM, counted, reworded=True) is None  # a number added


def test_the_message_gives_no_figure_to_read_against_the_rules() -> None:
    """newuser31 #22: "the same words (82% alike)" read against the rule's "85 % of the words"
    said the rule misfired: the pairing's measure is another one; the message gives none."""
    from memtui.core.checks.near_duplicate import pair_findings

    other = _RULE.replace("24 Nm", "28 Nm")
    found = near_duplicate_texts([("a.md", _RULE), ("b.md", other)])
    (said,) = [f for f in pair_findings("a.md", found["a.md"]) if f.kind == "contradiction"]
    assert said.message.startswith("contradicts b.md: one claim with another value (24 / 28)")
    assert "%" not in said.message
