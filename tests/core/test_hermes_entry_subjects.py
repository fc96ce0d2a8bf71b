"""newuser42 #7: Hermes ``duplicate_entry`` said "nearly the same words …, with the same
values" of entries about different services: ``The búsqueda service retries …`` and ``The
caché service retries …`` (22 warnings in a Spanish / Hindi / Korean store). A lowercase or
accented name is no capitalised word, so `entry_values` did not see it. Now by structure:
two entries that differ in one run of words only, a substitution standing before the longer
part of what both say (their subject), are two facts. The CLI as a child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from memtui.core.profiles.hermes import store_findings

ROOT = Path(__file__).resolve().parents[2]
SERVICES = ("búsqueda", "caché", "facturación", "pagos", "envíos")
PARALLEL = [f"The {s} service retries failed webhooks three times with exponential backoff."
            for s in SERVICES]
PARALLEL += [f"{s} की लॉग फ़ाइलें सात दिन तक रखी जाती हैं और फिर हटाई जाती हैं।"
             for s in SERVICES]
PARALLEL += [f"{s} 서비스는 실패한 웹훅을 지수 백오프로 세 번 다시 시도합니다." for s in SERVICES]
PARALLEL += [f"다음 주에 {s} 인증서를 갱신해야 한다." for s in SERVICES]  # (an object, SOV)


def near(findings: list) -> list:
    return [f for f in findings if f.kind == "duplicate_entry" and "nearly" in f.message]


def test_entries_about_two_subjects_are_two_facts() -> None:
    assert near(store_findings("MEMORY.md", "\n§\n".join(PARALLEL), 10_000)) == []


def test_a_reworded_copy_is_still_found() -> None:
    copies = ["Ana prefers dark mode and short answers in chat and in the editor.",
              "Ana prefers dark mode and short answers in chat and in her editor.",
              "The búsqueda service retries failed webhooks three times with backoff.",
              "The búsqueda service retries failed webhooks three times with a backoff."]
    found = near(store_findings("MEMORY.md", "\n§\n".join(copies), 10_000))
    assert [f.line for f in found] == [3, 7], found
    # the same subject written with and without its accent is one subject
    from memtui.core.profiles.hermes import differ_in_subject

    assert not differ_in_subject("The caché service retries failed webhooks.",
                                 "The Cache service retries failed webhooks.")


def test_the_audit_reports_no_near_copy_of_parallel_entries(tmp_path: Path) -> None:
    ws = tmp_path / ".hermes" / "memories"
    ws.mkdir(parents=True)
    (ws / "MEMORY.md").write_text("\n§\n".join(PARALLEL[:8]) + "\n", encoding="utf-8")
    (ws / "USER.md").write_text("Name: Ana\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "memtui", "audit", str(ws), "--json",
                          "--fail-on", "never"], capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT), "MEMTUI_NO_CACHE": "1"})
    report = json.loads(out.stdout)
    assert report["profile"] == "hermes"
    assert not [f for f in report["findings"] if f["kind"] == "duplicate_entry"], out.stdout
