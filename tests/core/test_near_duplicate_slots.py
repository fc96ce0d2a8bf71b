"""near_duplicate's slots: two memories of one template whose values differ where the text
around them is the same (two release freezes, two monthly settlements, two price plans, a
decision and its correction, two daily logs) are look-alikes, not near-duplicates, however
alike their words; a rewording keeps its values (written otherwise: ``1.5k`` and ``1 500``,
a date in digits and in words) and still pairs (bench/RESULTS.md, "near_duplicate: structure
over phrases"). Examples written here, in the languages the blind sets' misses were in: a
guard, not a measure."""

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
from memtui.core.checks.near_duplicate_sketch import slots

#: (language, one, its sibling): the same template, other numbers or names.
_SIBLINGS = [
    ("ja",
     "リリース v2.3 のコードフリーズは 2026-03-05 18:00 から。フリーズ中は main への直接 "
     "push 禁止、修正は release ブランチにだけ入れる。担当は佐藤さん、QA 期間は 3 日間。\n",
     "リリース v2.4 のコードフリーズは 2026-04-09 18:00 から。フリーズ中は main への直接 "
     "push 禁止、修正は release ブランチにだけ入れる。担当は佐藤さん、QA 期間は 5 日間。\n"),
    ("ko",
     "3월 정산: 매출 합계 12,400,000원, 수수료 372,000원, 지급일 4월 10일. 정산서는 재무팀 공유 "
     "드라이브에 올리고 담당자에게 메일로 알린다.\n",
     "4월 정산: 매출 합계 9,850,000원, 수수료 295,500원, 지급일 5월 10일. 정산서는 재무팀 공유 "
     "드라이브에 올리고 담당자에게 메일로 알린다.\n"),
    ("zh",
     "## 2026-05-12 更新日志\n- 修复导出 CSV 时日期列错位的问题，影响版本 3.1.4\n"
     "- 数据看板加载时间从 4.2 秒降到 1.8 秒\n- 负责人：王磊，回归测试 12 项全部通过\n",
     "## 2026-05-13 更新日志\n- 修复导出 CSV 时日期列错位的问题，影响版本 3.1.5\n"
     "- 数据看板加载时间从 1.8 秒降到 1.1 秒\n- 负责人：王磊，回归测试 15 项全部通过\n"),
    ("th",
     "แพ็กเกจ Basic: ราคา 299 บาทต่อเดือน ผู้ใช้ได้สูงสุด 3 คน พื้นที่เก็บข้อมูล 50 GB "
     "ยกเลิกได้ทุกเมื่อ ชำระผ่านบัตรเครดิตหรือโอนเงิน\n",
     "แพ็กเกจ Pro: ราคา 899 บาทต่อเดือน ผู้ใช้ได้สูงสุด 10 คน พื้นที่เก็บข้อมูล 500 GB "
     "ยกเลิกได้ทุกเมื่อ ชำระผ่านบัตรเครดิตหรือโอนเงิน\n"),
    ("ar",
     "الموعد النهائي لتقديم الإقرار الضريبي للربع الأول هو 2026-04-30، والمبلغ المستحق "
     "18,500 ريال. يرسل المحاسب النسخة الموقعة إلى البريد الرسمي قبل الموعد بيومين.\n",
     "الموعد النهائي لتقديم الإقرار الضريبي للربع الثاني هو 2026-07-31، والمبلغ المستحق "
     "22,300 ريال. يرسل المحاسب النسخة الموقعة إلى البريد الرسمي قبل الموعد بيومين.\n"),
    ("en",
     "Cluster Orion runs 12 nodes of type m6i.2xlarge in eu-west-1; autoscaling stops at "
     "20 nodes. On-call for it is the platform team, paged through #ops-orion.\n",
     "Cluster Vega runs 6 nodes of type m6i.2xlarge in eu-west-1; autoscaling stops at "
     "10 nodes. On-call for it is the platform team, paged through #ops-vega.\n"),
    ("it",
     "Scadenza F24 per l'IVA di marzo: 16 aprile 2026, importo 4.820 euro. Il commercialista "
     "prepara il modello, noi paghiamo dall'home banking e archiviamo la ricevuta.\n",
     "Scadenza F24 per l'IVA di aprile: 16 maggio 2026, importo 3.910 euro. Il commercialista "
     "prepara il modello, noi paghiamo dall'home banking e archiviamo la ricevuta.\n"),
    ("ko, a decision and its correction",
     "배포 결정: 결제 서비스는 매주 목요일 14:00에 배포한다. 배포 전 스모크 테스트 필수, "
     "실패 시 즉시 롤백하고 채널에 공유한다.\n",
     "배포 결정: 결제 서비스는 매주 화요일 10:00에 배포한다. 배포 전 스모크 테스트 필수, "
     "실패 시 즉시 롤백하고 채널에 공유한다.\n"),
    ("ko, two plans' limits",
     "베이직 플랜 검색 요청 한도:\n- 초당 5회\n- 하루 800회\n- 넘으면 `429` 응답\n",
     "프로 플랜 검색 요청 한도:\n- 초당 50회\n- 하루 12,000회\n- 넘으면 `429` 응답\n"),
    ("ja, a label's value after a full-width colon",
     "図書館の開館日：\n- 本館：月曜・水曜\n- 分館（駅前・児童書コーナー）：土曜\n"
     "返却ポストは終日使える。延長は窓口で頼むこと。\n",
     "図書館の開館日（改定後）：本館：火曜・木曜、分館（駅前・児童書）：日曜。"
     "返却ポストは終日使える。延長は窓口で頼むこと。\n"),
    ("en, one command with other arguments",
     "Deploy the API to production:\n```\nkubectl rollout restart deploy/api -n prod\n```\n"
     "Run it from the ops laptop; it needs the prod kubeconfig.\n",
     "Roll the API back in production:\n```\nkubectl rollout undo deploy/api -n prod\n```\n"
     "Run it from the ops laptop; it needs the prod kubeconfig.\n"),
]


@pytest.mark.parametrize(("lang", "one", "other"), _SIBLINGS, ids=[s[0] for s in _SIBLINGS])
def test_template_siblings_are_not_near_duplicates(lang: str, one: str, other: str) -> None:
    a, b = sketch(one), sketch(other)
    # alike enough to pair on words alone: the slots keep them apart
    assert similarity(a, b) >= THRESHOLD, lang
    conflicts, agrees = slot_conflicts(read_sketch(a)[4], read_sketch(b)[4])
    assert conflicts >= 2 or (conflicts and conflicts >= agrees), (lang, conflicts, agrees)
    assert near_duplicate_texts([("a.md", one), ("b.md", other)]) == {}, lang


#: (language, one, a rewording of it): the values kept, written otherwise.
_REWORDED = [
    ("en, 1.5k and 1 500",
     "The nightly import loads about 1.5k rows from the billing export and must finish "
     "before 06:00; if it fails, rerun it by hand with `import --resume`.\n",
     "Billing export import (nightly): roughly 1 500 rows. It has to be done before 6:00 "
     "in the morning. On failure, rerun manually: `import --resume`.\n"),
    ("en, a date in digits and in words",
     "The contract with Acme renews on 2026-04-30 and the notice period is 60 days; "
     "legal wants the decision by then.\n",
     "Acme contract renewal: 30 April 2026. Notice period: 60 days, so legal needs our "
     "decision before that.\n"),
    ("ja, reordered",
     "週次レポートは毎週月曜 10:00 に `report.py` で生成し、#analytics に投稿する。\n",
     "#analytics への投稿は毎週月曜 10:00。生成には `report.py` を使う（週次レポート）。\n"),
]


@pytest.mark.parametrize(("lang", "one", "other"), _REWORDED, ids=[s[0] for s in _REWORDED])
def test_a_rewording_keeps_its_values_and_no_slot_conflicts(lang: str, one: str, other: str
                                                            ) -> None:
    a, b = sketch(one), sketch(other)
    assert slot_conflicts(read_sketch(a)[4], read_sketch(b)[4])[0] == 0, lang


def test_a_rewording_still_pairs() -> None:
    one, other = _REWORDED[1][1], _REWORDED[1][2]
    assert near_duplicate_texts([("a.md", one), ("b.md", other)])


def test_slots_are_bounded_and_read_only_the_start() -> None:
    long = "Plan A costs 10 euro. " * 2000
    assert len(slots(long)) <= 64
    assert slots("x" * 5000 + " price 10 and 20") == []
    assert slots("") == []


def test_a_sketch_is_the_same_whatever_the_hash_seed(tmp_path) -> None:
    """A sketch lives in the scan cache and is compared across processes: its bytes may not
    depend on ``PYTHONHASHSEED`` (a slot's values are a set of strings; hashed in the set's
    order, they were packed in another order per process, and past ``MAX_SLOTS`` other
    slots were kept)."""
    import hashlib
    import os
    import subprocess
    import sys

    text = ("Shop deploy rule = the release branch only, never from main\n"
            "Deploy the shop from the release branch with this command, never from main:\n"
            "```\ndeploy --env prod --tag v3 --force --dry-run --region eu-west-1\n```\n"
            "Ask Marta Kowalski before 18:00 on Friday; the window is two hours long.\n")
    (tmp_path / "t.md").write_text(text, "utf-8")
    code = ("import hashlib, sys; from memtui.core.checks.near_duplicate_sketch import sketch; "
            "print(hashlib.sha256(sketch(open(sys.argv[1], encoding='utf-8').read())).hexdigest())")
    got = {subprocess.run([sys.executable, "-c", code, str(tmp_path / "t.md")], check=True,
                          capture_output=True, text=True,
                          env={**os.environ, "PYTHONHASHSEED": seed}).stdout
           for seed in ("1", "2", "3", "4")}
    assert len(got) == 1 and hashlib.sha256(sketch(text)).hexdigest() + "\n" in got
