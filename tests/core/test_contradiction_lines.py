"""newuser35 #1, #20: a contradiction (one sentence written in two memories but for one
value) is found in every script, when one side was extended with another paragraph, and
past the near-duplicate pairing's bounds; two instances of a template stay quiet
(`memtui.core.checks.contradiction`). Synthetic workspaces, written here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memtui.cli import main
from memtui.core.checks.contradiction import CROWD, claims, contradiction_findings
from memtui.core.checks.findings import WORKSPACE

FM = "---\nname: {name}\ndescription: {desc}\ntype: project\n---\n{body}\n"

#: One sentence per script, ``{v}`` the value that differs.
SENTENCES = {
    "en": "The nightly backup of the ledger database starts at {v} and the archive job "
          "waits until it is done.",
    "zh": "倉庫存檔資料庫的夜間備份在{v}開始，歸檔作業會等它完成後再執行。",
    "ja": "在庫データベースの夜間バックアップは{v}に始まり、アーカイブ処理はその完了を待ちます。",
    "ko": "재고 데이터베이스의 야간 백업은 {v}에 시작되며 "
          "보관 작업은 그것이 끝날 때까지 기다립니다.",
    "ar": "يبدأ النسخ الاحتياطي الليلي لقاعدة بيانات المخزون في الساعة {v} وتنتظر مهمة "
          "الأرشفة حتى ينتهي.",
    "ru": "Ночное резервное копирование базы данных склада начинается в {v}, и задача "
          "архивации ждёт его завершения.",
}


def _workspace(root: Path, bodies: dict[str, str]) -> Path:
    ws = root / "memory"
    ws.mkdir()
    lines = ["# Memory index", ""]
    for i, (name, body) in enumerate(bodies.items()):
        (ws / f"{name}.md").write_text(
            FM.format(name=name, desc=f"note {i} on the stores", body=body), encoding="utf-8")
        lines.append(f"- [{name}]({name}.md) — note {i}")
    (ws / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return ws


def _contradictions(ws: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, str]]:
    main(["audit", str(ws), "--json"])
    return [f for f in json.loads(capsys.readouterr().out)["findings"]
            if f["kind"] == "contradiction"]


@pytest.mark.parametrize("script", sorted(SENTENCES))
def test_a_one_sentence_contradiction_is_found_in_every_script(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], script: str) -> None:
    s = SENTENCES[script]
    ws = _workspace(tmp_path, {"backup-a": s.format(v="01:30"),
                               "backup-b": s.format(v="03:30")})
    found = _contradictions(ws, capsys)
    assert {f["path"] for f in found} == {"backup-a.md", "backup-b.md"}, found
    assert all("01" in f["message"] and "03" in f["message"] for f in found), found


@pytest.mark.parametrize("script", sorted(SENTENCES))
def test_a_memory_extended_with_a_paragraph_still_contradicts_its_twin(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], script: str) -> None:
    s = SENTENCES[script]
    more = ("Later note: the restore drill was moved to the staging cluster, the runbook "
            "lists every step and the owner reviews it each quarter with the storage team.\n\n"
            "The drill uses the copy kept in the cold bucket, never the live volume.")
    ws = _workspace(tmp_path, {"store-x": s.format(v="2026-03-04"),
                               "store-y": s.format(v="2026-05-06") + "\n\n" + more})
    found = _contradictions(ws, capsys)
    assert {f["path"] for f in found} == {"store-x.md", "store-y.md"}, found


def test_two_instances_of_a_template_stay_quiet(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = ("Kiln {k} is fired to {c} degrees for the glaze batch and the operator logs the "
         "cone reading afterwards.")
    ws = _workspace(tmp_path, {
        "kiln-3": t.format(k=3, c=1200), "kiln-4": t.format(k=4, c=1250),
        "owner-a": "Alice owns the kiln schedule and answers the phone at 09:00 every "
                   "weekday morning for the studio.",
        "owner-b": "Bruno owns the glaze inventory and answers the phone at 10:00 every "
                   "weekday morning for the studio."})
    assert _contradictions(ws, capsys) == []


def test_two_dated_notes_stay_quiet() -> None:
    t = ("Weekly studio summary: the kilns fired {n} loads and the glaze room mixed its "
         "usual batches this week.")
    held = {"week-11.md": claims(t.format(n=41)), "week-12.md": claims(t.format(n=38))}
    assert contradiction_findings(held) == {}


def test_one_value_written_otherwise_is_no_contradiction() -> None:
    s = SENTENCES["en"]
    held = {"a.md": claims(s.format(v="08:00")), "b.md": claims(s.format(v="8:00"))}
    assert contradiction_findings(held) == {}


def test_a_claim_held_by_too_many_is_said_unchecked() -> None:
    s = SENTENCES["en"]
    held = {f"m{i:03d}.md": claims(s.format(v=f"0{i % 3}:15")) for i in range(CROWD + 2)}
    out = contradiction_findings(held)
    assert list(out) == [WORKSPACE]
    note = out[WORKSPACE][0]
    assert "not every pair compared" in note.message
    # memtui's own limit, not a fault: an info (newuser39 #26: --fail-on warning failed on
    # it), and one sentence said as one ("1 sentences … are")
    assert note.severity == "info"
    assert note.message.startswith("not every pair compared: 1 sentence with a value is each "
                                   "written in more than 12 memories"), note.message


def test_found_past_the_near_duplicate_pairings_bounds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    filler = ("Project status note {i}: the team reviewed the ticket queue, closed the stale "
              "items and moved the rest of the backlog to the next planning session.\n\n"
              "**Why:** keep the queue short.\n**How to apply:** review it each week.")
    bodies = {f"status-{i:03d}": filler.format(i=i) for i in range(340)}
    s = SENTENCES["en"] + "\n\n**Why:** keep the queue short.\n**How to apply:** review it."
    bodies["backup-a"] = s.format(v="01:30")
    bodies["backup-b"] = s.format(v="03:30")
    found = _contradictions(_workspace(tmp_path, bodies), capsys)
    assert {"backup-a.md", "backup-b.md"} <= {f["path"] for f in found}, found
