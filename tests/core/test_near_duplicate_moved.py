"""near_duplicate on restatements that move their values, reorder a numbered list or write a
measure in another unit (bench/RESULTS.md, "Issue 32: near_duplicate on blind rules15,
rules16 held out"): a slot whose numbers each side writes elsewhere is a value moved, not
another instance's; a list's item numbers are its order, no slot's value; ``8 ft`` is 2.4 m
and ``86亩`` 5.73 ha. Examples written here, not the blind set's text."""

from __future__ import annotations

import zlib

import pytest

from memtui.core.checks.near_duplicate import (
    near_duplicate_texts,
    read_sketch,
    sketch,
    slot_conflicts,
)
from memtui.core.checks.near_duplicate_notation import renotated
from memtui.core.checks.near_duplicate_sketch import FACT_MASK, WORD_BIT, _numbers

_ROAST = ("Only ship coffee roasted at most 30 days since roasting.\n"
          "**Why:** in April 2026 a buyer from Leeds posted about stale beans on Instagram; "
          "the bag was 52 days old.\n"
          "**How to apply:** Tom checks the label; bags older than 30 days go to the shop "
          "counter as house coffee, never to the web store.\n")
_ROAST_AGAIN = ("Web orders never get beans older than a month (30 days).\n"
                "**Why:** public complaint in April 2026: a Leeds buyer received a bag 52 "
                "days since roasting.\n"
                "**How to apply:** label check at packing (Tom); past the limit it goes to "
                "the shop counter.\n")


def _conflicts(one: str, other: str) -> tuple[int, int]:
    a, b = read_sketch(sketch(one)), read_sketch(sketch(other))
    return slot_conflicts(a[4], b[4], (a[1], b[1]), (a[2], b[2]))


def test_a_value_moved_within_a_restatement_is_no_conflict() -> None:
    a, b = read_sketch(sketch(_ROAST)), read_sketch(sketch(_ROAST_AGAIN))
    assert slot_conflicts(a[4], b[4], (a[1], b[1]))[0] >= 1  # one context, 30 and 52
    assert _conflicts(_ROAST, _ROAST_AGAIN)[0] == 0  # each writes the other's elsewhere
    assert near_duplicate_texts([("a.md", _ROAST), ("b.md", _ROAST_AGAIN)])


def test_another_instances_value_in_the_slot_still_keeps_apart() -> None:
    other = _ROAST_AGAIN.replace("52", "41")  # a value the first never writes
    assert _conflicts(_ROAST, other)[0] >= 1
    # small numbers move by chance (a roster's weeks): never a value moved
    may = "May 2026 rota: week 1 Noa, week 2 Itai, week 3 Yoav, week 4 Noa.\n"
    june = "June 2026 rota: week 1 Yoav, week 2 Noa, week 3 Itai, week 4 Yoav.\n"
    assert not near_duplicate_texts([("may.md", may), ("june.md", june)])


_STEPS = ("After every wedding:\n"
          "1. Same night: copy the cards to the studio NAS and the external SSD, upload to "
          "Backblaze.\n"
          "2. Within 14 days: pick the finals in Photo Mechanic, about 700 frames.\n"
          "3. Edit in Lightroom with the Tuscan Warm preset, retouch portraits only.\n"
          "4. Within 42 days: the online gallery on Pixieset, full resolution.\n")
_STEPS_AGAIN = ("After every wedding:\n"
                "1. Same night: copy the cards to the studio NAS and the external SSD, "
                "upload to Backblaze.\n"
                "2. Edit in Lightroom with the Tuscan Warm preset, retouch portraits only.\n"
                "3. Within 14 days: pick the finals in Photo Mechanic, about 700 frames.\n"
                "4. Within 42 days: the online gallery on Pixieset, full resolution.\n")


def test_a_numbered_list_reordered_is_no_other_instance() -> None:
    """No value moved between the two (no other instance of a template); but the same
    numbered steps in another order are another procedure, not a copy (ndfix31: rules19's
    look-alikes, steps whose order matters), so they are not paired either."""
    assert _conflicts(_STEPS, _STEPS_AGAIN)[0] == 0
    assert not near_duplicate_texts([("a.md", _STEPS), ("b.md", _STEPS_AGAIN)])
    other = _STEPS_AGAIN.replace("42 days", "60 days").replace("700", "450")
    assert not near_duplicate_texts([("a.md", _STEPS), ("c.md", other)])


def _fact(value: str) -> int:
    return zlib.crc32(value.encode()) & FACT_MASK


@pytest.mark.parametrize(("text", "values"), [
    ("beds of 4 ft by 8 ft, 12 in deep", {"1.2", "2.4", "30"}),
    ("茶园共86亩，古树茶12亩", {"5.73", "0.8"}),
    ("bring 5 hl of lager", {"500"}),
    ("a 20 lb bag", {"9.1"}),
])
def test_a_measure_in_another_unit_is_its_metric_value_marked(text: str, values: set[str]
                                                              ) -> None:
    _, marked, _ = renotated(text, _numbers(text), _numbers)
    assert values <= marked
    assert not _numbers(text) & marked - values  # the digits as written stay plain


def test_in_alone_is_a_word_not_inches() -> None:
    text = "paid 12 in March"
    assert renotated(text, _numbers(text), _numbers)[1] == set()


_BEDS = ("Four raised cedar beds in the back yard, each 4 ft by 8 ft and 12 in deep, built "
         "May 2024. Bed 1 tomatoes, bed 2 beans, bed 3 garlic, bed 4 squash; rotate one bed "
         "every year so tomatoes never follow tomatoes.\n")
_BEDS_METRIC = ("Garden plan in metric for the school project: four cedar beds of 1.2 m by "
                "2.4 m, 30 cm deep, built spring 2024. Bed 1 tomatoes, bed 2 beans, bed 3 "
                "garlic, bed 4 squash; each year everything moves one bed along.\n")


def test_a_plan_restated_in_metric_pairs_and_other_sizes_keep_apart() -> None:
    facts = read_sketch(sketch(_BEDS))[2]
    assert _fact("2.4") | WORD_BIT in facts and _fact("8") in facts
    assert near_duplicate_texts([("a.md", _BEDS), ("b.md", _BEDS_METRIC)])
    other = _BEDS_METRIC.replace("1.2 m by 2.4 m", "0.9 m by 1.8 m")
    assert not near_duplicate_texts([("a.md", _BEDS), ("c.md", other)])


def test_a_thai_year_without_its_marker_is_buddhist_and_written_short() -> None:
    text = "ตรวจครั้งล่าสุด 14 ก.พ. 2569 ได้ระดับดี"
    dropped, marked, _ = renotated(text, _numbers(text), _numbers)
    assert "2569" not in dropped and {"2026", "69"} <= marked  # 2569 stays a plain fact
    one = ("เทศบาลตรวจร้านปีละครั้ง ครั้งล่าสุดวันที่ 14 ก.พ. 2569 ได้ระดับดี ยังไม่ถึงดีมาก "
           "เพราะซิงค์ล้างจานอยู่ต่ำ ต้องยกให้สูงจากพื้น 60 ซม. ก่อนตรวจรอบหน้า\n")
    other = ("สรุปผลตรวจของเทศบาล (14/2/69): ร้านได้ระดับดี ยังไม่ถึงดีมาก จุดที่ขาดคือซิงค์ล้างจาน"
             "อยู่ต่ำ ต้องยกสูง 60 ซม. จากพื้นก่อนตรวจรอบหน้า ตรวจปีละครั้ง\n")
    assert near_duplicate_texts([("a.md", one), ("b.md", other)])
    assert not near_duplicate_texts([("a.md", one), ("c.md", other.replace("60", "45"))])
    facts = read_sketch(sketch(one))[2]  # the year as written a plain fact: 2568's note
    assert _fact("2569") in facts and _fact("69") | WORD_BIT in facts  # keeps apart
