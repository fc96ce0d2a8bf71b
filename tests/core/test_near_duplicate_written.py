"""Numbers written otherwise (`memtui.core.checks.near_duplicate_written`, issue 34, blind set
rules11): a month by its name beside a day or a year, a digit with a multiplier of Chinese,
Japanese or Korean, Korean and Thai numerals; and the pairs they, and this round's other
changes (a line or two sketched, a web address a fact, a slot's context stopping at a bold
label, `restated` asking the small numbers too), make or keep apart. Each pair test fails on
the code before the round (main 5659789)."""

from __future__ import annotations

import pytest

from memtui.core.checks.near_duplicate import pairs, sketch
from memtui.core.checks.near_duplicate_written import has_months, multiplied, written_numbers


@pytest.mark.parametrize(("text", "numbers"), [
    ("la reunión es el 14 de octubre de 2026", {"10"}),
    ("due by 3 Feb 2027", {"2"}),
    ("opened on 1 April 2026", {"4"}),
    ("dostawa do 15 kwietnia 2026", {"4"}),
    ("valitus tehtiin helmikuussa 2026", {"2"}),
    ("срок — 12 марта 2026", {"3"}),
    ("Προθεσμία: 30 Ιουνίου 2026", {"6"}),
    ("הדדליין במאי 2026", {"5"}),
    ("التسليم في شباط 2026", {"2"}),
    ("ส่งงานวันที่ 5 มี.ค. 2026", {"3"}),
])
def test_a_month_by_its_name_beside_a_day_or_a_year_is_its_number(text: str,
                                                                 numbers: set[str]) -> None:
    assert written_numbers(text) == numbers


@pytest.mark.parametrize("text", [
    "you may want to check it first",
    "the Mars rover and the march of time",
    "Jan will call back",
])
def test_a_month_s_name_without_a_number_beside_it_is_none(text: str) -> None:
    assert written_numbers(text) == set()


def test_the_month_stems_are_the_sketch_s_own() -> None:
    """The gate asks the stems the sketch's `_words` makes (folded, five letters)."""
    from memtui.core.checks.near_duplicate_sketch import _words

    for text in ("2 mars 2026", "15 kwietnia 2026", "Mayıs 2026", "Μαΐου 2026", "31 Jan"):
        assert has_months(_words(text)), text
    assert not has_months(_words("the release went out on time"))


def test_a_digit_with_a_multiplier_is_its_value() -> None:
    assert multiplied("約4万ワード、1日2千ワード") == {"4": "40000", "2": "2000"}
    assert multiplied("보증금 1,000만 원 / 월세 75만 원") == {"1000": "10000000", "75": "750000"}
    assert multiplied("第3章は6月30日") == {}


def test_korean_and_thai_numerals_holding_a_multiplier_are_numbers() -> None:
    assert written_numbers("보증금 천만 원에 월세 칠십오만 원", months=False) == {
        "10000000", "750000"}
    assert written_numbers("ราคาสี่พันห้าร้อยบาท ไม่เกินสี่สิบคน", months=False) == {"4500", "40"}
    # a numeral's syllable inside a word, or alone, is none (사이 “between”, สามารถ “can”)
    assert written_numbers("두 사이 만 원 สามารถ", months=False) == set()


def _paired(texts: dict[str, str], kind: str = "project") -> set[frozenset[str]]:
    found = pairs({key: sketch(text, kind) for key, text in texts.items()})
    return {frozenset((a, b)) for a, others in found.items() for _, b in others}


_FILLER = {
    "filler-1": "Les stagiaires arrivent le lundi et reçoivent leur badge au bureau d'accueil.",
    "filler-2": "Le parking du personnel se trouve derrière le bâtiment principal, côté rue.",
}


def test_a_note_with_iso_dates_and_its_retelling_with_month_names_pair() -> None:
    """Its dates are its facts: “2026-09-08” and “8 de septiembre de 2026” hold the same."""
    texts = {
        "iso": "XII Congreso Ibérico de Oceanografía (CIO), Vigo, 2026-09-08 a 2026-09-11. "
               "Comunicación oral aceptada el 2026-05-20.",
        "words": "Marta presentará una comunicación oral en el CIO (Congreso Ibérico de "
                 "Oceanografía, 12.ª edición) en Vigo, del 8 al 11 de septiembre de 2026; la "
                 "aceptación "
                 "llegó el 20 de mayo.",
        **_FILLER,
    }
    assert frozenset(("iso", "words")) in _paired(texts)


def test_two_roles_one_in_english_are_kept_apart_by_their_dates() -> None:
    """A role's English copy beside another role's note of one frame: the months differ
    (“1 April 2026” against ``2026-05-01``), the ranges and the manager agree."""
    texts = {
        "devops": "Вакансия Senior DevOps Engineer: Terraform и Kubernetes, вилка 38–45 тыс. "
                  "рублей, нанимающий менеджер Олег. Открыта 2026-05-01.",
        "backend-en": "Senior Backend Engineer opening (the English copy for the recruiting "
                      "agency): Go + Kubernetes, salary range 38k–45k roubles gross per "
                      "month, hiring manager Oleg, opened on 1 April 2026.",
        **_FILLER,
    }
    assert frozenset(("devops", "backend-en")) not in _paired(texts)


def test_a_line_or_two_and_its_copy_pair_and_two_lines_naming_other_pages_do_not() -> None:
    """Under ``MIN_SHINGLES`` a text is sketched from ``FEWEST`` shingles and paired only
    from ``THRESHOLD`` alike; a web address is a fact, checked even past ``COPY``."""
    short = {
        "backup": "Site on WooCommerce; nightly backup at 3 with UpdraftPlus to Google Drive.",
        "backup-copy": "The site runs on WooCommerce; a backup is taken every night at 3 am "
                       "by the UpdraftPlus plugin to Google Drive.",
        **_FILLER,
    }
    assert frozenset(("backup", "backup-copy")) in _paired(short, "reference")
    pages = {
        "prod": "Dashboards: https://grafana.example.local/d/k8s-prod — the main one for prod.",
        "stage": "Dashboards: https://grafana.example.local/d/k8s-stage — the main one for "
                 "stage.",
        **_FILLER,
    }
    assert frozenset(("prod", "stage")) not in _paired(pages, "reference")


def test_a_value_ending_a_line_before_a_bold_label_holds_no_slot_there() -> None:
    """``**How to apply:**`` opens a line of every feedback memory: a value ending the line
    before it (“(complaint 2026-01)”, “in January 2026”) is no slot of that label's."""
    texts = {
        "a": "Resident newsletters in plain language, always with a Swedish summary at the end.\n"
             "**Why:** Swedish-speaking owners live in the building (complaint 2026-01).\n"
             "**How to apply:** add the summary at the end of the newsletter.",
        "b": "Resident newsletters are written in plain language, and a Swedish summary is "
             "always added at the end.\n"
             "**Why:** the building's Swedish-speaking owners complained in 2026.\n"
             "**How to apply:** add the summary at the end of the newsletter.",
        **_FILLER,
    }
    assert frozenset(("a", "b")) in _paired(texts, "feedback")
