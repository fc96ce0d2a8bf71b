"""near_duplicate below half alike: what the facts let through (a rewording keeps its facts,
a look-alike of one template has other ones) and what they keep apart (bench/RESULTS.md,
"blind set rules3 folded in")."""

from __future__ import annotations

import zlib
from pathlib import Path

import pytest

from memtui.core.checks.near_duplicate import (
    FLOOR,
    LOW,
    THRESHOLD,
    near_duplicate_texts,
    read_sketch,
    similarity,
    sketch,
)
from memtui.core.checks.near_duplicate_sketch import FACT_MASK
from tests.core.helpers import make_ws, run_audit


def _alike(a: str, b: str) -> tuple[float, int, int, int]:
    """(similarity, facts of a, facts of b, facts in common)."""
    fa, fb = read_sketch(sketch(a))[2], read_sketch(sketch(b))[2]
    return similarity(sketch(a), sketch(b)), len(fa), len(fb), len(fa & fb)


_FACTLESS = [
    # a preference reworded, no number, code or quoted term on either side
    ("Al escribir para el cliente, usar siempre un tono cercano y tutear; nunca usar usted "
     "ni fórmulas de cortesía largas.\n",
     "El cliente prefiere que lo tuteemos y que el tono sea cercano. Evitar el usted y las "
     "fórmulas de cortesía.\n**Why:** lo pidió después de la primera reunión.\n"),
    # Vietnamese: a word is a syllable, most of them kept whole
    ("Khi trả lời người dùng, luôn viết ngắn gọn bằng tiếng Việt, không chào hỏi dài dòng "
     "và không tóm tắt lại ở cuối câu trả lời.\n",
     "Người dùng muốn câu trả lời ngắn gọn: bỏ phần chào hỏi, bỏ đoạn tóm tắt cuối, chỉ viết "
     "bằng tiếng Việt.\n**Why:** họ đọc trên điện thoại giữa các cuộc họp.\n"),
]


@pytest.mark.parametrize(("a", "b"), _FACTLESS)
def test_a_reworded_memory_without_facts_is_found_from_low(a: str, b: str) -> None:
    sim, na, nb, _ = _alike(a, b)
    assert LOW <= sim < THRESHOLD and na == nb == 0  # nothing on either side to contradict
    assert set(near_duplicate_texts([("a", a), ("b", b)])) == {"a", "b"}


def test_prose_and_a_command_block_holding_the_same_facts_are_found_from_floor() -> None:
    prose = ("数据库迁移先在预发环境执行，观察 24 小时没有报错再上线生产，回滚脚本放在 "
             "`db/rollback.sql`，负责人是 `@ops-db`。\n")
    block = ("上线顺序：\n```bash\nmake migrate ENV=staging\nsleep 24h && make migrate ENV=prod\n"
             "```\n出问题就跑 `db/rollback.sql`，等满 24 小时，找 `@ops-db`。\n")
    sim, na, nb, shared = _alike(prose, block)
    assert FLOOR <= sim < LOW and shared == na == nb == 3
    assert set(near_duplicate_texts([("a", prose), ("b", block)])) == {"a", "b"}


def _typed(name: str, kind: str, body: str) -> str:
    return f"---\nname: {name}\ndescription: {name}\nmetadata:\n  type: {kind}\n---\n{body}"


def _pairs_of_typed(tmp_path: Path, kinds: tuple[str, str], a: str, b: str) -> set[str]:
    ws = make_ws(tmp_path, {
        "MEMORY.md": "- [A](memory/a.md)\n- [B](memory/b.md)\n",
        "memory/a.md": _typed("a", kinds[0], a), "memory/b.md": _typed("b", kinds[1], b)})
    return {f.path for f in run_audit(ws).findings if f.kind == "near_duplicate"}


_COMMAND = ("Integration tests:\n```bash\ndocker compose up -d postgres\nnpm run "
            "test:integration\n```\nNever point them at `sqlite` or a mocked `pg` client; the "
            "suite reads `DATABASE_URL`.\n")
_PROSE = ("Integration tests always run against a real Postgres started with docker compose, "
          "never against a mocked database client.\n**Why:** a mocked suite passed while the "
          "production migration failed.\n")


def test_a_command_and_its_prose_of_one_type_are_found_from_low(tmp_path: Path) -> None:
    """The prose holds no fact, the command several: their one type is the fact they
    share (`kind_fact`)."""
    assert LOW <= _alike(_COMMAND, _PROSE)[0] < THRESHOLD
    assert _pairs_of_typed(tmp_path / "same", ("feedback", "feedback"), _COMMAND, _PROSE) == \
        {"memory/a.md", "memory/b.md"}
    assert _pairs_of_typed(tmp_path / "other", ("reference", "feedback"), _COMMAND,
                           _PROSE) == set()


def test_two_types_holding_the_same_facts_are_one_memory(tmp_path: Path) -> None:
    """A reference (what the export's fields are) and a project memory (which field the
    report uses) share every field's name. Their types kept them apart below ``COPY`` until
    session 39: the type is how a memory is filed, not a claim, and the blind sets' pairs of
    two types are duplicates ten times as often as look-alikes (236 of 1,419 duplicate
    pairs, 23 of 2,136 look-alike pairs; rules37's supplier note filed as a reference and
    as a project, 56 % alike, was missed so)."""
    ref = ("Export fields: `LOT_ID` the lot, `WF_NO` the wafer slot (1-25), `Y_PCT` the yield "
           "in percent, `Y_RAW` the good die count used by reports.\n")
    proj = ("The yield report uses `Y_RAW` (good die count), not `Y_PCT`; `LOT_ID` and `WF_NO` "
            "(1-25) identify the wafer in the export.\n")
    assert THRESHOLD <= _alike(ref, proj)[0] < 0.7
    assert _pairs_of_typed(tmp_path / "same", ("reference", "reference"), ref, proj) == \
        {"memory/a.md", "memory/b.md"}
    assert _pairs_of_typed(tmp_path / "other", ("reference", "project"), ref, proj) == \
        {"memory/a.md", "memory/b.md"}


def test_a_time_of_day_is_the_same_fact_on_either_clock() -> None:
    a = "Orders confirmed before 14:00 ship the same day; later ones go out the next working day.\n"
    b = ("Same-day shipping cut-off is 2 pm: anything confirmed after that leaves the next "
         "working day.\n**Why:** the courier collects at 15:30.\n")
    assert set(near_duplicate_texts([("a", a), ("b", b)])) == {"a", "b"}
    assert _alike(a, b)[3] == 1  # 14:00 is 2 (pm)
    report = "The weekly report is due at {} every Monday for the whole sales team of the north."
    assert _alike(report.format("10"), report.format("10:00"))[3] == 1


_APART = [
    # below LOW alike with no facts: the same weekday and team words, other subjects
    ("The staging database is reset every Monday; ask the data team before loading fixtures "
     "into it, they own the schedule.\n",
     "Production backups are verified every Monday by the platform team, who report failures "
     "in the incident channel.\n"),
    # below LOW alike, one fact in common: too little to back it
    ("Ask the data team before loading fixtures into the staging database; it is reset at "
     "06:00 on Mondays.\n",
     "Fixture files for the demo environment come from the seed script, which the platform "
     "group rebuilt after the 06:00 outage.\n"),
    # below LOW alike, two facts each, one in common: not every fact held
    ("Ask the data team before loading fixtures into the staging database; it is reset at "
     "06:00 on Mondays and holds the 40 GB demo.\n",
     "Fixture files for the demo environment come from the seed script, which the platform "
     "group rebuilt after the 06:00 outage of 2025.\n"),
]


@pytest.mark.parametrize(("a", "b"), _APART)
def test_below_low_the_facts_must_all_be_held(a: str, b: str) -> None:
    assert FLOOR <= _alike(a, b)[0] < LOW
    assert near_duplicate_texts([("a", a), ("b", b)]) == {}


def test_an_address_and_its_port_are_facts_written_together_or_apart() -> None:
    together = read_sketch(sketch(
        "The billing service's cache runs at `10.4.0.12:6390`; its password is kept in the "
        "team vault and rotated every month by the platform team."))[2]
    apart = read_sketch(sketch(
        "Billing cache: host 10.4.0.12, port 6390; the password sits in the team vault, "
        "rotated monthly by platform."))[2]
    assert {zlib.crc32(b"10.4.0.12") & FACT_MASK, zlib.crc32(b"6390") & FACT_MASK} <= apart \
        <= together


def test_an_indic_word_is_read_whole_not_split_at_its_vowel_signs() -> None:
    # ``\w`` does not match a vowel sign (a combining mark): without them the words stay
    # whole, and two wordings of one Hindi note share them
    one = ("घर का लोन बैंक से है; हर महीने की पाँच तारीख को ₹21,000 की किस्त कटती है। "
           "मार्च 2027 तक 96 किस्तें बाकी हैं। किस्त वेतन खाते से अपने आप कटती है, "
           "इसलिए तारीख से पहले खाते में पैसे रखना ज़रूरी है और एक दिन पहले याद दिलाना।")
    other = ("- लोन: बैंक, घर\n- किस्त: ₹21,000\n- तारीख: हर महीने की 5\n"
             "- बाकी किस्तें: 96 (मार्च 2027 तक)\n- खाता: वेतन खाता, अपने आप कटती है\n"
             "- याद दिलाना: तारीख से एक दिन पहले, खाते में पैसे ज़रूरी")
    assert sketch(one) and sketch(other)
    assert similarity(sketch(one), sketch(other)) > 0.2
