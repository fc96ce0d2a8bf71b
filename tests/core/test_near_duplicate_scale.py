"""near_duplicate on numbers written with a scale word, short Indic texts, Chinese numerals
beside a few digits and days of the Solar Hijri calendar (bench/RESULTS.md, "Issue 34: blind
set rules14 folded in"): “20 triệu” is 20,000,000 as ``20.000.000`` is; a Hindi note of short
words is sketched from its two-letter words; a Chinese text holding one number in digits
writes its others in numerals; ``۹ شهریور ۱۴۰۵`` is 31 August 2026. Examples written here,
not the blind set's text."""

from __future__ import annotations

import zlib

import pytest

from memtui.core.checks.near_duplicate import near_duplicate_texts, read_sketch, sketch
from memtui.core.checks.near_duplicate_notation import renotated
from memtui.core.checks.near_duplicate_sketch import FACT_MASK, WORD_BIT, _numbers
from memtui.core.checks.near_duplicate_written import scaled

_WHY = ("\n**Why:** the board decided it at the March meeting after two payments went out "
        "without anyone checking them first.\n")


def _fact(value: str) -> int:
    return zlib.crc32(value.encode()) & FACT_MASK


@pytest.mark.parametrize(("text", "digits", "value"), [
    ("Khoản chi trên 20 triệu đồng cần giám đốc duyệt", "20", "20000000"),
    ("السعر ٢١٠ آلاف دينار", "210", "210000"),
    ("Budget: 2,5 Mio. Euro", "2.5", "2500000"),
    ("Plafon Rp 10 jt per orang", "10", "10000000"),
    ("Ciro 3 bin TL altında", "3", "3000"),
    ("सालाना 4 लाख रुपये तक", "4", "400000"),
])
def test_a_digit_with_a_scale_word_is_its_value(text: str, digits: str, value: str) -> None:
    assert scaled(text) == ({digits: value}, set())
    facts = read_sketch(sketch(text + _WHY))[2]
    assert _fact(value) in facts and _fact(digits) not in facts


def test_digits_the_text_also_writes_alone_stay_a_fact() -> None:
    text = "Turnover under 5 crore; send the bills by the 5th."
    assert scaled(text) == ({}, {"50000000"})
    facts = read_sketch(sketch(text + _WHY))[2]
    assert _fact("5") in facts and _fact("50000000") | WORD_BIT in facts


@pytest.mark.parametrize("text", ["the job took 3 milliseconds", "mil 20 reais", "bin 4"])
def test_no_scale_word_after_the_digits_reads_nothing(text: str) -> None:
    assert scaled(text) == ({}, set())


def test_an_amount_with_a_scale_word_pairs_with_its_digits_and_keeps_another_apart() -> None:
    one = ("Mọi khoản thanh toán trên 50 triệu đồng phải có chữ ký của kế toán trưởng "
           "trước khi chuyển khoản cho nhà cung cấp.")
    other = ("Mọi khoản thanh toán trên 50.000.000 đồng phải có chữ ký của kế toán trưởng "
             "trước khi chuyển khoản cho nhà cung cấp.")
    assert near_duplicate_texts([("a.md", one + _WHY), ("b.md", other + _WHY)])
    third = other.replace("50.000.000", "80.000.000")
    assert not near_duplicate_texts([("a.md", one + _WHY), ("c.md", third + _WHY)])


def test_a_short_hindi_note_is_sketched_from_its_short_words() -> None:
    one = "रिपोर्ट नीले पेन से, हर पेज पर नाम और तारीख\nहर पेज पर नाम लिखें, नीला पेन ही लें।"
    other = "नीला पेन; हर पेज पर नाम और तारीख\nपेन: नीला। हर पेज पर नाम और तारीख लिखें।"
    assert sketch(one) and sketch(other)
    assert near_duplicate_texts([("a.md", one), ("b.md", other)])


def test_numerals_beside_a_year_in_digits_are_read() -> None:
    text = ("民國115年六月底以前，十二家客戶的申報要全部送出。\n"
            "會計師在五月份結束前就要拿到帳冊。")
    facts = read_sketch(sketch(text))[2]
    assert {_fact(n) | WORD_BIT for n in ("6", "12", "5")} <= facts


def test_a_solar_hijri_day_is_its_gregorian_date() -> None:
    text = "مهلت: ۹ شهریور ۱۴۰۵ و پیش از آن ۱۲ خرداد"
    dropped, _, plain = renotated(text, _numbers(text), _numbers)
    assert {"9", "12", "1405"} <= dropped
    assert {"2026", "8", "31", "6", "2"} <= plain  # (1405-06-09 and 1405-03-12)
    text = "ثبت در ۱۴۰۴/۰۱/۰۱"
    assert {"2025", "3", "21"} <= renotated(text, _numbers(text), _numbers)[2]


_LEASE = ("قرارداد اجاره دفتر مرکزی در تاریخ {end} تمام می‌شود و تصمیم برای تمدید آن باید "
          "حداکثر تا {notice} به صاحبخانه اعلام شود؛ نامه را خانم احمدی امضا می‌کند.")


def test_a_restatement_in_the_solar_calendar_pairs_and_two_years_keep_apart() -> None:
    solar = _LEASE.format(end="۹ شهریور ۱۴۰۵", notice="۱۲ خرداد ۱۴۰۵")
    gregorian = _LEASE.format(end="31 اوت 2026", notice="2 ژوئن 2026")
    assert near_duplicate_texts([("a.md", solar), ("b.md", gregorian)])
    other_year = _LEASE.format(end="۷ شهریور ۱۴۰۴", notice="۱۰ خرداد ۱۴۰۴")
    assert not near_duplicate_texts([("a.md", solar), ("c.md", other_year)])


def test_a_numbered_lists_item_numbers_are_marked() -> None:
    steps = ("Opening a file at the office\n1. copy of the contract\n2. the client's ID\n"
             "3. the signed engagement letter\nThe file is open once all of them are in.")
    facts = read_sketch(sketch(steps + _WHY))[2]
    assert {_fact(n) | WORD_BIT for n in ("1", "2", "3")} <= facts
    assert not {_fact(n) for n in ("1", "2", "3")} & facts
    # a number the text also writes elsewhere stays a plain fact; an ordinal alone no list
    again = read_sketch(sketch(steps + " Step 3 is the one that takes longest." + _WHY))[2]
    assert _fact("3") in again and _fact("1") not in again
    ordinal = read_sketch(sketch("1. turnus: július 6-12., Zánka\n1. turnus, 50 fő" + _WHY))[2]
    assert _fact("1") in ordinal
