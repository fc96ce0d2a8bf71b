"""near_duplicate's strong slots and excused facts (bench/RESULTS.md, "blind set rules7
folded in"): two instances of one template whose values need not differ — two definitions
opening with other labels (``DAU =`` / ``MAU =``), two rules whose descriptions swap one word
in an identical frame (another approver's name, in a script without capitals) — are kept
apart by one conflict there, however alike; a rewording whose labels share a word, or whose
times carry a colon, is not. Two memories whose slots agree (two or more, none in conflict)
pair though each writes a number or two otherwise (an amount in digits and in ``m``); a
decimal and whole numbers in one context (a version, a date) are no conflict.
Examples written here, not the blind set's text: a guard, not a measure."""

from __future__ import annotations

import pytest

from memtui.core.checks.near_duplicate import (
    THRESHOLD,
    near_duplicate_texts,
    read_sketch,
    similarity,
    sketch,
    slot_conflicts,
)
from memtui.core.checks.near_duplicate_sketch import MAX_SLOTS, MAX_STRONG, slots, strong_slots

_WHY = ("Why: agreed at the metrics review in January. How to apply: exclude test accounts "
        "(`is_test = true`) and internal staff.\n")

#: (case, one, its sibling): alike on words, apart by what they are about.
_SIBLINGS = [
    ("en, another defined term",
     "DAU = distinct users with at least one login on the reference day.\n" + _WHY,
     "MAU = distinct users with at least one login in the last 30 days.\n" + _WHY),
    ("ja, another report's label",
     "週報：毎週月曜の朝に先週の売上と在庫の数字をまとめてチームのチャンネルに投稿する。"
     "数字は必ず共有シートから取る。\n",
     "月報：毎月一日の朝に先月の売上と在庫の数字をまとめてチームのチャンネルに投稿する。"
     "数字は必ず共有シートから取る。\n"),
    ("ar, another approver in the description's frame",
     "كل طلب شراء يحتاج موافقة سارة قبل الدفع\nالسبب: تكررت أخطاء في الفواتير الشهر الماضي. "
     "التطبيق: إذا طُلب مني الدفع أتحقق أولاً من وجود الموافقة في النظام.\n",
     "كل طلب شراء للأجهزة يحتاج موافقة خالد قبل الدفع\nالسبب: تكررت أخطاء في الفواتير الشهر "
     "الماضي. التطبيق: إذا طُلب مني الدفع أتحقق أولاً من وجود الموافقة في النظام.\n"),
]


@pytest.mark.parametrize(("case", "one", "other"), _SIBLINGS, ids=[s[0] for s in _SIBLINGS])
def test_one_strong_conflict_keeps_template_siblings_apart(case: str, one: str, other: str
                                                           ) -> None:
    a, b = sketch(one), sketch(other)
    assert similarity(a, b) >= THRESHOLD, case  # alike enough to pair on words alone
    conflicts, _ = slot_conflicts(read_sketch(a)[4], read_sketch(b)[4])
    assert conflicts >= 2, case
    assert not near_duplicate_texts([("a.md", one), ("b.md", other)]), case


#: (case, one, its rewording): labels sharing a word, times with a colon, a frame broken.
_REWORDED = [
    ("en, labels sharing a word",
     "Deploy window: weekdays only, never on Friday after noon; ask the on-call lead first.\n",
     "Deploy rule: only on weekdays and never on a Friday afternoon, and the on-call lead is "
     "asked first.\n"),
    ("ko, times are no labels",
     "평일 09:00–18:00, 토요일 09:00–13:00, 점심 13:00–14:00. 일요일과 공휴일은 휴진.\n",
     "운영시간: 평일 9시–6시, 토요일 9시–1시, 점심 1–2시. 일요일·공휴일 휴진.\n"),
]


@pytest.mark.parametrize(("case", "one", "other"), _REWORDED, ids=[s[0] for s in _REWORDED])
def test_a_rewording_has_no_strong_conflict(case: str, one: str, other: str) -> None:
    a, b = sketch(one), sketch(other)
    assert slot_conflicts(read_sketch(a)[4], read_sketch(b)[4])[0] == 0, case


def test_a_rewording_with_its_labels_still_pairs() -> None:
    one, other = _REWORDED[0][1], _REWORDED[0][2]
    assert near_duplicate_texts([("a.md", one), ("b.md", other)])


def test_slots_agreeing_excuse_a_number_written_otherwise() -> None:
    """Each side holds one fact the other lacks (4.500.000 against 4.5m): a conflict of
    facts, unless two slots agree and none conflicts (day 5, the code)."""
    one = ("Daycare fee for little Mia: 4.500.000 a month, paid by transfer to Northbank "
           "before day 5 of each month. Transfer note: code MIA-2 and the month.\n")
    other = ("Every month transfer 4.5m for little Mia's daycare fee through Northbank, due "
             "before day 5. The transfer note says code MIA-2 with the month.\n")
    conflicts, agrees = slot_conflicts(read_sketch(sketch(one))[4], read_sketch(sketch(other))[4])
    assert conflicts == 0 and agrees >= 2
    assert near_duplicate_texts([("a.md", one), ("b.md", other)])
    # the same pair with a third number of its own on one side: not excused
    more = other.replace("due before day 5", "due before day 5 (7 at the latest, 9 never)")
    assert not near_duplicate_texts([("a.md", one), ("b.md", more)])


def test_strong_slots_are_bounded() -> None:
    assert len(strong_slots("alpha beta gamma delta " * 500)) <= MAX_STRONG
    assert len(strong_slots("Aa bb cc dd ee ff gg hh ii jj kk ll mm: x\n")) <= MAX_STRONG
    assert strong_slots("") == [] and strong_slots("14:00 standup\n") == []
    long = "Plan A: costs ten euro a month for every seat and user " * 200
    assert len(slots(long)) <= 2 * MAX_SLOTS + MAX_STRONG


def test_a_version_and_a_date_in_one_context_do_not_conflict() -> None:
    """A decimal (a version) and whole numbers (a date's day and month) are other kinds of
    value: one text telling when, the other from which version, in one context (数据平台
    Spark 于 2024-11-20 / 从 3.3)."""
    when = ("数据平台 Spark 已升级到 3.5.1，作业要用新的 DataFrame 写法\n"
            "数据平台 Spark 于 2024-11-20 升级到 3.5.1。\n旧版 3.3 的 driver 有内存问题。\n")
    since = ("11 月 20 日 Spark 从 3.3 升到 3.5.1；新作业改用 DataFrame\n"
             "2024年11月20日，数据平台 Spark 从 3.3 升级至 3.5.1，"
             "起因是 3.3 的 driver 内存问题。\n")
    other = since.replace("3.3", "3.4")
    a, b, c = (read_sketch(sketch(t))[4] for t in (when, since, other))
    assert slot_conflicts(a, b)[0] == 0
    assert slot_conflicts(b, c)[0] >= 1  # two versions in one context: a conflict
