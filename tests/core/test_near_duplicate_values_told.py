"""What a restatement keeps and a look-alike of one template does not (blind set rules24,
bench/RESULTS.md, "Issue 34: near_duplicate on blind rules24, folded in"): a two-row table
and its sentence hold the very same facts (`near_duplicate._same_short`); a phone number in
groups after a trunk 0 is one number on both sides, whatever else either holds; a frequency
in hertz is its kilohertz too; two bodies opening with another person's name each
(`near_duplicate._named_apart`), or naming other files (`near_duplicate_sketch._file_names`),
are two records. Real files in a temp dir, each pair judged by the audit."""

from __future__ import annotations

from pathlib import Path

import pytest

from memtui.core.audit import audit


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMTUI_NO_CACHE", "1")


def _near(tmp_path: Path, memories: dict[str, tuple[str, str, str]]) -> set[str]:
    (tmp_path / "memory").mkdir()
    for name, (description, kind, body) in memories.items():
        (tmp_path / "memory" / f"{name}.md").write_text(
            f'---\nname: {name}\ndescription: "{description}"\ntype: {kind}\n---\n{body}\n',
            "utf-8")
    return {f.path for f in audit(tmp_path).findings if f.kind == "near_duplicate"}


_FEE = ("Course fee: 45 € members, 60 € others", "project",
        "For club members the pottery course is 45 €; the others pay 60 € for it.")
_TABLE = "| buyer | price |\n|---|---|\n| member | 45 |\n| non-member | {other} |"


def test_a_short_table_and_its_sentence_with_the_same_facts_are_near_duplicates(
        tmp_path: Path) -> None:
    assert _near(tmp_path, {"course-fee": _FEE, "fee-table": (
        "Pottery course fees", "reference", _TABLE.format(other=60))}) == {
        "memory/course-fee.md", "memory/fee-table.md"}


def test_a_short_table_with_another_value_stays_apart(tmp_path: Path) -> None:
    assert not _near(tmp_path, {"course-fee": _FEE, "fee-table": (
        "Pottery course fees", "reference", _TABLE.format(other=65))})


def test_a_phone_in_groups_is_one_number_whatever_else_a_side_holds(tmp_path: Path) -> None:
    assert len(_near(tmp_path, {
        "plumber": ("Roux plumbing: call before 18 h, visits Mon-Fri", "reference",
                    "Our plumber is **Roux Plomberie** (Mr Roux). Call him at 04 78 91 23 56 "
                    "before 18 h the day before.\nVisits Monday to Friday around 8 h, side door."
                    "\nCall-out fee: 60 €, waived above 300 € of work."),
        "plumber-table": ("Plumber sheet", "reference",
                          "| Item | Value |\n|---|---|\n| Plumber | Roux Plomberie, Mr Roux |\n"
                          "| Phone | 04 78 91 23 56, before 18h the day before |\n"
                          "| Days | Mon to Fri |\n| Time | about 8h, side door |\n"
                          "| Call-out | 60 € (+0 € above 300 € of work) |"),
    })) == 2


def test_a_frequency_in_hertz_is_its_kilohertz_too(tmp_path: Path) -> None:
    assert len(_near(tmp_path, {
        "capture": ("96 kHz / 24 bits, Scarlett 4i4", "reference",
                    "We capture at 96 kHz and 24 bits on the Focusrite Scarlett 4i4 with Rode "
                    "NT1 microphones.\nThe raw take should peak around -6 dBFS before editing."),
        "capture-config": ("Capture settings as a block", "reference",
                           "```\ninterface:  Focusrite Scarlett 4i4\nmicrophone: Rode NT1\n"
                           "peak:       -6 dBFS (raw)\nformat:     24-bit / 96000 Hz\n```"),
    })) == 2


def test_two_people_of_one_frame_named_at_the_start_are_two_records(tmp_path: Path) -> None:
    assert not _near(tmp_path, {
        "guard-lucia": ("Night shift, pharmacy", "user",
                        "Lucia: nurse, night shift (from 22 to 6).\nLooks after the pharmacy."),
        "guard-marco": ("Day shift, front desk", "user",
                        "Marco: nurse, day shift (from 6 to 22).\nLooks after the front desk."),
    })


def test_two_records_naming_other_files_are_two_records(tmp_path: Path) -> None:
    assert not _near(tmp_path, {
        "client-harbour": ("Harbour office billing", "reference",
                           "Billing for the harbour office: one invoice at the end of the "
                           "month, its own term list (terms-harbour.xlsx)."),
        "client-clinic": ("Clinic billing", "reference",
                          "Billing for the clinic: one invoice for each order, a medical term "
                          "list (terms-clinic.xlsx)."),
    })
