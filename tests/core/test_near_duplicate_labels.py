"""near_duplicate on two memories that tell different things in nearly the same words
(newuser28 #7): a one-letter label (“Kiln B” against “Kiln C”) is a value, so two
instances of one sentence keep apart; a sentence negated on one side only is a pair that
disagrees, reported as such, not as one to merge; two records of one template whose
identifier fields differ (real29) keep apart. Examples written here."""

from __future__ import annotations

from pathlib import Path

from memtui.core.audit import AuditOptions, Auditor
from memtui.core.checks.near_duplicate import near_duplicate_texts
from memtui.core.checks.near_duplicate_negation import Disagreeing, disagree
from memtui.core.workspace import open_workspace

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


def test_a_sentence_negated_on_one_side_disagrees() -> None:
    yes = "We use Sheets for the monthly stock report, exported from the ERP every Friday."
    no = "We do not use Sheets for the monthly stock report, exported from the ERP every Friday."
    assert disagree(yes, no) and disagree(no, yes)
    assert disagree("Wir nutzen Sheets für den Monatsbericht aus dem ERP.",
                     "Wir nutzen Sheets nicht für den Monatsbericht aus dem ERP.")
    assert disagree("仓库周五盘点，结果发给采购。", "仓库周五不盘点，结果发给采购。")
    found = near_duplicate_texts([("yes.md", yes), ("no.md", no)])
    assert isinstance(found["yes.md"][0][0], Disagreeing)


def test_a_copy_that_adds_a_negated_sentence_agrees() -> None:
    base = "We use Sheets for the monthly stock report, exported from the ERP every Friday."
    grown = base + " Never edit the export by hand."
    assert not disagree(base, grown)
    assert not disagree(base, base.replace("monthly", "month's"))
    found = near_duplicate_texts([("a.md", base), ("b.md", grown)])
    assert found and not isinstance(found["a.md"][0][0], Disagreeing)


def _memory(folder: Path, name: str, body: str) -> None:
    (folder / "memory" / f"{name}.md").write_text(
        f"---\nname: {name}\ndescription: stock report tool\nmetadata:\n  type: project\n"
        f"---\n{body}\n", "utf-8")


def test_the_audit_says_keep_the_right_one(tmp_path: Path) -> None:
    (tmp_path / "memory").mkdir()
    (tmp_path / "MEMORY.md").write_text("- [yes](memory/yes.md) — stock report tool\n"
                                        "- [no](memory/no.md) — stock report tool\n", "utf-8")
    _memory(tmp_path, "yes", "We use Sheets for the monthly stock report, exported from the "
                             "ERP every Friday.")
    _memory(tmp_path, "no", "We do not use Sheets for the monthly stock report, exported "
                            "from the ERP every Friday.")
    findings = Auditor(open_workspace(tmp_path), AuditOptions()).run().findings
    # (session 32: a sentence negated on one side is a contradiction, its own rule)
    assert not [f for f in findings if f.kind == "near_duplicate"]
    found = [f for f in findings if f.kind == "contradiction"]
    assert {f.path for f in found} == {"memory/yes.md", "memory/no.md"}
    for f in found:
        assert "negated on one side only" in f.message and "which is right" in f.message
        assert "merge" not in f.message



_PROFILE = ("# {name}\nChat ID: {uid}\nRole: {role}\nCompany: Northwind Labs\n"
            "Last updated: 2026-05-03\nLast seen: 2026-05-03\n\n## Confirmed facts\n"
            "<!-- Facts need current evidence from chat messages. -->\n\n"
            "## Pending confirmation\n<!-- Facts seen once: confirmed after 2+ sightings "
            "within 14 days -->\n- 2026-04-30 (1x seen): {f1}\n- 2026-05-02 (1x seen): {f2}\n"
            "- 2026-05-03 (1x seen): {f3}\n\n"
            "## Stale (not seen 30+ days)\n<!-- Moved here by the weekly review -->\n\n"
            "## Manual overrides (protected, never auto-deleted)\n"
            "<!-- Add manual facts here only when a human sets them. -->\n")


def test_one_key_with_another_identifier_keeps_two_records_apart() -> None:
    one = _PROFILE.format(name="Ada Quist", uid="U07QX2LM4KD", role="Designer",
                          f1="Shared the new logo drafts in the design channel.",
                          f2="Asked for a review of the landing page.",
                          f3="Uploaded the icon set.")
    other = _PROFILE.format(name="Bo Lindqvist", uid="U05RT8HN2ZA", role="Sales lead",
                            f1="Sent the pricing table to two customers.",
                            f2="Asked Ada Quist for the landing page review.",
                            f3="Booked the trade fair stand.")
    assert not near_duplicate_texts([("people/ada.md", one), ("people/bo.md", other)])
    # the same record written twice (one identifier): a pair
    again = one.replace("Uploaded the icon set.", "Uploaded the icon set to the drive.")
    assert near_duplicate_texts([("people/ada.md", one), ("people/ada2.md", again)])
