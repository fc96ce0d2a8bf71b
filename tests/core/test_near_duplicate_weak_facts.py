"""near_duplicate under LOW alike: facts in common that tell nothing (section numbers, a 1-10
scale, the parts of a date, a numbering 1 to N) do not make two notes one memory (real27's
OpenClaw workspace: a design note and its table's schema, 18 % alike; a roadmap and an
action plan, 6 %)."""

from __future__ import annotations

from pathlib import Path

from memtui.core.checks.near_duplicate import FLOOR, LOW, similarity, sketch
from tests.core.helpers import make_ws, run_audit

# A design note with numbered sections, a 1-10 scale and a dated footer; the table that
# stores it, with the same scale and footer. Longer than a short rule each (not `_grown`).
DESIGN = (
    '# How the alert service is laid out\n'
    '\n'
    'A queue takes each alert and a worker sends it when it falls due.\n'
    '\n'
    '### 1. Intake\n'
    '- the web form and the chat command both write to the queue\n'
    '### 2. Storage\n'
    '- rows live in one local file, no server to run\n'
    '### 3. Urgency\n'
    '- each alert gets an urgency from 1-10, set by hand or guessed\n'
    '### 4. Sending\n'
    '- mail first, a phone message when the mail bounces\n'
    '### 5. Cleanup\n'
    '- sent alerts are archived after a month\n'
    '### Limits\n'
    '- a burst of messages from one source is folded into a digest; nobody gets woken '
    'twice by the same outage\n'
    '\n'
    '*Written: 2026-03-02*\n'
)
SCHEMA = (
    '# Alert table columns\n'
    '\n'
    '| column | meaning |\n'
    '|---|---|\n'
    '| id | row number |\n'
    '| due_at | when to send |\n'
    '| body | the text shown |\n'
    '| urgency | 1-10, higher goes out first |\n'
    '| channel | mail or phone |\n'
    '| owner | who set the alert up, a team handle |\n'
    '| tries | how often sending failed so far |\n'
    '| created_at | stamp of the insert, never updated |\n'
    '\n'
    'Indexes: due_at alone; owner with created_at for the weekly digest query.\n'
    '\n'
    '*Written: 2026-03-02*\n'
)


def _pairs(tmp_path: Path, design: str, schema: str) -> set[str]:
    ws = make_ws(tmp_path, {
        "MEMORY.md": "- [Design](memory/design.md)\n- [Table](memory/table.md)\n",
        "memory/design.md": design, "memory/table.md": schema})
    return {f.path for f in run_audit(ws).findings if f.kind == "near_duplicate"}


def test_small_numbers_and_a_date_in_common_do_not_pair_two_notes(tmp_path: Path) -> None:
    assert FLOOR <= similarity(sketch(DESIGN), sketch(SCHEMA)) < LOW
    assert _pairs(tmp_path, DESIGN, SCHEMA) == set()


def test_a_telling_fact_in_common_still_pairs_them(tmp_path: Path) -> None:
    """The same two notes naming one file and one host: facts that tell, so the pair stays."""
    tail = "Stored in `alerts.db` on `@ops-box`, checked by `alertctl verify`.\n"
    assert _pairs(tmp_path, DESIGN + tail, SCHEMA + tail) == {"memory/design.md",
                                                              "memory/table.md"}


# A shop's roadmap with a numbered list of principles and its start date; a training plan
# with numbered sections, a numbered list and its date in the title: one language, nothing
# in common but the numbering 1 to 4 and the year (a list's numbers are marked like numbers
# in words: `_items`).
ROADMAP = (
    '# 烘焙小店成长路线\n'
    '\n'
    '## 开张\n'
    '- 租下店面，办好营业执照\n'
    '- 买烤箱和冷藏柜\n'
    '\n'
    '## 稳住客源\n'
    '- 每周推出一款新面包\n'
    '- 建会员群，节日发优惠\n'
    '\n'
    '## 原则\n'
    '1. **味道优先** - 宁可少做，不做难吃的\n'
    '2. **账目清楚** - 每晚对账\n'
    '3. **听顾客的** - 差评当天回复\n'
    '4. **不贪快** - 先试卖再上架\n'
    '\n'
    '*起点：2026-03-02*\n'
)
PLAN = (
    '# 2026-03-04 店员培训安排\n'
    '\n'
    '### 1. 卫生\n'
    '每天打烊后清洗模具，地面拖两遍。\n'
    '\n'
    '### 2. 收银\n'
    '新人先跟班，再独立收款。\n'
    '\n'
    '### 3. 服务\n'
    '顾客进门要打招呼，试吃盘随时补满。\n'
    '\n'
    '### 4. 安全\n'
    '烤箱旁不放纸箱，灭火器每月检查。\n'
    '\n'
    '## 新人须知\n'
    '1. **准时到岗** - 迟到先打电话\n'
    '2. **制服干净** - 围裙每天换\n'
    '3. **手机静音** - 休息时再看\n'
    '4. **有疑问就问** - 不懂别硬做\n'
)


def test_two_notes_numbered_alike_are_no_restatement(tmp_path: Path) -> None:
    assert similarity(sketch(ROADMAP), sketch(PLAN)) < LOW
    ws = make_ws(tmp_path, {
        "MEMORY.md": "- [Roadmap](memory/roadmap.md)\n- [Training](memory/training.md)\n",
        "memory/roadmap.md": ROADMAP, "memory/training.md": PLAN})
    assert [f for f in run_audit(ws).findings if f.kind == "near_duplicate"] == []
