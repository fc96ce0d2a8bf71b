"""near_duplicate across writing systems: what a rewording changes in how a word or a number
is written, read as the same (bench/RESULTS.md, "blind set rules4 folded in"): numbers in
groups of three, with ``k``, in another script's digits or in Chinese numerals, a time's
minutes; words with or without their accents, Arabic's attached article, the alphabets
written without spaces; handles as facts, and every fact of one side held by the other."""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest

from memtui.core.checks.near_duplicate import (
    FLOOR,
    LOW,
    near_duplicate_texts,
    read_sketch,
    similarity,
    sketch,
)
from memtui.core.checks.near_duplicate_sketch import FACT_MASK, WORD_BIT
from tests.core.helpers import make_ws, run_audit

#: Words around a number, enough for a sketch; the facts are the numbers alone.
_AROUND = ("Invoices above {} need two approvals from the finance team before the weekly "
           "payment run, and the supplier's bank details are checked against the ledger.\n")


def _facts(text: str) -> frozenset[int]:
    return read_sketch(sketch(text))[2]


def _fact(value: str) -> int:
    return zlib.crc32(value.encode()) & FACT_MASK


@pytest.mark.parametrize(("a", "b"), [
    ("12 500", "12,500"),  # a space between groups of three (French, Swedish, Russian...)
    ("12\u00a0500", "12.500"),  # a no-break space; a point (German, Vietnamese)
    ("1.234,5", "1,234.5"),
    ("3,5", "3.5"),  # a decimal comma
    ("\u0663\u0660", "30"),  # Arabic-Indic digits
    ("\uff13\uff10", "30"),  # full-width digits
])
def test_one_number_written_two_ways_is_one_fact(a: str, b: str) -> None:
    assert _facts(_AROUND.format(a)) == _facts(_AROUND.format(b))


def test_a_number_with_k_is_its_value_and_as_written() -> None:
    value, written = _facts(_AROUND.format("300.000")), _facts(_AROUND.format("300k"))
    assert value < written and _facts(_AROUND.format("300")) < written  # 300k đ, 300 kbit/s


@pytest.mark.parametrize(("a", "b"), [
    ("0.05", "0.5"),  # a decimal part keeps its zeros
    ("CAN2 250", "CAN 2250"),  # a digit glued to a name is no group of three
    ("2025 100", "2025100"),  # four digits before a space: two numbers
    ("5km", "5000"),  # ``k`` before a letter is a unit's
])
def test_numbers_that_only_look_alike_stay_two(a: str, b: str) -> None:
    assert _facts(_AROUND.format(a)) != _facts(_AROUND.format(b))


def test_a_time_is_its_hour_and_its_minutes() -> None:
    digits = "원천 테이블 적재는 매일 05:30에 끝나고 대시보드는 그 뒤에 갱신된다.\n"
    words = "원천 테이블 적재는 매일 5시 30분쯤 끝나고 대시보드는 그 뒤에 갱신된다.\n"
    assert _facts(digits) == _facts(words)


def test_chinese_numerals_are_numbers_in_a_text_without_digits() -> None:
    digits = "每章 3000 到 4000 字，手上至少保留 3 章存稿，晚上 20:00 更新。\n"
    numerals = "每章三千到四千字，手上至少保留三章存稿，晚上八點更新。\n"
    assert _facts(digits) == _facts(numerals)
    # 一 alone is a word's part (一律, 统一); a text with digits writes its numbers in them, or,
    # holding one or two (民國115年五月底), some in numerals too: those are marked (they back
    # a pair, never keep one apart; blind set rules14)
    assert _facts("提交信息一律用中文写，格式统一，由提交钩子检查，不合规就拒绝。\n") == frozenset()
    few = _facts("每章 3000 字，三章存稿，提交信息一律用中文写，由钩子检查。\n")
    assert few - _facts("每章 3000 字，存稿，提交信息用中文写，由钩子检查，不合规就拒绝。\n") == \
        {_fact("3") | WORD_BIT}
    many = "每章 3000 字，存稿 3 章、草稿 2 章，三章存稿，提交信息一律用中文写，由钩子检查。\n"
    assert all(f < WORD_BIT for f in _facts(many))


@pytest.mark.parametrize(("a", "b"), [
    # Greek: accents move with inflection, capitals drop them, a final sigma
    ("Τα μαθήματα πληρώνονται μία φορά τον μήνα, μετρητά ή με κάρτα στη γραμματεία του "
     "ωδείου, πριν από την πρώτη εβδομάδα των μαθημάτων και των εξετάσεων.\n",
     "ΤΑ ΜΑΘΗΜΑΤΑ ΠΛΗΡΩΝΟΝΤΑΙ ΜΙΑ ΦΟΡΑ ΤΟΝ ΜΗΝΑ, ΜΕΤΡΗΤΑ Η ΜΕ ΚΑΡΤΑ ΣΤΗ ΓΡΑΜΜΑΤΕΙΑ ΤΟΥ "
     "ΩΔΕΙΟΥ, ΠΡΙΝ ΑΠΟ ΤΗΝ ΠΡΩΤΗ ΕΒΔΟΜΑΔΑ ΤΩΝ ΜΑΘΗΜΑΤΩΝ ΚΑΙ ΤΩΝ ΕΞΕΤΑΣΕΩΝ.\n"),
    # Vietnamese typed without its diacritics
    ("Khách hàng ở nội thành được giao hàng miễn phí, các tỉnh khác trả phí vận chuyển "
     "theo bảng giá của hãng; đơn nhỏ thì nhắn khách trước khi đóng gói.\n",
     "Khach hang o noi thanh duoc giao hang mien phi, cac tinh khac tra phi van chuyen "
     "theo bang gia cua hang; don nho thi nhan khach truoc khi dong goi.\n"),
    # Arabic: the article and the conjunction written onto the word, vowel marks
    ("يجتمع الفريق يوماً في المكتب لمراجعة المهام والتقديرات قبل بداية الدورة، ثم يكتب "
     "المدير الملخص ويرسله إلى العملاء والشركاء بعد الاجتماع.\n",
     "يجتمع فريق يوما في مكتب لمراجعة مهام تقديرات قبل بداية دورة، ثم يكتب مدير ملخص "
     "ويرسله إلى عملاء شركاء بعد اجتماع.\n"),
])
def test_a_word_written_another_way_is_one_shingle(a: str, b: str) -> None:
    assert similarity(sketch(a), sketch(b)) == 1.0


_THAI = ("ภาพปกทุกคลิปต้องมีหน้าคนและข้อความบนปกไม่เกินสี่คำ เพราะปกที่มีหน้าคนได้ยอดคลิกสูงกว่า\n",
         "ปกคลิปต้องมีหน้าคนทุกครั้ง ข้อความบนปกสั้นไม่เกินสี่คำ ปกที่มีหน้าคนได้ยอดคลิกมากกว่า\n",
         "ส่งไฟล์งานตัดต่อให้ลูกค้าภายในห้าวันหลังถ่ายทำ และเก็บไฟล์ต้นฉบับไว้ในไดรฟ์สามเดือน\n")


def test_thai_is_read_by_its_characters() -> None:
    rule, reworded, other = _THAI
    assert sketch(rule) and sketch(other)  # no spaces between words: not one long word
    assert similarity(sketch(rule), sketch(reworded)) > 2 * similarity(sketch(rule), sketch(other))
    assert set(near_duplicate_texts([("a", rule), ("b", reworded), ("c", other)])) == {"a", "b"}


def _profile(name: str, body: str) -> str:
    return (f"---\nname: {name}\ndescription: \"colleague {name}, what they review\"\n"
            f"metadata:\n  type: reference\n---\n{body}")


_PARK = ("박 팀장: 백엔드 담당 (Go).\n리뷰에서는 에러 처리와 테스트 이름을 꼼꼼히 본다.\n"
         "Slack은 #team-backend. 근무는 평일 10:00–19:00.\n")
_CHOI = ("최 팀장: 프론트엔드 담당 (React).\n리뷰에서는 접근성과 컴포넌트 이름을 꼼꼼히 "
         "본다.\nSlack은 #team-web. 금요일은 재택 근무.\n")


def test_two_profiles_naming_other_channels_are_apart(tmp_path: Path) -> None:
    # one template, one side with times, the other none: only the handles tell them apart
    ws = make_ws(tmp_path, {
        "MEMORY.md": "- [a](memory/a.md)\n- [b](memory/b.md)\n",
        "memory/a.md": _profile("reviewer-park", _PARK),
        "memory/b.md": _profile("reviewer-choi", _CHOI)})
    found = [f for f in run_audit(ws).findings if f.kind == "near_duplicate"]
    assert found == []


def test_every_fact_of_one_side_held_by_the_other_backs_a_pair_from_floor() -> None:
    prose = ("本番の Terraform を変えるときは、まず `terraform plan` の結果を PR に貼り、チームの"
             "誰か 1 人の承認をもらってから `terraform apply` する。去年、plan を見ずに適用して"
             "パラメータグループが置き換わり、5 分間つながらなかった。出力が長いときは"
             "`-target` ではなく差分だけを抜粋する。\n")
    mixed = ("本番 env への `terraform apply` は plan output を PR comment に載せて 1 approve "
             "もらってから。過去に確認なしで apply → DB connection が 5 分落ちた。long なら "
             "diff の resource だけ paste(`-target` は NG)。\n")
    sa, sb = sketch(prose), sketch(mixed)
    fa, fb = read_sketch(sa)[2], read_sketch(sb)[2]
    assert FLOOR <= similarity(sa, sb) < LOW and fb < fa and len(fb) >= 4
    assert set(near_duplicate_texts([("a", prose), ("b", mixed)])) == {"a", "b"}
    # three facts held are not enough below LOW (a summary beside its detail)
    short = ("本番 env の `apply` は approve のあとで。`-target` は NG、5 分の outage "
             "があったので diff を必ず PR comment に貼ること。\n")
    ss = sketch(short)
    fs = read_sketch(ss)[2]
    assert fs < fa and len(fs) == 3 and FLOOR <= similarity(sa, ss) < LOW
    assert near_duplicate_texts([("a", prose), ("c", short)]) == {}


def test_a_code_span_token_is_the_same_fact_without_quotes_or_colon() -> None:
    around = ("Paper figures are written as vector PDF from matplotlib, never as PNG, with "
              "the fonts embedded: {}.\n")
    a = _facts(around.format("`pdf.fonttype: 42`"))
    b = _facts(around.format("`rcParams[\"pdf.fonttype\"] = 42`"))
    assert len(a) == 2 and a < b  # the name and 42; ``rcParams`` besides, ``=`` none
