"""near_duplicate on a value written in another notation, a synonym in a frame, a term marked
on one side only (bench/RESULTS.md, "Issue 34: blind set rules13 folded in"): a year of
another calendar is its Gregorian year, a quantity in another unit its value there, a phone
number in two formats one number; a word of a description's frame swapped for one the other
text holds is a synonym, not another instance; a code span's term the other side writes as a
plain word is no fact of one side's own. Examples written here, not the blind set's text."""

from __future__ import annotations

import zlib

import pytest

from memtui.core.checks import near_duplicate as nd
from memtui.core.checks.near_duplicate import near_duplicate_texts, read_sketch, sketch
from memtui.core.checks.near_duplicate_notation import renotated
from memtui.core.checks.near_duplicate_numbers import word_numbers
from memtui.core.checks.near_duplicate_sketch import FACT_MASK, WORD_BIT, _numbers


def _fact(value: str) -> int:
    return zlib.crc32(value.encode()) & FACT_MASK


@pytest.mark.parametrize(("text", "year", "written"), [
    ("Warehouse shut 13-15 Apr 2569 B.E. for the holiday.", "2026", "2569"),
    ("คลังปิด 13-15 เมษายน พ.ศ. 2569", "2026", "2569"),
    ("合約自民國115年起生效", "2026", "115"),
    ("合約自民國一一五年起生效 2 份", "2026", None),
    ("合約自民國一百一十五年起生效 2 份", "2026", None),
    ("คลังปิด ๑๓-๑๕ เมษายน พ.ศ. ๒๕๖๙", "2026", "2569"),
    ("契約は令和8年に更新", "2026", "8"),
    ("قرارداد در سال ۱۴۰۵ تمدید شد", "2026", "1405"),
])
def test_a_year_of_another_calendar_is_its_gregorian_year(text: str, year: str,
                                                          written: str | None) -> None:
    dropped, marked, _ = renotated(text, _numbers(text), _numbers)
    assert year in marked
    if written is None:  # (in numerals: no digits to leave out)
        return
    assert written in dropped and written in marked
    facts = read_sketch(sketch(text + "\nthe contract was renewed with every clause unchanged "
                               "after the usual review by legal"))[2]
    assert _fact(written) not in facts  # (its digits no plain fact of its own)
    assert _fact(year) | WORD_BIT in facts


@pytest.mark.parametrize(("text", "value"), [
    ("the query took 4000 ms", "4"), ("body capped at 10485760 bytes", "10"),
("keep it under 86 °F", "30"), ("keep it under 30°C", "86"),
    ("a 2048 MB volume", "2"),
])
def test_a_quantity_is_read_in_the_larger_units_too(text: str, value: str) -> None:
    dropped, marked, _ = renotated(text, _numbers(text), _numbers)
    assert value in marked and not dropped  # (as written it stays a plain fact)


def test_a_phone_number_in_two_formats_is_one_value() -> None:
    one, other = "call 052-7731490 first", "mobile: +972 52 773 1490"
    got = [renotated(t, _numbers(t), _numbers) for t in (one, other)]
    assert got[0][2] == got[1][2] == {"527731490"}
    assert {"52", "7731490"} <= got[0][0] and {"972", "1490"} <= got[1][0]


@pytest.mark.parametrize("text", ["on 2026-04-30 at 10:00 and at 14h30", "version 1.10.0",
                                  "tokens live 48 h", "wait 1500 ms",
                                  "ticket 2568 is open", "in 1404 rows"])
def test_plain_numbers_are_left_as_they_are(text: str) -> None:
    assert renotated(text, _numbers(text), _numbers) == (set(), set(), set())


def test_greek_and_hebrew_number_words() -> None:
    assert word_numbers("τέσσερα δευτερόλεπτα") == {"4"}
    assert word_numbers("תשלום של יותר מאלפיים שקל") == {"2000"}
    assert word_numbers("שלושת אלפים וחמש מאות") == {"3500"}


_BODY = ("The nightly export job {verb} the read replica, never the primary: the primary "
         "is busy with checkout traffic from 01:00. **Why:** a full export on the primary "
         "stalled orders twice in June. **How to apply:** point the job's DSN at the replica "
         "and give the job the `export_replica` role.\n")


def test_a_synonym_swapped_in_a_frame_is_no_other_instance() -> None:
    # each description's word is one the other's body says
    one = "Nightly export reads the replica only\n" + _BODY.format(verb="uses")
    other = "Nightly export uses the replica only\n" + _BODY.format(verb="reads")
    assert near_duplicate_texts([("a.md", one), ("b.md", other)])
    # another word in the frame, one the other text never holds: two instances
    third = "Nightly export skips the replica only\n" + _BODY.format(verb="reads")
    sa, sc = read_sketch(sketch(one)), read_sketch(sketch(third))
    assert nd.slot_conflicts(sa[4], sc[4], (sa[1], sc[1]))[0] >= 2


def test_a_term_marked_on_one_side_and_written_plain_on_the_other_is_no_own_fact() -> None:
    why = " A retried order without it was charged twice in the spring sale."
    one = sketch("Send an `Order-Token` header with every `retry` of an order." + why)
    other = sketch("Every retry of an order carries the Order-Token header." + why)
    a, b = read_sketch(one), read_sketch(other)
    own = a[2] - b[2]
    assert {_fact("order-token"), _fact("retry")} <= own
    assert not nd._worded(a[5], b[5], own)
    # a term the other side does not write stays a fact of its own
    third = read_sketch(sketch("Every retry of an order carries the Idempotency header."
                               + why))
    assert nd._worded(a[5], third[5], own) == {_fact("order-token")}
